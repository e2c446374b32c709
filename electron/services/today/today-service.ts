// Today (shared/ipc/today.ts): one school's day at a glance, composed from what the other screens already
// answer, so every number is the very figure that screen shows. Sales and the order counts come from the data
// engine's synced orders (its worker computes them; offline from its snapshot); past due and canceling, comments
// and events from the same handlers as their pages (through the offline cache); the outbox from the write
// service. Each part fails on its own: a count that cannot be known is null with its reason, never a guess.
import { randomUUID } from 'node:crypto';
import { isAppError } from '../../../shared/errors';
import { DEFAULT_ORDER_SORT, type Answer } from '../../../shared/ipc/data';
import { rankCurrencies } from '../../../shared/currency-choice';
import { DEFAULT_STUDENT_SORT } from '../../../shared/ipc/students';
import type { TimeZoneSource } from '../../../shared/ipc/app';
import type { NeedKind, TodayCurrency, TodayGlance, TodayNeed, TodayOverview } from '../../../shared/ipc/today';
import { changedOrders, eventsStartingSoon, FAILED_STATES, needsAnswer, ordersRoute, REFUND_STATES, seatsLeft, STALLED_THIS_WEEK_ROUTE } from '../../../shared/model/today-needs';
import { comparisonInstantsOf } from '../../../shared/date-range';
import { isValidTimeZone } from '../../../shared/zoned-time';
import { lastSevenDays, TODAY_PERIODS, todayPeriods, type TodayPeriod } from '../../../shared/today-periods';
import type { PlatformCaller } from '../api/platform-caller';
import { isUnavailable, isUnavailableCode, type CachedReader } from '../data/cached-read';
import type { EngineClient } from '../engine/client/engine-client';
import { CACHE_KEYS } from '../data/cache-keys';
import { readSchoolProfile } from '../platform/school-platform';
import type { CallContext, MethodHandlers } from '../ipc/handler-types';
import type { TodayMarksStore } from './marks-store';
import { nextVisit } from './visit-policy';

type TodaySources = Pick<MethodHandlers, 'money.subscriptions' | 'comments.inbox' | 'events.list' | 'writes.outbox'>;

interface TodayDeps {
  engine: Pick<EngineClient, 'call'>;
  sources: TodaySources;
  caller: PlatformCaller;
  /** Reads the school's time zone through the offline cache. */
  reader: CachedReader;
  /** Whose day Today is (Settings › Time zone; default the school's): the same rule as every screen (renderer/state/business-time.ts). */
  timeZoneSource?: () => TimeZoneSource;
  /** The school's last visit to Today, kept across restarts ("since you last looked"). */
  marks: Pick<TodayMarksStore, 'visit' | 'get'>;
  now?: () => number;
}

interface TodayInput {
  accountId: string;
  fallbackTimeZone: string;
}

interface Counted {
  count: number;
  fetchedAt: string | null;
  fromCache: boolean;
  seatsLeft?: number;
  /** How many of them are new since the last visit. */
  fresh?: number;
}

const problemOf = (error: unknown) => (isAppError(error) ? error.code : 'internal');

function need(kind: NeedKind, route: string, answer: Counted): TodayNeed {
  return {
    kind, route, count: answer.count, problem: null, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache,
    ...(answer.seatsLeft !== undefined ? { seatsLeft: answer.seatsLeft } : {}),
    fresh: answer.fresh ?? null,
  };
}

function unknownNeed(kind: NeedKind, route: string, error: unknown): TodayNeed {
  return { kind, route, count: null, problem: problemOf(error), fetchedAt: null, fromCache: false };
}

/** Counts one need; a count of null means the platform has no such records at all ('not_offered'). */
async function settle(kind: NeedKind, route: string, count: () => Promise<Counted | null>): Promise<TodayNeed> {
  try {
    const answer = await count();
    return answer === null ? { kind, route, count: null, problem: 'not_offered', fetchedAt: null, fromCache: false } : need(kind, route, answer);
  } catch (error) {
    return unknownNeed(kind, route, error);
  }
}

export class TodayService {
  readonly #now: () => number;
  /** This run of the app: a restart begins a new visit (visit-policy.ts). */
  readonly #session = randomUUID();

  constructor(private readonly deps: TodayDeps) {
    this.#now = deps.now ?? Date.now;
  }

