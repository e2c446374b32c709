// Orders as columns: a million orders are a few dozen typed arrays, not a million objects. Index order is
// creation order (ids and trade numbers follow it); an Order object is built only when one is served.
import type { LineItem, Order } from '../../../shared/platform/resources';
import { ITEM_KINDS, iso, TICKET_SALE_DAYS, wholeSeconds, type Catalog, type CourseRecord } from './catalog';
import type { OrderCalendar } from './calendar';
import type { SchoolProfile } from './profile';
import { lastSecondBefore, type OrderRole } from './recent';
import { searchCumulative, type Random } from './random';
import { rowId, rowOf } from './row-ids';
import { SortedOrders } from './sorted-orders';
import type { StudentStore } from './students';
import { DAY_MS } from './time-zone';

export const ORDER_STATES: readonly Order['state'][] = ['not_paid', 'paid', 'expired', 'failed', 'manual_enrolled', 'refunded', 'refunding'];
const PAYMENT_METHODS: readonly Order['payment_method'][] = ['credit_card', 'atm', 'cvs', 'paypal', 'line_pay', 'apple_pay', 'free'];
export const STATE = Object.fromEntries(ORDER_STATES.map((s, i) => [s, i])) as Record<Order['state'], number>;
const METHOD = Object.fromEntries(PAYMENT_METHODS.map((s, i) => [s, i])) as Record<Order['payment_method'], number>;
const TICKET = ITEM_KINDS.indexOf('ticket');
/** The keys the orders are kept sorted by: what GET /orders sorts by, counts by and filters on. */
type SortedKey = 'created_at' | 'paid_at' | 'updated_at' | 'paid_amount' | 'state';

/** States whose orders count as sales (see docs/business-api.md). */
export const SALE_STATES: ReadonlySet<number> = new Set([STATE.paid, STATE.refunding, STATE.refunded]);

export class OrderStore {
  // Arrays, not readonly: an order created while the sandbox runs (recordCreated) grows them.
  createdAt: Float64Array;
  paidAt: Float64Array; // NaN when never paid
  updatedAt: Float64Array;
  state: Uint8Array;
  method: Uint8Array;
  currency: Uint8Array; // index into `currencies`
  original: Int32Array;
  discount: Int32Array;
  paid: Int32Array;
  refunded: Int32Array;
  coupon: Int32Array; // index into the catalog's coupons, -1 for none
  buyer: Int32Array;
  /** Items of order i are [itemStart[i], itemStart[i+1]). */
  itemStart: Uint32Array;
  itemProduct: Int32Array;
  itemOriginal: Int32Array;
  itemDiscount: Int32Array;
  itemAmount: Int32Array;

  constructor(public count: number, readonly no: number, readonly currencies: readonly string[]) {
    this.createdAt = new Float64Array(count);
    this.paidAt = new Float64Array(count).fill(NaN);
    this.updatedAt = new Float64Array(count);
    this.state = new Uint8Array(count);
    this.method = new Uint8Array(count);
    this.currency = new Uint8Array(count);
    this.original = new Int32Array(count);
    this.discount = new Int32Array(count);
    this.paid = new Int32Array(count);
    this.refunded = new Int32Array(count);
    this.coupon = new Int32Array(count).fill(-1);
    this.buyer = new Int32Array(count);
    this.itemStart = new Uint32Array(count + 1);
    const capacity = count * 4;
    this.itemProduct = new Int32Array(capacity);
    this.itemOriginal = new Int32Array(capacity);
    this.itemDiscount = new Int32Array(capacity);
    this.itemAmount = new Int32Array(capacity);
  }

  id(i: number): string {
    return rowId('ord', this.no, i);
  }

  /** Bumped by every change after generation (a refund recorded by a test), so cached query results are dropped. */
  revision = 0;

  #sorted: Record<SortedKey, SortedOrders> | null = null;

