// The periods Today compares, in one small module over the day arithmetic of date-range.ts and zoned-time.ts (kept apart so
// it can move onto the named day ranges once they exist): today so far against the same weekday a week before
// up to the same time of day, yesterday against the same weekday a week before, and the month so far against
// the same days of last month up to the same time. Every range is [from, to) in the school's time zone.
import { addDays, addMonths } from './date-range';
import { localDateOf, startOfLocalDay, type LocalDate } from './zoned-time';

export const TODAY_PERIODS = ['today', 'todayWeekBefore', 'yesterday', 'yesterdayWeekBefore', 'monthToDate', 'lastMonthToDate'] as const;
export type TodayPeriod = (typeof TODAY_PERIODS)[number];

/** Each period and the one it is compared with. */
export const TODAY_COMPARISONS: readonly (readonly [TodayPeriod, TodayPeriod])[] = [
  ['today', 'todayWeekBefore'],
  ['yesterday', 'yesterdayWeekBefore'],
  ['monthToDate', 'lastMonthToDate'],
];

interface InstantRange {
  /** ISO 8601 UTC; [from, to). */
  from: string;
  to: string;
}

const iso = (t: number) => new Date(t).toISOString();

/** A day's start plus as much of it as has passed today (never past that day's end). */
function sameTimeOf(day: LocalDate, elapsedMs: number, timeZone: string): number {
  return Math.min(startOfLocalDay(day, timeZone) + elapsedMs, startOfLocalDay(addDays(day, 1), timeZone));
}

export function todayPeriods(now: number, timeZone: string): Record<TodayPeriod, InstantRange> {
  const date = localDateOf(now, timeZone);
  const midnight = startOfLocalDay(date, timeZone);
  const elapsed = now - midnight;
  const weekBefore = addDays(date, -7);
  const firstOfMonth = { ...date, day: 1 };
  const firstOfLastMonth = addMonths(firstOfMonth, -1);
  // The same day of last month (clamped: 31 March looks at 28/29 February), never reaching into this month.
  const sameDayLastMonth = addMonths(date, -1);
  const lastMonthEnd = Math.min(sameTimeOf(sameDayLastMonth, elapsed, timeZone), startOfLocalDay(firstOfMonth, timeZone));
  return {
    today: { from: iso(midnight), to: iso(now) },
    todayWeekBefore: { from: iso(startOfLocalDay(weekBefore, timeZone)), to: iso(sameTimeOf(weekBefore, elapsed, timeZone)) },
    yesterday: { from: iso(startOfLocalDay(addDays(date, -1), timeZone)), to: iso(midnight) },
    yesterdayWeekBefore: { from: iso(startOfLocalDay(addDays(date, -8), timeZone)), to: iso(startOfLocalDay(weekBefore, timeZone)) },
    monthToDate: { from: iso(startOfLocalDay(firstOfMonth, timeZone)), to: iso(now) },
    lastMonthToDate: { from: iso(startOfLocalDay(firstOfLastMonth, timeZone)), to: iso(lastMonthEnd) },
  };
}

/** The seven days up to now: what "this week" means for failed payments and new stalls. */
export function lastSevenDays(now: number): InstantRange {
  return { from: iso(now - 7 * 86_400_000), to: iso(now) };
}
