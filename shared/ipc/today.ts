// Part of the IPC contract (see shared/ipc.ts): Today, the screen an admin opens first. One answer per school:
// sales per currency over the periods of shared/today-periods.ts, and what needs the admin, each count with
// its own age and the address of the screen that lists exactly the records counted.
import { z } from 'zod';
import { CurrencyCode } from '../model/money';
import { TODAY_PERIODS } from '../today-periods';
import { AccountId } from './accounts';
import { method } from './define';
import type { MethodDef } from './define';

const isoTime = z.iso.datetime({ offset: true });

const TodayPeriodName = z.enum(TODAY_PERIODS);

const TodayRange = z.object({ from: isoTime, to: isoTime });

/** Orders and net of the sale orders paid in one period, in one currency (docs/business-api.md, "Sales"). */
const TodaySales = z.object({ orders: z.int().nonnegative(), net: z.int() });

export const TodayCurrency = z.object({
  currency: CurrencyCode,
  periods: z.record(TodayPeriodName, TodaySales),
});
export type TodayCurrency = z.infer<typeof TodayCurrency>;

const NEED_KINDS = ['failedOrders', 'pastDue', 'canceling', 'refunds', 'unanswered', 'stalled', 'upcomingEvents', 'outbox'] as const;
export const NeedKind = z.enum(NEED_KINDS);
export type NeedKind = z.infer<typeof NeedKind>;

export const TodayNeed = z.object({
  kind: NeedKind,
  /** Null: not known (the scope is not granted, the platform has no such list, or it could not be read). */
  count: z.int().nonnegative().nullable(),
  /** Why the count is not known: an AppError code. */
  problem: z.string().nullable(),
  /** When the records counted were read from the platform (null for the app's own outbox). */
  fetchedAt: isoTime.nullable(),
  fromCache: z.boolean(),
  /** The screen that lists exactly the records counted, as a route with its query. */
  route: z.string(),
  /** How many of those counted are new since the last visit (null: the first visit, or no time to tell by). */
  fresh: z.int().nonnegative().nullable().optional(),
  /** Events only: seats left over the events counted; null when one of them has no limit. */
  seatsLeft: z.int().nonnegative().nullable().optional(),
});
export type TodayNeed = z.infer<typeof TodayNeed>;

export const TodayOverview = z.object({
  /** The zone every period is in: the school's, or the computer's when the school's cannot be read. */
  timeZone: z.string(),
  schoolZone: z.boolean(),
  /** False when the school's platform could not be reached for this answer: every figure is its last copy. */
  reached: z.boolean(),
  now: isoTime,
  periods: z.record(TodayPeriodName, TodayRange),
  /** The end of the admin's last visit to Today (per school, kept across restarts); null on the first visit. */
  lastVisit: isoTime.nullable(),
  /** Since when refunds count: the last visit, else the last seven days. */
  since: isoTime,
  /** Null: no orders could be read (nothing synced and the platform unreachable, or orders:read missing). */
  sales: z
    .object({ currencies: z.array(TodayCurrency), fetchedAt: isoTime, fromCache: z.boolean() })
    .nullable(),
  salesProblem: z.string().nullable(),
  needs: z.array(TodayNeed),
});
export type TodayOverview = z.infer<typeof TodayOverview>;

/**
 * The tray's glance (not sent over IPC): Today's answer cut to today's sales per currency and what needs the
 * admin, read without recording a visit.
 */
export interface TodayGlance {
  /** Today so far per currency; null when no orders can be read. */
  sales: { currency: string; orders: number; net: number }[] | null;
  needs: Pick<TodayNeed, 'kind' | 'count' | 'route'>[];
}

export const todayMethods = {
  'data.today': method(
    z.object({
      accountId: AccountId,
      /** The computer's zone, used only when the school's cannot be read. */
      fallbackTimeZone: z.string().min(1).max(64),
    }).strict(),
    TodayOverview,
    "Today for one school: sales per currency today, yesterday and this month so far against the same weekday a week before and the same days of last month (in the school's time zone, from the engine's synced orders, offline too), and what needs the admin (failed payments, past due, canceling, refunds since the last visit, unanswered comments, learners who stalled this week, events in the next 7 days, the outbox), each with its age, how many are new since the last visit, and the route that lists exactly those records. Reading it records no visit: data.todayVisit does.",
  ),
  'data.todayVisit': method(
    z.object({ accountId: AccountId }).strict(),
    z.object({ lastVisit: isoTime.nullable() }),
    "The admin has Today on screen for this school: records the look ('since you last looked', kept per school across restarts; a look within the hour of the last in the same run of the app continues the visit) and answers the end of the last visit. The tray's glance never calls it.",
  ),
} satisfies Record<string, MethodDef>;