  /** The orders sorted by `key` (created_at: index order, which is creation order). Built by `sort()`, kept by every change. */
  sorted(key: SortedKey): SortedOrders {
    return (this.#sorted ??= this.sort())[key];
  }

  /** Sorts the orders by every key once (when they are generated), as a database keeps its indexes. */
  sort(): Record<SortedKey, SortedOrders> {
    const n = this.count;
    return (this.#sorted = {
      created_at: new SortedOrders((i) => i, n),
      paid_at: new SortedOrders((i) => this.paidAt[i] as number, n, 1000),
      updated_at: new SortedOrders((i) => this.updatedAt[i] as number, n, 1000),
      paid_amount: new SortedOrders((i) => this.paid[i] as number, n),
      state: new SortedOrders((i) => this.state[i] as number, n),
    });
  }

  /** Records a change to order i: its entries move in every sorted list whose key changed, and cached results go. */
  #change(i: number, apply: () => void): void {
    const sorted = this.#sorted;
    const before = sorted ? Object.values(sorted).map((s) => (s as SortedOrders).keyOf(i)) : [];
    apply();
    if (sorted) {
      Object.values(sorted).forEach((s: SortedOrders, k) => {
        if (!Object.is(s.keyOf(i), before[k])) {
          s.remove(i, before[k]!);
          s.insert(i);
        }
      });
    }
    this.revision++;
  }

  /** A refund the platform's admin made: the whole paid amount back, now. Only a paid order can be refunded. */
  recordRefund(i: number, at: number): boolean {
    if (this.state[i] !== STATE.paid) return false;
    this.#change(i, () => {
      this.state[i] = STATE.refunded;
      this.refunded[i] = this.paid[i] as number;
      this.updatedAt[i] = at;
    });
    return true;
  }

  /**
   * A new order on the platform, created now (a test's, while the app syncs): row `like`'s buyer, items and
   * coupon, created and changed at `at` and, when `paid`, paid then too. The newest order, so the next row.
   */
  recordCreated(like: number, at: number, paid: boolean): number {
    const i = this.count;
    const from = this.itemStart[like] as number;
    const items = (this.itemStart[like + 1] as number) - from;
    const itemAt = this.itemStart[i] as number;
    if (i + 1 >= this.createdAt.length) this.#grow(Math.max(16, this.createdAt.length * 2));
    if (itemAt + items > this.itemProduct.length) this.#growItems(Math.max(64, (itemAt + items) * 2));
    for (const column of [this.method, this.currency, this.original, this.discount, this.coupon, this.buyer]) column[i] = column[like] as number;
    this.itemProduct.copyWithin(itemAt, from, from + items);
    this.itemOriginal.copyWithin(itemAt, from, from + items);
    this.itemDiscount.copyWithin(itemAt, from, from + items);
    this.itemAmount.copyWithin(itemAt, from, from + items);
    this.itemStart[i + 1] = itemAt + items;
    this.createdAt[i] = at;
    this.updatedAt[i] = at;
    this.paidAt[i] = paid ? at : NaN;
    this.state[i] = paid ? STATE.paid : STATE.not_paid;
    this.paid[i] = paid ? (this.original[i] as number) - (this.discount[i] as number) : 0;
    this.refunded[i] = 0;
    this.count = i + 1;
    if (this.#sorted) for (const sorted of Object.values(this.#sorted)) sorted.insert(i);
    this.revision++;
    return i;
  }

  /** A not-paid order paid now (its paid time is now). */
  recordPaid(i: number, at: number): boolean {
    if (this.state[i] !== STATE.not_paid) return false;
    this.#change(i, () => {
      this.state[i] = STATE.paid;
      this.paidAt[i] = at;
      this.updatedAt[i] = at;
      this.paid[i] = (this.original[i] as number) - (this.discount[i] as number);
    });
    return true;
  }

  /** The payment of unpaid order i fails at `at` (the buyer's card declined): it becomes failed. */
  recordFailed(i: number, at: number): boolean {
    if (this.state[i] !== STATE.not_paid) return false;
    this.#change(i, () => {
      this.state[i] = STATE.failed;
      this.updatedAt[i] = at;
    });
    return true;
  }

  #grow(rows: number): void {
    const grown = <T extends Float64Array | Uint8Array | Int32Array | Uint32Array>(a: T, length: number, fill?: number): T => {
      const out = new (a.constructor as new (n: number) => T)(length);
      if (fill !== undefined) out.fill(fill);
      out.set(a);
      return out;
    };
    this.createdAt = grown(this.createdAt, rows);
    this.paidAt = grown(this.paidAt, rows, NaN);
    this.updatedAt = grown(this.updatedAt, rows);
    this.state = grown(this.state, rows);
    this.method = grown(this.method, rows);
    this.currency = grown(this.currency, rows);
    this.original = grown(this.original, rows);
    this.discount = grown(this.discount, rows);
    this.paid = grown(this.paid, rows);
    this.refunded = grown(this.refunded, rows);
    this.coupon = grown(this.coupon, rows, -1);
    this.buyer = grown(this.buyer, rows);
    this.itemStart = grown(this.itemStart, rows + 1);
  }

  #growItems(items: number): void {
    const grown = (a: Int32Array) => {
      const out = new Int32Array(items);
      out.set(a);
      return out;
    };
    this.itemProduct = grown(this.itemProduct);
    this.itemOriginal = grown(this.itemOriginal);
    this.itemDiscount = grown(this.itemDiscount);
    this.itemAmount = grown(this.itemAmount);
  }

  indexOf(id: string): number {
    return rowOf(id, 'ord', this.no, this.count);
  }

  tradeNumber(i: number): string {
    const d = new Date(this.createdAt[i] as number);
    const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
    return `T${this.no}${ymd}${String(i + 1).padStart(7, '0')}`;
  }

  /** Whether order i has a curriculum-plan line item of course `courseIndex`. */
  hasCourse(i: number, courseIndex: number, catalog: Catalog): boolean {
    for (let k = this.itemStart[i] as number; k < (this.itemStart[i + 1] as number); k++) {
      if (catalog.products[this.itemProduct[k] as number]?.courseIndex === courseIndex) return true;
    }
    return false;
  }

  materialize(i: number, catalog: Catalog, students: StudentStore): Order {
    const items: LineItem[] = [];
    for (let k = this.itemStart[i] as number, n = 1; k < (this.itemStart[i + 1] as number); k++, n++) {
      const product = catalog.products[this.itemProduct[k] as number]!;
      items.push({
        id: `li_${this.no}_${i + 1}_${n}`,
        kind: ITEM_KINDS[product.kind]!,
        product_id: product.productId,
        course_id: product.courseIndex >= 0 ? catalog.courses[product.courseIndex]!.course.id : null,
        name: product.name,
        original_amount: this.itemOriginal[k] as number,
        discount_amount: this.itemDiscount[k] as number,
        amount: this.itemAmount[k] as number,
      });
    }
    const couponIndex = this.coupon[i] as number;
    const coupon = couponIndex >= 0 ? catalog.coupons[couponIndex]!.coupon : null;
    const buyer = this.buyer[i] as number;
    const paidAt = this.paidAt[i] as number;
    return {
      id: this.id(i),
      trade_number: this.tradeNumber(i),
      state: ORDER_STATES[this.state[i] as number]!,
      buyer: { id: students.id(buyer), name: students.name(buyer), email: students.email(buyer) },
      payment_method: PAYMENT_METHODS[this.method[i] as number]!,
      currency: this.currencies[this.currency[i] as number]!,
      original_amount: this.original[i] as number,
      discount_amount: this.discount[i] as number,
      paid_amount: this.paid[i] as number,
      refunded_amount: this.refunded[i] as number,
      coupon: coupon ? { coupon_id: coupon.id, code: coupon.code } : null,
      items,
      created_at: iso(this.createdAt[i] as number),
      paid_at: Number.isNaN(paidAt) ? null : iso(paidAt),
      updated_at: iso(this.updatedAt[i] as number),
    };
  }
}