  /** The zone of business dates, and whether the school's platform answered this read (null: not asked). */
  async #zone(accountId: string, fallback: string, signal: AbortSignal): Promise<{ timeZone: string; schoolZone: boolean; reached: boolean | null }> {
    const computer = { timeZone: isValidTimeZone(fallback) ? fallback : 'UTC', schoolZone: false };
    // The admin chose this computer's zone for business dates (Settings › Time zone).
    if (this.deps.timeZoneSource?.() === 'computer') return { ...computer, reached: null };
    try {
      const { caller, reader } = this.deps;
      // The school record under the key data.school reads it with: one read serves both.
      const answer = await reader.read(accountId, CACHE_KEYS.school, {}, () => readSchoolProfile(caller, accountId, signal));
      const zone = answer.data.timeZone;
      return isValidTimeZone(zone) ? { timeZone: zone, schoolZone: true, reached: !answer.fromCache } : { ...computer, reached: !answer.fromCache };
    } catch (error) {
      // No school:read, or never read and offline: the computer's zone, and the screen says so.
      return { ...computer, reached: isUnavailable(error) ? false : null };
    }
  }

  /** One period's sales from the engine; Today compares its own periods, so only `current` is read (the engine's comparisons are the usual ones of shared/date-range.ts). */
  #report(accountId: string, range: { from: string; to: string }, timeZone: string) {
    return this.deps.engine.call('sales.report', { accountId, ...range, interval: 'month', timeZone, ...comparisonInstantsOf(range, timeZone) });
  }

  /** Orders and net per currency over every period, from the engine's synced orders (one report per period). */
  async sales(accountId: string, periods: Record<TodayPeriod, { from: string; to: string }>, timeZone: string): Promise<{ currencies: TodayCurrency[]; fetchedAt: string; fromCache: boolean }> {
    const reports = await Promise.all(
      TODAY_PERIODS.map(async (name) => [name, await this.#report(accountId, periods[name], timeZone)] as const),
    );
    const byCurrency = new Map<string, TodayCurrency>();
    for (const [name, answer] of reports) {
      for (const c of answer.data.currencies) {
        let row = byCurrency.get(c.currency);
        if (!row) byCurrency.set(c.currency, (row = { currency: c.currency, periods: {} as TodayCurrency['periods'] }));
        row.periods[name] = { orders: c.current.orders, net: c.current.net };
      }
    }
    for (const row of byCurrency.values()) for (const name of TODAY_PERIODS) row.periods[name] ??= { orders: 0, net: 0 };
    // Every report counts the same synced set: they share its age.
    const oldest = reports.reduce((a, [, b]) => (b.fetchedAt < a.fetchedAt ? b : a), reports[0]![1]);
    // The order every screen uses (shared/currency-choice.ts): the largest net of the month so far first.
    const ranked = rankCurrencies([...byCurrency.keys()], [...byCurrency.values()].map((row) => ({ currency: row.currency, net: row.periods.monthToDate.net })), null);
    return { currencies: ranked.map((currency) => byCurrency.get(currency)!), fetchedAt: oldest.fetchedAt, fromCache: reports.some(([, r]) => r.fromCache) };
  }

  async #orderCount(accountId: string, filters: ReturnType<typeof changedOrders>): Promise<{ count: number; fetchedAt: string; fromCache: boolean }> {
    const answer = await this.deps.engine.call('orders.query', { accountId, filters, sort: DEFAULT_ORDER_SORT, offset: 0, limit: 0 });
    return { count: answer.data.total, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache };
  }

  /**
   * The end of the last visit as Today would show it now (null: the first, or the mark cannot be read). Only
   * reads: the visit is recorded by visit(), when the admin opens Today; a glance (the tray) never moves it.
   */
  async #lastVisit(accountId: string, now: number): Promise<string | null> {
    try {
      return nextVisit((await this.deps.marks.get(accountId)).visit, now, this.#session).since;
    } catch {
      return null;
    }
  }

  /** The admin has Today on screen: records the look (visit-policy.ts) and answers the end of the last visit. */
  async visit(accountId: string): Promise<{ lastVisit: string | null }> {
    const now = this.#now();
    const mark = await this.deps.marks.visit(accountId, (stored) => nextVisit(stored, now, this.#session));
    return { lastVisit: mark.since };
  }

  /**
   * The tray's glance: Today's own answer, read without recording a visit, cut to today's sales per currency
   * and what needs the admin. One function for Today and the tray's menu.
   */
  async glance(accountId: string, fallbackTimeZone: string, signal: AbortSignal): Promise<TodayGlance> {
    const overview = await this.overview({ accountId, fallbackTimeZone }, { signal });
    return {
      sales: overview.sales?.currencies.map((c) => ({ currency: c.currency, ...c.periods.today })) ?? null,
      needs: overview.needs.map(({ kind, count, route }) => ({ kind, count, route })),
    };
  }

  async overview(input: TodayInput, context: CallContext): Promise<TodayOverview> {
    const { accountId } = input;
    const now = this.#now();
    const [{ timeZone, schoolZone, reached }, lastVisit] = await Promise.all([this.#zone(accountId, input.fallbackTimeZone, context.signal), this.#lastVisit(accountId, now)]);
    const periods = todayPeriods(now, timeZone);
    const week = lastSevenDays(now).from;
    const since = lastVisit ?? week;
    const failed = changedOrders(FAILED_STATES, week);
    const refunds = changedOrders(REFUND_STATES, since);
    const subscriptions = memo(() => this.deps.sources['money.subscriptions']({ accountId }, context));
    const fromAnswer = <T,>(answer: Answer<T>, count: number) => ({ count, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache });
    /** Of `counted` failed payments, those since the last visit: the same filter from a later moment (a visit over a week ago: all). */
    const freshFailed = async (counted: number) =>
      lastVisit === null ? undefined : Date.parse(lastVisit) <= Date.parse(week) ? counted : (await this.#orderCount(accountId, changedOrders(FAILED_STATES, lastVisit))).count;

    const [sales, ...needs] = await Promise.all([
      this.sales(accountId, periods, timeZone).then((data) => ({ data, problem: null }), (error: unknown) => ({ data: null, problem: problemOf(error) })),
      settle('failedOrders', ordersRoute(failed), async () => {
        const counted = await this.#orderCount(accountId, failed);
        const fresh = await freshFailed(counted.count);
        return fresh === undefined ? counted : { ...counted, fresh };
      }),
      settle('pastDue', '/subscriptions?show=pastDue', async () => {
        const answer = await subscriptions();
        return fromAnswer(answer, answer.data.pastDue.length);
      }),
      settle('canceling', '/subscriptions?show=canceling', async () => {
        const answer = await subscriptions();
        return fromAnswer(answer, answer.data.canceling.length);
      }),
      settle('refunds', ordersRoute(refunds), async () => {
        const counted = await this.#orderCount(accountId, refunds);
        // Counted since the last visit: all of them are new.
        return lastVisit === null ? counted : { ...counted, fresh: counted.count };
      }),
      settle('unanswered', '/comments?show=unanswered', async () => {
        const answer = await this.deps.sources['comments.inbox']({ accountId }, context);
        if (!answer.data.offered) return null;
        // Those the admin marked handled no longer need them.
        const open = answer.data.comments.filter(needsAnswer);
        return { ...fromAnswer(answer, open.length), ...(lastVisit === null ? {} : { fresh: open.filter((c) => Date.parse(c.createdAt) >= Date.parse(lastVisit)).length }) };
      }),
      // From the engine's synced students and enrollments, as the Students page filters them.
      settle('stalled', STALLED_THIS_WEEK_ROUTE, async () => {
        const answer = await this.deps.engine.call('students.query', { accountId, filters: { stalledThisWeek: true }, sort: DEFAULT_STUDENT_SORT, offset: 0, limit: 0 });
        return fromAnswer(answer, answer.data.total);
      }),
      settle('upcomingEvents', '/events?when=soon', async () => {
        const answer = await this.deps.sources['events.list']({ accountId }, context);
        if (!answer.data.offered) return null;
        const soon = eventsStartingSoon(answer.data.events, now);
        return { ...fromAnswer(answer, soon.length), seatsLeft: seatsLeft(soon) };
      }),
      settle('outbox', '/activity', async () => ({ count: (await this.deps.sources['writes.outbox']({ accountId }, context)).length, fetchedAt: null, fromCache: false })),
    ]);
    // The platform did not answer this look: what shows is the last copy (the needs read through the cache say so too).
    const unreached = reached === false || isUnavailableCode(sales.problem) || needs.some((n) => n.fromCache || isUnavailableCode(n.problem));
    return {
      timeZone,
      schoolZone,
      reached: !unreached,
      now: new Date(now).toISOString(),
      periods,
      lastVisit,
      since,
      sales: sales.data,
      salesProblem: sales.problem,
      needs,
    };
  }
}

function memo<T>(run: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= run());
}

export function createTodayHandlers(service: TodayService): Pick<MethodHandlers, 'data.today' | 'data.todayVisit'> {
  return {
    'data.today': (input, context) => service.overview(input, context),
    'data.todayVisit': ({ accountId }) => service.visit(accountId),
  };
}
