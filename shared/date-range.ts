// Date ranges as the admin means them: local calendar days in the school's (or the admin's) IANA time zone,
// turned into [from, to) instants the platform understands. Intl knows every zone's offsets, including DST,
// so no date library is needed: a local midnight is found by asking Intl what the wall clock says.

type RangePreset = 'today' | 'last7Days' | 'last30Days' | 'last90Days' | 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'thisYear' | 'last12Months' | 'custom';

/** A calendar date with no time zone: month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

interface ResolvedRange {
  preset: RangePreset;
  timeZone: string;
  /** Instants, ISO 8601 UTC; the range is [from, to). */
  from: string;
  to: string;
  /** The local days it covers, `lastDay` inclusive (for labels such as "1 Nov – 21 Nov"). */
  firstDay: LocalDate;
  lastDay: LocalDate;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone: the caller learns at once, not with wrong numbers later.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at an instant. */
export function zonedParts(instant: number, timeZone: string): LocalDate & { hour: number; minute: number; second: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

function sameDay(a: LocalDate, b: LocalDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** The first instant of a local day. Where DST skips midnight (e.g. America/Santiago) that is the first instant that exists. */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  const candidates = [first, second].filter((t) => sameDay(zonedParts(t, timeZone), date));
  if (candidates.length === 0) {
    // Midnight does not exist that day: the day starts where the clock jumps, at most a few hours later.
    let t = Math.max(first, second);
    while (!sameDay(zonedParts(t, timeZone), date)) t += 15 * 60_000;
    return t;
  }
  // A local time that happens twice: the earlier instant starts the day. Step back to a boundary if earlier times of the day exist.
  return Math.min(...candidates);
}

export function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Adds calendar months, clamping the day (31 Mar - 1 month = 28/29 Feb). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

function compare(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

function parseLocalDate(text: string): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`not a date (YYYY-MM-DD): "${text}"`);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = addDays(date, 0);
  if (!sameDay(check, date)) throw new RangeError(`no such date: "${text}"`);
  return date;
}

/** Builds the [from, to) instants covering local days firstDay..lastDay (inclusive). */
function rangeOfDays(firstDay: LocalDate, lastDay: LocalDate, timeZone: string, preset: RangePreset = 'custom'): ResolvedRange {
  if (compare(firstDay, lastDay) > 0) throw new RangeError('the range ends before it starts');
  return {
    preset,
    timeZone,
    from: new Date(startOfLocalDay(firstDay, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(addDays(lastDay, 1), timeZone)).toISOString(),
    firstDay,
    lastDay,
  };
}

/**
 * A preset as of `now`, in `timeZone`. Ranges that include today run to the end of today, so "this month"
 * on the 21st is 1–21; `custom` needs `custom.first` / `custom.last` (YYYY-MM-DD, inclusive).
 */
export function resolvePreset(preset: RangePreset, timeZone: string, now: number = Date.now(), custom?: { first: string; last: string }): ResolvedRange {
  const today = localDateOf(now, timeZone);
  const monthStart = { ...today, day: 1 };
  switch (preset) {
    case 'today':
      return rangeOfDays(today, today, timeZone, preset);
    case 'last7Days':
      return rangeOfDays(addDays(today, -6), today, timeZone, preset);
    case 'last30Days':
      return rangeOfDays(addDays(today, -29), today, timeZone, preset);
    case 'last90Days':
      return rangeOfDays(addDays(today, -89), today, timeZone, preset);
    case 'thisMonth':
      return rangeOfDays(monthStart, today, timeZone, preset);
    case 'lastMonth':
      return rangeOfDays(addMonths(monthStart, -1), addDays(monthStart, -1), timeZone, preset);
    case 'thisQuarter': {
      const quarterStart = { year: today.year, month: today.month - ((today.month - 1) % 3), day: 1 };
      return rangeOfDays(quarterStart, today, timeZone, preset);
    }
    case 'thisYear':
      return rangeOfDays({ year: today.year, month: 1, day: 1 }, today, timeZone, preset);
    case 'last12Months':
      return rangeOfDays(addMonths(monthStart, -11), today, timeZone, preset);
    case 'custom': {
      if (!custom) throw new RangeError('a custom range needs its first and last day');
      return rangeOfDays(parseLocalDate(custom.first), parseLocalDate(custom.last), timeZone, preset);
    }
  }
}

const MONTH_ALIGNED: ReadonlySet<RangePreset> = new Set(['thisMonth', 'lastMonth', 'thisQuarter', 'thisYear', 'last12Months']);

/**
 * The period just before: month-aligned presets move back by whole months (this month 1–21 → last month 1–21,
 * clamped), the others by their length in days (last 7 days → the 7 days before).
 */
export function previousPeriod(range: ResolvedRange): ResolvedRange {
  if (MONTH_ALIGNED.has(range.preset) && range.firstDay.day === 1) {
    const months = (range.lastDay.year - range.firstDay.year) * 12 + (range.lastDay.month - range.firstDay.month) + 1;
    const first = addMonths(range.firstDay, -months);
    const last = addMonths(range.lastDay, -months);
    // "Last month" is whole: its previous period is the whole month before, whatever its length.
    const wholeMonths = sameDay(addDays(range.lastDay, 1), addMonths({ ...range.lastDay, day: 1 }, 1));
    const lastDay = wholeMonths ? addDays(range.firstDay, -1) : last;
    return rangeOfDays(first, compare(lastDay, first) < 0 ? first : lastDay, range.timeZone, 'custom');
  }
  const length = daysBetween(range.firstDay, range.lastDay) + 1;
  return rangeOfDays(addDays(range.firstDay, -length), addDays(range.firstDay, -1), range.timeZone, 'custom');
}

/** The same local days one year earlier (29 Feb → 28 Feb). */
export function samePeriodLastYear(range: ResolvedRange): ResolvedRange {
  return rangeOfDays(addMonths(range.firstDay, -12), addMonths(range.lastDay, -12), range.timeZone, 'custom');
}
