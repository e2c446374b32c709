// Members and their subscriptions to the recurring membership plans: started over the history with the
// same growth as orders, renewed period by period until they churn (canceled, or expired after failed
// payments); the living ones are active, trialing, past_due or incomplete, some flagged canceling.
import type { MembershipPlan, Person, Subscription } from '../../../shared/platform/resources';
import { iso, wholeSeconds } from './catalog';
import { EMAIL_DOMAINS, type SchoolProfile } from './profile';
import { searchCumulative, type Random } from './random';
import { DAY_MS } from './time-zone';

type Interval = Subscription['interval'];
const HAZARD: Record<Interval, number> = { day: 0.03, month: 0.045, year: 0.3 };

function addPeriods(start: number, interval: Interval, n: number): number {
  if (interval === 'day') return start + n * DAY_MS;
  const d = new Date(start);
  const months = interval === 'month' ? n : 12 * n;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/** Whole periods between `start` and `now` (the current period is number n, 0-based). */
function periodsElapsed(start: number, interval: Interval, now: number): number {
  let n: number;
  if (interval === 'day') n = Math.floor((now - start) / DAY_MS);
  else {
    const a = new Date(start);
    const b = new Date(now);
    const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
    n = Math.max(0, interval === 'month' ? months - 1 : Math.floor(months / 12) - 1);
  }
  while (n > 0 && addPeriods(start, interval, n) > now) n--;
  while (addPeriods(start, interval, n + 1) <= now) n++;
  return n;
}

interface MembersAndSubscriptions {
  members: Person[];
  subscriptions: Subscription[];
}

export function generateSubscriptions(profile: SchoolProfile, no: number, rng: Random, plans: MembershipPlan[], dayWeights: Float64Array, historyStart: number, now: number, orders: number): MembersAndSubscriptions {
  const recurring = plans.filter((p) => p.kind === 'recurring');
  const memberCount = Math.max(20, Math.round(orders * 0.04));
  const subscriptionCount = Math.round(memberCount * 1.15);
  const cumulative = new Float64Array(dayWeights.length);
  let sum = 0;
  dayWeights.forEach((w, d) => (cumulative[d] = sum += w));

  const scripted = rng.fork('recent'); // its own stream: the drawn subscriptions stay as they were
  const starts: { at: number; role?: RecentRole }[] = Array.from({ length: subscriptionCount }, () => {
    const day = searchCumulative(cumulative, rng.float() * sum);
    return { at: wholeSeconds(historyStart + day * DAY_MS + rng.float() * DAY_MS) };
  });
  starts.push(...recentRoles(now, scripted));
  starts.sort((a, b) => a.at - b.at);

  const members: Person[] = [];
  const newMember = (draw: Random, startedAt: number): Person => {
    const m = members.length;
    const [first, firstLatin] = draw.pick(profile.firstNames);
    const [last, lastLatin] = draw.pick(profile.lastNames);
    const bits = (draw.chance(0.3) ? 1 : 0) | (draw.chance(0.05) ? 2 : 0) | (draw.chance(0.1) ? 16 : 0);
    const member = {
      id: `mem_${no}_${m + 1}`,
      name: profile.personName(first, last),
      email: `${firstLatin}.${lastLatin}.m${m + 1}@${draw.pick(EMAIL_DOMAINS)}`,
      created_at: iso(wholeSeconds(startedAt - draw.exponential(10 * DAY_MS))),
      tags: profile.words.studentTags.filter((_, b) => bits & (1 << b)),
    };
    members.push(member);
    return member;
  };
  const homeMonthly = recurring.find((p) => p.currency === profile.currency && p.prices.some((x) => x.interval === 'month'));
  let drawn = 0;
  const subscriptions: Subscription[] = starts.map(({ at: startedAt, role }, index) => {
    const id = `sub_${no}_${index + 1}`;
    if (role && homeMonthly) {
      const member = members.length > 0 ? scripted.pick(members) : newMember(scripted, startedAt);
      return recentSubscription(role, id, member, homeMonthly, startedAt, now, scripted);
    }
    const k = drawn++;
    // The first subscriptions bring new members; the rest are second plans of existing ones.
    const member = members.length < memberCount && (k < memberCount * 0.6 || rng.chance(0.87) || members.length === 0) ? newMember(rng, startedAt) : members[rng.int(members.length)]!;

    const eu = recurring.filter((p) => p.currency !== profile.currency);
    const home = recurring.filter((p) => p.currency === profile.currency);
    const plan = eu.length > 0 && rng.chance(profile.extraCurrencyShare) ? rng.pick(eu) : rng.pick(home);
    const intervalRoll = rng.float();
    const wanted: Interval = intervalRoll < 0.75 ? 'month' : intervalRoll < 0.95 ? 'year' : 'day';
    const price = plan.prices.find((p) => p.interval === wanted) ?? plan.prices.find((p) => p.interval !== null)!;
    const interval = price.interval as Interval;

    const life = Math.floor(Math.log(1 - rng.float()) / Math.log(1 - HAZARD[interval])) + 1; // periods paid
    const endOfLife = addPeriods(startedAt, interval, life);
    const base = {
      id,
      member_id: member.id,
      member_name: member.name,
      plan_id: plan.id,
      currency: plan.currency,
      amount: price.amount,
      interval,
      started_at: iso(startedAt),
    };
    if (endOfLife <= now) {
      return {
        ...base,
        state: rng.chance(0.85) ? 'canceled' : 'expired',
        current_period_start: iso(addPeriods(startedAt, interval, life - 1)),
        current_period_end: iso(endOfLife),
        next_charge_at: null,
        canceling: false,
        canceled_at: iso(endOfLife),
        updated_at: iso(endOfLife),
      } satisfies Subscription;
    }
    const n = periodsElapsed(startedAt, interval, now);
    const periodStart = addPeriods(startedAt, interval, n);
    const periodEnd = addPeriods(startedAt, interval, n + 1);
    const recent = now - startedAt;
    if (recent < 14 * DAY_MS && plan === recurring[0] && rng.chance(0.5)) {
      return { ...base, state: 'trialing', current_period_start: iso(startedAt), current_period_end: iso(startedAt + 14 * DAY_MS), next_charge_at: iso(startedAt + 14 * DAY_MS), canceling: false, canceled_at: null, updated_at: iso(periodStart) } satisfies Subscription;
    }
    if (recent < DAY_MS && rng.chance(0.2)) {
      return { ...base, state: 'incomplete', current_period_start: iso(periodStart), current_period_end: iso(periodEnd), next_charge_at: iso(wholeSeconds(now + DAY_MS)), canceling: false, canceled_at: null, updated_at: iso(periodStart) } satisfies Subscription;
    }
    if (rng.chance(0.035)) {
      return { ...base, state: 'past_due', current_period_start: iso(periodStart), current_period_end: iso(periodEnd), next_charge_at: iso(wholeSeconds(now + rng.between(1, 3) * DAY_MS)), canceling: false, canceled_at: null, updated_at: iso(periodStart) } satisfies Subscription;
    }
    const canceling = rng.chance(0.07);
    return { ...base, state: 'active', current_period_start: iso(periodStart), current_period_end: iso(periodEnd), next_charge_at: canceling ? null : iso(periodEnd), canceling, canceled_at: null, updated_at: iso(periodStart) } satisfies Subscription;
  });
  return { members, subscriptions };
}

type RecentRole = 'past_due' | 'canceling';

/** A monthly period start in [now − from, now − to), on a day of the month every month has (1–28, UTC). */
function recentPeriodStart(now: number, fromDays: number, toDays: number, rng: Random): number {
  let at = wholeSeconds(now - toDays * DAY_MS - rng.float() * (fromDays - toDays) * DAY_MS);
  const day = new Date(at).getUTCDate();
  if (day > 28) at -= (day - 28) * DAY_MS;
  return at;
}

/**
 * Subscriptions every school has near `now`, whatever day the data is made for (docs/business-api.md): one
 * whose renewal failed in the last days (past_due) and two canceling at the end of a period that ends within a
 * month. Each started some months before its current period; returned as start instants with their role.
 */
function recentRoles(now: number, rng: Random): { at: number; role: RecentRole }[] {
  const monthsBefore = (periodStart: number, months: number) => {
    const d = new Date(periodStart);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  };
  return [
    { at: monthsBefore(recentPeriodStart(now, 6, 1, rng), 2 + rng.int(10)), role: 'past_due' },
    { at: monthsBefore(recentPeriodStart(now, 24, 8, rng), 1 + rng.int(12)), role: 'canceling' },
    { at: monthsBefore(recentPeriodStart(now, 24, 8, rng), 1 + rng.int(12)), role: 'canceling' },
  ];
}

function recentSubscription(role: RecentRole, id: string, member: Person, plan: MembershipPlan, startedAt: number, now: number, rng: Random): Subscription {
  const n = periodsElapsed(startedAt, 'month', now);
  const periodStart = addPeriods(startedAt, 'month', n);
  const base = {
    id, member_id: member.id, member_name: member.name, plan_id: plan.id, currency: plan.currency,
    amount: plan.prices.find((p) => p.interval === 'month')!.amount, interval: 'month' as const, started_at: iso(startedAt),
    current_period_start: iso(periodStart), current_period_end: iso(addPeriods(startedAt, 'month', n + 1)), canceled_at: null,
  };
  if (role === 'past_due') return { ...base, state: 'past_due', next_charge_at: iso(wholeSeconds(now + rng.between(1, 3) * DAY_MS)), canceling: false, updated_at: iso(periodStart) };
  // Asked to cancel some time into the current period.
  return { ...base, state: 'active', next_charge_at: null, canceling: true, updated_at: iso(wholeSeconds(periodStart + rng.float() * (now - periodStart))) };
}
