// Date ranges the admin picks, as [from, to) instants between local midnights of the admin's time zone
// (Intl finds the offsets, including DST changes; no date library). Local days come from shared/date-range.
import { t } from '../../../shared/i18n/i18n';
import { localDateOf, startOfLocalDay } from '../../../shared/date-range';

export const RANGE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisYear', 'last12Months', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset's name in the current UI language. */
export function presetLabel(preset: RangePreset): string {
  return t(`common:range.presets.${preset}`);
}

export interface PickedRange {
  preset: RangePreset;
  /** Local calendar days, inclusive: "2026-11-01" … "2026-11-30". */
  startDay: string;
  endDay: string;
}

interface InstantRange {
  from: string;
  to: string;
}

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number;
}

/** The instant local day `ymd` starts in the time zone (where DST skips midnight, the first instant that exists). */
export function zonedMidnight({ y, m, d }: Ymd, timeZone: string): number {
  return startOfLocalDay({ year: y, month: m, day: d }, timeZone);
}

function parseDay(day: string): Ymd {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
}

function formatDay({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Calendar arithmetic on days (UTC date math is exact for calendar days). */
function addDays(day: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function today(nowMs: number, timeZone: string): Ymd {
  const { year, month, day } = localDateOf(nowMs, timeZone);
  return { y: year, m: month, d: day };
}

/** The inclusive local days a preset covers on the day `now` falls on. */
function presetDays(preset: Exclude<RangePreset, 'custom'>, nowMs: number, timeZone: string): { startDay: string; endDay: string } {
  const t = today(nowMs, timeZone);
  const lastDays = (n: number) => ({ startDay: formatDay(addDays(t, -(n - 1))), endDay: formatDay(t) });
  switch (preset) {
    case 'last7':
      return lastDays(7);
    case 'last30':
      return lastDays(30);
    case 'last90':
      return lastDays(90);
    case 'thisMonth':
      return { startDay: formatDay({ y: t.y, m: t.m, d: 1 }), endDay: formatDay(t) };
    case 'lastMonth': {
      const firstOfThis = { y: t.y, m: t.m, d: 1 };
      const lastOfPrev = addDays(firstOfThis, -1);
      return { startDay: formatDay({ y: lastOfPrev.y, m: lastOfPrev.m, d: 1 }), endDay: formatDay(lastOfPrev) };
    }
    case 'thisYear':
      return { startDay: formatDay({ y: t.y, m: 1, d: 1 }), endDay: formatDay(t) };
    case 'last12Months': {
      const start = addDays({ y: t.y - 1, m: t.m, d: t.d }, 1);
      return { startDay: formatDay(start), endDay: formatDay(t) };
    }
  }
}

export function pickPreset(preset: Exclude<RangePreset, 'custom'>, nowMs: number, timeZone: string): PickedRange {
  return { preset, ...presetDays(preset, nowMs, timeZone) };
}

/** [local midnight of startDay, local midnight after endDay) as ISO instants. */
export function toInstants(range: Pick<PickedRange, 'startDay' | 'endDay'>, timeZone: string): InstantRange {
  const from = zonedMidnight(parseDay(range.startDay), timeZone);
  const to = zonedMidnight(addDays(parseDay(range.endDay), 1), timeZone);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

export function dayCount(range: Pick<PickedRange, 'startDay' | 'endDay'>): number {
  const a = parseDay(range.startDay);
  const b = parseDay(range.endDay);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000) + 1;
}

/** A sensible series step for a range: days up to ~6 weeks, weeks up to ~6 months, then months. */
export function defaultInterval(range: Pick<PickedRange, 'startDay' | 'endDay'>): 'day' | 'week' | 'month' {
  const days = dayCount(range);
  return days <= 45 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** Checks a custom range typed by the admin; null when it is usable. */
export function rangeProblem(range: Pick<PickedRange, 'startDay' | 'endDay'>): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(range.startDay) || !day.test(range.endDay)) return t('common:range.problems.bothDays');
  if (range.startDay > range.endDay) return t('common:range.problems.order');
  if (dayCount(range) > 3 * 366) return t('common:range.problems.tooLong');
  return null;
}

/** The period of the same length just before a range: what "vs previous period" compares with. */
export function previousInstants({ from, to }: InstantRange): InstantRange {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return { from: new Date(a - (b - a)).toISOString(), to: from };
}

/**
 * Whether "vs last year" says anything: only for ranges shorter than a year. From a year on, the same days a
 * year before overlap the range or are just the previous period again, so the page shows only the latter.
 */
export function comparesWithLastYear(range: Pick<PickedRange, 'startDay' | 'endDay'>): boolean {
  return dayCount(range) < 365;
}

/**
 * The series bucket still in progress at `now` (today, this week, this month), or -1: its figures are only
 * what has happened so far, so a chart must not show it as a full period that dropped.
 */
export function partialBucket(series: readonly { periodStart: string }[], rangeTo: string, now: number): number {
  const last = series.length - 1;
  if (last < 0) return -1;
  return Date.parse(series[last]!.periodStart) <= now && now < Date.parse(rangeTo) ? last : -1;
}

/** Period labels with the one in progress marked "(so far)" (a copy; -1 marks none). */
export function markPartial(labels: readonly string[], partial: number): string[] {
  return labels.map((label, i) => (i === partial ? t('common:time.soFar', { label }) : label));
}
