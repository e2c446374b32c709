// What every school's orders hold near `now`, whatever day the data is made for (docs/business-api.md, "What
// each school holds near now"): a few orders in windows relative to `now` take a role (paid today and
// yesterday in the school's time zone, failed, refunded in each currency, a coupon used again and again,
// several courses in one order). An order already created in a role's window takes it, so a large school
// keeps its history as drawn; only a window with no order of its own (a small school) gets the latest order
// before it moved into it.
import type { Catalog } from './catalog';
import type { SchoolProfile } from './profile';
import type { Random } from './random';
import { DAY_MS, localParts, zonedTimeToUtc } from './time-zone';

const HOUR_MS = 3_600_000;

export interface OrderRole {
  /** What the role guarantees, for reading and debugging. */
  name: string;
  state: 'paid' | 'failed' | 'refunded' | 'refunding';
  /** The order is created in [from, to). */
  from: number;
  to: number;
  /** A paid order is paid before this instant (the end of its local day). */
  paidBefore: number;
  /** refunded: when the refund was done; refunding: when it was asked for. */
  refundAt?: number;
  /** Index into the school's currencies. */
  currency?: number;
  /** Index into the catalog's coupons, -1 for none (so no fixed coupon turns the order into a free one). */
  coupon: number;
  /** Two courses in the one order. */
  severalCourses?: boolean;
}

/** The last whole second before `ms`: the platform records times to the second. */
export function lastSecondBefore(ms: number): number {
  return Math.ceil(ms / 1000) * 1000 - 1000;
}

/** Local midnights starting the school's "today" (the local date of the last instant before `now`) and yesterday. */
function localDays(now: number, timeZone: string): { today: number; yesterday: number } {
  const p = localParts(now - 1, timeZone);
  return { today: zonedTimeToUtc(p.year, p.month, p.day, 0, 0, 0, timeZone), yesterday: zonedTimeToUtc(p.year, p.month, p.day - 1, 0, 0, 0, timeZone) };
}

/**
 * A coupon buyers keep using: active, percent off (so it fits every currency), no usage limit, open-ended,
 * valid for the whole last month. -1 when the school has none.
 */
function reusableCoupon(catalog: Catalog, now: number): number {
  return catalog.coupons.findIndex((c) => !c.promo && c.coupon.state === 'active' && c.coupon.kind === 'percent' && c.coupon.usage_limit === null && c.startsAtMs <= now - 30 * DAY_MS && c.endsAtMs === Infinity);
}

export function recentOrderRoles(profile: SchoolProfile, catalog: Catalog, now: number, rng: Random): OrderRole[] {
  const { today, yesterday } = localDays(now, profile.timeZone);
  const coupon = reusableCoupon(catalog, now);
  const roles: OrderRole[] = [
    { name: 'paid today', state: 'paid', from: today, to: now, paidBefore: now, coupon: -1 },
    { name: 'paid today', state: 'paid', from: today, to: now, paidBefore: now, coupon: -1 },
    { name: 'paid yesterday', state: 'paid', from: yesterday, to: today, paidBefore: today, coupon: -1 },
    { name: 'paid yesterday', state: 'paid', from: yesterday, to: today, paidBefore: today, coupon: -1 },
    { name: 'failed payment', state: 'failed', from: now - 3 * DAY_MS, to: now, paidBefore: now, coupon: -1 },
    { name: 'failed payment', state: 'failed', from: now - 3 * DAY_MS, to: now, paidBefore: now, coupon: -1 },
    { name: 'failed payment with a discount', state: 'failed', from: now - 10 * DAY_MS, to: now - DAY_MS, paidBefore: now, coupon },
    { name: 'refund asked', state: 'refunding', from: now - 20 * DAY_MS, to: now - 3 * DAY_MS, paidBefore: now, coupon: -1, refundAt: lastSecondBefore(now - HOUR_MS - rng.float() * DAY_MS) },
    { name: 'several courses', state: 'paid', from: now - 14 * DAY_MS, to: now - DAY_MS, paidBefore: now, coupon: -1, severalCourses: true },
  ];
  // A refund done in the last days in every currency the school sells in (the refund is asked for two days
  // before it is done, after the order was paid).
  for (let currency = 0; currency < 1 + profile.extraCurrencies.length; currency++) {
    roles.push({ name: 'refunded', state: 'refunded', from: now - 30 * DAY_MS, to: now - 9 * DAY_MS, paidBefore: now, currency, coupon: -1, refundAt: lastSecondBefore(now - DAY_MS - rng.float() * 4 * DAY_MS) });
  }
  for (let k = 0; k < 3; k++) roles.push({ name: 'coupon used again', state: 'paid', from: now - 28 * DAY_MS, to: now - DAY_MS, paidBefore: now, coupon });
  return roles;
}

/**
 * Gives each role one order created in its window (`createdAt` sorted ascending, changed in place: an order is
 * moved only when its role's window has none left), latest windows first. Returns the role of each order index.
 */
export function placeRecentOrders(createdAt: Float64Array, roles: readonly OrderRole[], rng: Random): Map<number, OrderRole> {
  const n = createdAt.length;
  const roleAt: (OrderRole | undefined)[] = new Array(n);
  const firstAtOrAfter = (t: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((createdAt[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const byWindow = [...roles].sort((a, b) => b.to - a.to || b.from - a.from);
  for (const role of byWindow) {
    const lo = firstAtOrAfter(role.from);
    const hi = firstAtOrAfter(role.to);
    const free: number[] = [];
    for (let i = lo; i < hi; i++) if (!roleAt[i]) free.push(i);
    if (free.length > 0) {
      roleAt[free[rng.int(free.length)]!] = role;
      continue;
    }
    // No order of its own: the latest order before the window without a role moves into it, keeping the order sorted.
    let i = lo - 1;
    while (i >= 0 && roleAt[i]) i--;
    if (i < 0) continue;
    const at = Math.min(lastSecondBefore(role.to), Math.ceil((role.from + rng.float() * (role.to - role.from)) / 1000) * 1000);
    let j = i;
    while (j + 1 < n && (createdAt[j + 1] as number) <= at) {
      createdAt[j] = createdAt[j + 1] as number;
      roleAt[j] = roleAt[j + 1];
      j++;
    }
    createdAt[j] = at;
    roleAt[j] = role;
  }
  const placed = new Map<number, OrderRole>();
  roleAt.forEach((role, i) => role && placed.set(i, role));
  return placed;
}