interface GenerateOrdersInput {
  profile: SchoolProfile;
  no: number;
  rng: Random;
  now: number;
  schoolCreated: number;
  calendar: OrderCalendar;
  catalog: Catalog;
  students: StudentStore;
  /** Orders that take a role near `now` (recent.ts), by index. */
  roles: ReadonlyMap<number, OrderRole>;
}

/** Fills the order columns in creation order, and assigns buyers (creating students as they first buy). */
export function generateOrders({ profile, no, rng, now, schoolCreated, calendar, catalog, students, roles }: GenerateOrdersInput): OrderStore {
  const count = calendar.createdAt.length;
  const currencies = [profile.currency, ...profile.extraCurrencies];
  const store = new OrderStore(count, no, currencies);
  const { products, coupons } = catalog;
  const methodTable = (list: SchoolProfile['paymentMethods']) => ({ ids: list.map(([m]) => METHOD[m]), weights: list.map(([, w]) => w) });
  const methodsHome = methodTable(profile.paymentMethods);
  const methodsAbroad = methodTable(profile.paymentMethodsAbroad ?? profile.paymentMethods);

  // Courses become sellable over time; orders are chronological, so the sellable set is a growing prefix.
  const sellable = catalog.courses.map((c, index) => ({ c, index })).filter(({ c }) => !Number.isNaN(c.sellableFrom)).sort((a, b) => a.c.sellableFrom - b.c.sellableFrom || a.index - b.index);
  const popularityCumulative = new Float64Array(sellable.length);
  let sum = 0;
  sellable.forEach(({ c }, k) => (popularityCumulative[k] = sum += c.popularity));
  const allCourses = catalog.courses.map((c, index) => ({ c, index })).filter(({ c }) => c.course.state !== 'draft');
  let sellableCount = 0;

  const promoCoupons = coupons.map((c, index) => ({ c, index })).filter(({ c }) => c.promo);
  const evergreen = coupons.map((c, index) => ({ c, index })).filter(({ c }) => !c.promo);
  const ticketOwners = catalog.events.flatMap((e) => e.tickets.map((t) => ({ e, t })));
  const saleTicketCount = new Map<number, number>();

  let nextNewStudent = 0;
  const pickBuyer = (createdAt: number): number => {
    if (nextNewStudent < students.count && (nextNewStudent === 0 || rng.chance(0.4))) {
      const s = nextNewStudent++;
      students.createdAt[s] = wholeSeconds(Math.max(schoolCreated, createdAt - rng.exponential(2 * DAY_MS)));
      return s;
    }
    // Returning buyers: more often the recent ones.
    const u = rng.float();
    return nextNewStudent - 1 - Math.floor(nextNewStudent * u * u);
  };

  let item = 0;
  const pushItem = (product: number, original: number) => {
    store.itemProduct[item] = product;
    store.itemOriginal[item] = original;
    item++;
  };
  const pickPlan = (course: CourseRecord, currency: string): number | null => {
    const plans = course.paidProducts.get(currency);
    if (!plans || plans.length === 0) return null;
    return plans.length === 1 || rng.chance(0.7) ? plans[0]! : plans[1 + rng.int(plans.length - 1)]!;
  };

  for (let i = 0; i < count; i++) {
    const t = calendar.createdAt[i] as number;
    store.createdAt[i] = t;
    while (sellableCount < sellable.length && sellable[sellableCount]!.c.sellableFrom <= t) sellableCount++;
    const role = roles.get(i);
    // A role's order takes the draws its drawn state takes, so the orders after it stay as drawn (unless that
    // state was a manual enrollment, which draws fewer).
    const drawnCurrency = currencies.length > 1 && rng.chance(profile.extraCurrencyShare) ? 1 + rng.int(currencies.length - 1) : 0;
    const currencyIndex = role?.currency ?? drawnCurrency;
    const currency = currencies[currencyIndex]!;
    store.currency[i] = currencyIndex;
    store.buyer[i] = pickBuyer(t);

    // State, payment method and times.
    const methods = currencyIndex === 0 ? methodsHome : methodsAbroad;
    let method = methods.ids[rng.weighted(methods.weights)]!;
    const roll = rng.float();
    let state: number;
    let paidAt = NaN;
    let updatedAt = t;
    const slowMethod = method === METHOD.atm || method === METHOD.cvs;
    if (roll < 0.008) {
      state = STATE.manual_enrolled;
      method = METHOD.free;
    } else if (roll < 0.023) {
      state = STATE.failed;
      updatedAt = t + rng.between(5, 90) * 1000;
    } else if (roll < 0.075) {
      const expiry = t + 3 * DAY_MS;
      state = expiry < now ? STATE.expired : STATE.not_paid;
      if (state === STATE.expired) updatedAt = expiry;
    } else {
      const delay = slowMethod ? 3_600_000 + rng.exponential(20 * 3_600_000) : rng.between(5, 300) * 1000;
      paidAt = wholeSeconds(t + delay);
      if (paidAt >= now) {
        state = STATE.not_paid;
        paidAt = NaN;
      } else {
        state = STATE.paid;
        updatedAt = paidAt;
        if (rng.chance(0.044)) {
          const requested = wholeSeconds(paidAt + 3_600_000 + rng.exponential(6 * DAY_MS));
          if (requested < now) {
            const processed = requested + 2 * DAY_MS;
            state = processed < now ? STATE.refunded : STATE.refunding;
            updatedAt = state === STATE.refunded ? processed : requested;
          }
        }
      }
    }
    if (role) ({ state, method, paidAt, updatedAt } = playRole(role, t, method, now));
    store.state[i] = state;
    store.method[i] = method;
    store.paidAt[i] = paidAt;
    store.updatedAt[i] = updatedAt;
    const sale = SALE_STATES.has(state);

    // Line items.
    store.itemStart[i] = item;
    if (state === STATE.manual_enrolled) {
      const { c } = rng.pick(allCourses);
      pushItem(c.manualProduct, 0);
    } else {
      const kindRoll = rng.float();
      let done = false;
      if (kindRoll >= 0.8 && kindRoll < 0.88) {
        const options = catalog.membershipProducts.filter((p) => products[p]!.currency === currency);
        if (options.length > 0) {
          const p = options[rng.weighted(options.map((o) => (products[o]!.interval === null ? 0.15 : 1)))]!;
          pushItem(p, products[p]!.price);
          done = true;
        }
      } else if (kindRoll >= 0.88 && kindRoll < 0.93 && currencyIndex === 0) {
        const options = ticketOwners.filter(({ e, t: ticket }) => e.startsAtMs > t && e.startsAtMs - t < TICKET_SALE_DAYS * DAY_MS && (saleTicketCount.get(ticket.product) ?? 0) < ticket.capacity);
        if (options.length > 0) {
          const { t: ticket } = rng.pick(options);
          pushItem(ticket.product, ticket.price);
          if (sale) saleTicketCount.set(ticket.product, (saleTicketCount.get(ticket.product) ?? 0) + 1);
          done = true;
        }
      } else if (kindRoll >= 0.93 && currencyIndex === 0) {
        const pool = kindRoll < 0.98 ? catalog.digitalProductProducts : catalog.meetingProducts;
        if (pool.length > 0) {
          const p = rng.pick(pool);
          pushItem(p, products[p]!.price);
          done = true;
        }
      }
      if (!done) {
        if (sellableCount === 0) {
          const p = rng.pick(catalog.digitalProductProducts);
          pushItem(p, products[p]!.price);
        } else {
          const total = popularityCumulative[sellableCount - 1]!;
          const first = searchCumulative(popularityCumulative, rng.float() * total, sellableCount);
          const plan = pickPlan(sellable[first]!.c, currency);
          if (plan !== null) pushItem(plan, products[plan]!.price);
          if (rng.chance(0.1) && sellableCount > 1) {
            const second = searchCumulative(popularityCumulative, rng.float() * total, sellableCount);
            const secondPlan = second === first ? null : pickPlan(sellable[second]!.c, currency);
            if (secondPlan !== null) pushItem(secondPlan, products[secondPlan]!.price);
          }
          if (currencyIndex === 0 && catalog.orderBumpProducts.length > 0 && rng.chance(0.08)) {
            const p = rng.pick(catalog.orderBumpProducts);
            pushItem(p, products[p]!.price);
          }
          if (item === store.itemStart[i]) {
            const p = rng.pick(catalog.digitalProductProducts);
            pushItem(p, products[p]!.price);
          }
        }
      }
    }
    const itemsFrom = store.itemStart[i] as number;
    if (role?.severalCourses) {
      // The two most popular courses on sale then, instead of what was drawn.
      const picks = sellable.slice(0, sellableCount).map(({ c }) => c).filter((c) => c.paidProducts.has(currency)).sort((a, b) => b.popularity - a.popularity).slice(0, 2);
      if (picks.length === 2) {
        for (let k = itemsFrom; k < item; k++) {
          const product = store.itemProduct[k] as number;
          if (sale && products[product]!.kind === TICKET) saleTicketCount.set(product, saleTicketCount.get(product)! - 1);
        }
        item = itemsFrom;
        for (const c of picks) pushItem(c.paidProducts.get(currency)![0]!, products[c.paidProducts.get(currency)![0]!]!.price);
      }
    }

    // Coupon: most buyers during a sale use its code; otherwise an evergreen one now and then.
    let couponIndex = -1;
    if (state !== STATE.manual_enrolled) {
      const promo = promoCoupons.find(({ c }) => t >= c.startsAtMs && t < c.endsAtMs);
      if (promo && rng.chance(0.6)) couponIndex = promo.index;
      else if (rng.chance(0.085)) {
        const options = evergreen.filter(({ c }) => t >= c.startsAtMs && t < c.endsAtMs && (c.coupon.usage_limit === null || c.used < c.coupon.usage_limit) && (c.coupon.kind === 'percent' || c.coupon.currency === currency));
        if (options.length > 0) couponIndex = rng.pick(options).index;
      }
    }
    if (role) couponIndex = role.coupon;
    let original = 0;
    let discount = 0;
    let fixedLeft = 0;
    let percent = 0;
    const discountStep = profile.discountStep?.[currency] ?? 1;
    if (couponIndex >= 0) {
      const c = coupons[couponIndex]!;
      c.used++;
      if (c.coupon.kind === 'percent') percent = c.coupon.percent_off ?? 0;
      else fixedLeft = c.coupon.amount_off ?? 0;
      store.coupon[i] = couponIndex;
    }
    for (let k = itemsFrom; k < item; k++) {
      const o = store.itemOriginal[k] as number;
      let d = 0;
      if (percent > 0) d = Math.round((o * percent) / 100 / discountStep) * discountStep;
      else if (fixedLeft > 0) {
        d = Math.min(fixedLeft, o);
        fixedLeft -= d;
      }
      store.itemDiscount[k] = d;
      store.itemAmount[k] = o - d;
      original += o;
      discount += d;
    }
    store.original[i] = original;
    store.discount[i] = discount;
    store.paid[i] = sale ? original - discount : 0;
    store.refunded[i] = state === STATE.refunded ? original - discount : 0;
  }
  store.itemStart[count] = item;
  store.itemProduct = store.itemProduct.slice(0, item);
  store.itemOriginal = store.itemOriginal.slice(0, item);
  store.itemDiscount = store.itemDiscount.slice(0, item);
  store.itemAmount = store.itemAmount.slice(0, item);
  store.sort();

  // Students who never bought: sign-ups spread over the history.
  const span = now - schoolCreated;
  for (let s = nextNewStudent; s < students.count; s++) students.createdAt[s] = wholeSeconds(schoolCreated + rng.float() * span);
  return store;
}

/**
 * An order's state, method and times as its role wants them (recent.ts). Paid by card within a minute (ATM and
 * konbini payments take hours), refunds asked for two days before they are done.
 */
function playRole(role: OrderRole, createdAt: number, drawnMethod: number, now: number): { state: number; method: number; paidAt: number; updatedAt: number } {
  const method = drawnMethod === METHOD.free || drawnMethod === METHOD.atm || drawnMethod === METHOD.cvs ? METHOD.credit_card : drawnMethod;
  if (role.state === 'failed') return { state: STATE.failed, method, paidAt: NaN, updatedAt: Math.min(createdAt + 30_000, lastSecondBefore(now)) };
  const paidAt = Math.min(createdAt + 60_000, lastSecondBefore(role.paidBefore));
  if (role.state === 'paid' || role.refundAt === undefined) return { state: STATE.paid, method, paidAt, updatedAt: paidAt };
  return { state: role.state === 'refunded' ? STATE.refunded : STATE.refunding, method, paidAt, updatedAt: role.refundAt };
}
