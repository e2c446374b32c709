// Date ranges as the admin means them, the one implementation of the app (renderer, main process and data
// engine): whole local days of the business time zone (the school's, or the computer's when the admin says
// so), turned into [from, to) instants, with the periods each range is compared with.
import { localDateOf, startOfLocalDay, type LocalDate } from './zoned-time';

export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisYear', 'last12Months', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Inclusive local calendar days: "2026-11-01" … "2026-11-30". */
export interface DayRange {
  startDay: string;
  endDay: string;
}

/** What the admin picked: a preset (its days follow the calendar) or two days of their own. */
export interface PickedRange extends DayRange {
  preset: RangePreset;
}

export interface InstantRange {
  /** ISO 8601 UTC; the range is [from, to). */
  from: string;
  to: string;
}

// ----------------------------------------------------------------------------------------------- days

function parseDay(day: string): LocalDate {
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: dayOfMonth ?? 1 };
}

function formatDay({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Calendar arithmetic on days (UTC date math is exact for calendar days). */
function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Adds calendar months, clamping the day (31 Mar − 1 month = 28/29 Feb; 29 Feb − 12 months = 28 Feb). */
function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index - year * 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const shiftDay = (day: string, days: number) => formatDay(addDays(parseDay(day), days));
const shiftMonths = (day: string, months: number) => formatDay(addMonths(parseDay(day), months));

export function dayCount(range: DayRange): number {
  const a = parseDay(range.startDay);
  const b = parseDay(range.endDay);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1;
}

/** Today's date in the zone, "2026-11-21". */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return formatDay(localDateOf(now, timeZone));
}

// -------------------------------------------------------------------------------------------- presets

/** The inclusive local days a preset covers on the day `now` falls on in the zone. */
function presetDays(preset: Exclude<RangePreset, 'custom'>, now: number, timeZone: string): DayRange {
  const today = todayIn(timeZone, now);
  const t = parseDay(today);
  const lastDays = (n: number) => ({ startDay: shiftDay(today, -(n - 1)), endDay: today });
  switch (preset) {
    case 'today':
      return { startDay: today, endDay: today };
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return { startDay: yesterday, endDay: yesterday };
    }
    case 'last7':
      return lastDays(7);
    case 'last30':
      return lastDays(30);
    case 'last90':
      return lastDays(90);
    case 'thisMonth':
      return { startDay: formatDay({ ...t, day: 1 }), endDay: today };
    case 'lastMonth': {
      const lastOfPrevious = addDays({ ...t, day: 1 }, -1);
      return { startDay: formatDay({ ...lastOfPrevious, day: 1 }), endDay: formatDay(lastOfPrevious) };
    }
    case 'thisYear':
      return { startDay: formatDay({ year: t.year, month: 1, day: 1 }), endDay: today };
    case 'last12Months':
      return { startDay: shiftDay(shiftMonths(today, -12), 1), endDay: today };
  }
}

export function pickPreset(preset: Exclude<RangePreset, 'custom'>, now: number, timeZone: string): PickedRange {
  return { preset, ...presetDays(preset, now, timeZone) };
}

/**
 * The days a picked range covers today in the zone: a preset's follow the calendar (a new day, or another
 * zone, moves "Last 7 days"), custom days stay as typed.
 */
export function currentDays(range: PickedRange, now: number, timeZone: string): PickedRange {
  return range.preset === 'custom' ? range : pickPreset(range.preset, now, timeZone);
}

/** [local midnight of startDay, local midnight after endDay) as ISO instants. */
export function toInstants(range: DayRange, timeZone: string): InstantRange {
  const from = startOfLocalDay(parseDay(range.startDay), timeZone);
  const to = startOfLocalDay(addDays(parseDay(range.endDay), 1), timeZone);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** The local days [from, to) touches in the zone: its first day, and the day of its last instant. */
export function daysOfInstants({ from, to }: InstantRange, timeZone: string): DayRange {
  return { startDay: formatDay(localDateOf(Date.parse(from), timeZone)), endDay: formatDay(localDateOf(Date.parse(to) - 1, timeZone)) };
}

/** Whether the range has not ended yet at `now` (it holds today): its figures are so far. */
export function isRunning(range: DayRange, now: number, timeZone: string): boolean {
  const today = todayIn(timeZone, now);
  return range.startDay <= today && today <= range.endDay;
}

export type RangeProblem = 'missing_day' | 'start_after_end' | 'too_long';

/** What is wrong with two typed days; null when they make a range. */
export function rangeProblem(range: DayRange): RangeProblem | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(range.startDay) || !day.test(range.endDay)) return 'missing_day';
  if (range.startDay > range.endDay) return 'start_after_end';
  if (dayCount(range) > 3 * 366) return 'too_long';
  return null;
}

/** A sensible series step for a range: days up to ~6 weeks, weeks up to ~6 months, then months. */
export function defaultInterval(range: DayRange): 'day' | 'week' | 'month' {
  const days = dayCount(range);
  return days <= 45 ? 'day' : days <= 190 ? 'week' : 'month';
}

// ---------------------------------------------------------------------------------------- comparisons

/** The periods a range's figures are compared with, as whole local days (docs/business-api.md, "Ranges"). */
interface Comparisons {
  /** The period just before. */
  previous: DayRange;
  /** The same days a year before; null where that says nothing new (a year or longer, or the same as `previous`). */
  lastYear: DayRange | null;
}

const isFirstOfMonth = (day: string) => parseDay(day).day === 1;
const isLastOfMonth = (day: string) => parseDay(shiftDay(day, 1)).day === 1;

/**
 * The period just before a range:
 * - a period still running (this month, this year) compares with the same days of the period before:
 *   1–27 November with 1–27 October (clamped to that month's end: 1–30 March with 1–28 February);
 * - whole calendar months (last month, or custom days from a 1st to a month's end) with as many whole months
 *   before;
 * - anything else (today, yesterday, the last N days, other custom days) with as many days just before, even
 *   when the last 90 days happen to be three whole months.
 */
export function previousDays(range: PickedRange): DayRange {
  const { startDay, endDay } = range;
  if (range.preset === 'thisMonth') return { startDay: shiftMonths(startDay, -1), endDay: shiftMonths(endDay, -1) };
  if (range.preset === 'thisYear') return { startDay: shiftMonths(startDay, -12), endDay: shiftMonths(endDay, -12) };
  if ((range.preset === 'lastMonth' || range.preset === 'custom') && isFirstOfMonth(startDay) && isLastOfMonth(endDay)) {
    const start = parseDay(startDay);
    const end = parseDay(endDay);
    const months = (end.year - start.year) * 12 + (end.month - start.month) + 1;
    return { startDay: shiftMonths(startDay, -months), endDay: shiftDay(startDay, -1) };
  }
  const length = dayCount(range);
  return { startDay: shiftDay(startDay, -length), endDay: shiftDay(startDay, -1) };
}

/** The same local days one year before (29 February is 28 February). */
export function sameDaysLastYear(range: DayRange): DayRange {
  return { startDay: shiftMonths(range.startDay, -12), endDay: shiftMonths(range.endDay, -12) };
}

export function comparisonsOf(range: PickedRange): Comparisons {
  const previous = previousDays(range);
  const lastYear = sameDaysLastYear(range);
  // From a year on, the same days a year before overlap the range or are the previous period again.
  const saysNothingNew = dayCount(range) >= 365 || (lastYear.startDay === previous.startDay && lastYear.endDay === previous.endDay);
  return { previous, lastYear: saysNothingNew ? null : lastYear };
}

/**
 * The two periods a report of [from, to) is computed against, as instants: what a caller that knows no preset
 * (another process, a test) gets, from the local days the range touches compared as custom days.
 */
export function comparisonInstantsOf(range: InstantRange, timeZone: string): { previous: InstantRange; lastYear: InstantRange } {
  const days = daysOfInstants(range, timeZone);
  return { previous: toInstants(previousDays({ preset: 'custom', ...days }), timeZone), lastYear: toInstants(sameDaysLastYear(days), timeZone) };
}

// ------------------------------------------------------------------------------------------ buckets

/**
 * The series bucket still in progress at `now` (today, this week, this month), or -1: its figures are only
 * what has happened so far, so a chart must not show it as a full period that dropped.
 */
export function partialBucket(series: readonly { periodStart: string }[], rangeTo: string, now: number): number {
  const last = series.length - 1;
  if (last < 0) return -1;
  return Date.parse(series[last]!.periodStart) <= now && now < Date.parse(rangeTo) ? last : -1;
}
