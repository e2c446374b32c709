// The figures oracle's own clock: civil dates by day-number arithmetic and each time zone the tests use as its
// written rules (standard offset, when daylight saving starts and ends), with no Intl, no Temporal and no code
// of the app or the sandbox. A zone it does not know is an error, never a guess. Its rules are checked against
// the system's time-zone data in test/unit/architecture/figures-oracle.test.ts.

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export interface WallTime extends CivilDate {
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month and day may overflow, as in "day 32"). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Normalise the month first, then count whole 400-year eras (146,097 days each) from 0000-03-01.
  const y0 = year + Math.floor((month - 1) / 12);
  const m0 = ((((month - 1) % 12) + 12) % 12) + 1;
  const y = m0 <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (m0 + 9) % 12; // March = 0
  const doy = Math.floor((153 * mp + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468 + (day - 1);
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day of the month of the first Sunday on or after `day`. */
function sundayOnOrAfter(year: number, month: number, day: number): number {
  const weekday = isoWeekday(daysFromCivil(year, month, day));
  return day + ((7 - weekday) % 7);
}

function lastSunday(year: number, month: number): number {
  const days = daysFromCivil(year, month + 1, 1) - 1;
  const last = civilFromDays(days).day;
  return last - (isoWeekday(days) % 7);
}

const at = (year: number, month: number, day: number, utcMinutes: number) => daysFromCivil(year, month, day) * DAY + utcMinutes * MINUTE;

interface ZoneRule {
  /** Minutes ahead of UTC outside daylight saving. */
  standard: number;
  dst?: {
    save: number;
    /** The UTC instants daylight saving starts and ends in a year. */
    start(year: number): number;
    end(year: number): number;
    /** The first year these rules hold. */
    since: number;
  };
}

// The rules as the zones' governments set them (and the tz database records them) for the years the tests use.
const ZONES: Record<string, ZoneRule> = {
  UTC: { standard: 0 },
  'Etc/UTC': { standard: 0 },
  'Asia/Tokyo': { standard: 9 * 60 },
  'Asia/Taipei': { standard: 8 * 60 },
  // United States since 2007: second Sunday of March 2:00 EST → first Sunday of November 2:00 EDT.
  'America/New_York': {
    standard: -5 * 60,
    dst: { save: 60, since: 2007, start: (y) => at(y, 3, sundayOnOrAfter(y, 3, 8), 7 * 60), end: (y) => at(y, 11, sundayOnOrAfter(y, 11, 1), 6 * 60) },
  },
  // European Union since 1996: last Sunday of March → last Sunday of October, both at 01:00 UTC.
  'Europe/Berlin': {
    standard: 60,
    dst: { save: 60, since: 1996, start: (y) => at(y, 3, lastSunday(y, 3), 60), end: (y) => at(y, 10, lastSunday(y, 10), 60) },
  },
  // Lord Howe Island since 2008: a 30-minute shift, first Sunday of October 2:00 (+10:30) → first Sunday of April 2:00 (+11).
  'Australia/Lord_Howe': {
    standard: 10 * 60 + 30,
    dst: { save: 30, since: 2008, start: (y) => at(y, 10, sundayOnOrAfter(y, 10, 1), 2 * 60 - 630), end: (y) => at(y, 4, sundayOnOrAfter(y, 4, 1), 2 * 60 - 660) },
  },
  // Chile since 2019: first Sunday on or after 2 September at 04:00 UTC (midnight skipped; 9 September in 2022) →
  // first Sunday on or after 2 April at 03:00 UTC.
  'America/Santiago': {
    standard: -4 * 60,
    dst: { save: 60, since: 2019, start: (y) => at(y, 9, sundayOnOrAfter(y, 9, y === 2022 ? 9 : 2), 4 * 60), end: (y) => at(y, 4, sundayOnOrAfter(y, 4, 2), 3 * 60) },
  },
};

export function knownZones(): string[] {
  return Object.keys(ZONES);
}

function ruleOf(timeZone: string): ZoneRule {
  const rule = ZONES[timeZone];
  if (!rule) throw new Error(`The figures oracle has no rules for the time zone ${timeZone}: add them to oracle-calendar.ts.`);
  return rule;
}

/** Minutes the zone's wall clock is ahead of UTC at an instant. */
export function offsetMinutes(instant: number, timeZone: string): number {
  const rule = ruleOf(timeZone);
  if (!rule.dst) return rule.standard;
  const { year } = civilFromDays(Math.floor((instant + rule.standard * MINUTE) / DAY));
  if (year < rule.dst.since) throw new Error(`The figures oracle knows ${timeZone} only from ${rule.dst.since}.`);
  const start = rule.dst.start(year);
  const end = rule.dst.end(year);
  // Northern zones save between start and end of a year; southern ones from start to the next year's end.
  const saving = start < end ? instant >= start && instant < end : instant < end || instant >= start;
  return rule.standard + (saving ? rule.dst.save : 0);
}

/** The wall clock at an instant. */
export function wallTime(instant: number, timeZone: string): WallTime {
  const local = instant + offsetMinutes(instant, timeZone) * MINUTE;
  const days = Math.floor(local / DAY);
  let rest = local - days * DAY;
  const hour = Math.floor(rest / HOUR);
  rest -= hour * HOUR;
  const minute = Math.floor(rest / MINUTE);
  rest -= minute * MINUTE;
  const second = Math.floor(rest / 1000);
  return { ...civilFromDays(days), hour, minute, second, ms: rest - second * 1000 };
}

/**
 * The instant of a wall-clock time (fields may overflow). A time that happens twice (the clock goes back) is its
 * first instant; a time the clock skips is read with the offset before the jump, so it lands as much later as
 * the clock jumped (a skipped midnight: the day starts where the clock lands).
 */
export function instantOf(w: Omit<WallTime, 'ms'> & { ms?: number }, timeZone: string): number {
  const rule = ruleOf(timeZone);
  const wall = daysFromCivil(w.year, w.month, w.day) * DAY + w.hour * HOUR + w.minute * MINUTE + w.second * 1000 + (w.ms ?? 0);
  const offsets = rule.dst ? [rule.standard, rule.standard + rule.dst.save] : [rule.standard];
  const valid = offsets.map((o) => wall - o * MINUTE).filter((t) => offsetMinutes(t, timeZone) * MINUTE === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  return wall - Math.min(...offsets) * MINUTE;
}

export function startOfDay(date: CivilDate, timeZone: string): number {
  return instantOf({ ...date, hour: 0, minute: 0, second: 0 }, timeZone);
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return civilFromDays(daysFromCivil(date.year, date.month, date.day) + days);
}

export type Interval = 'day' | 'week' | 'month';

/** The first civil date of the day, ISO week (Monday) or month that holds an instant. */
export function periodDateOf(instant: number, interval: Interval, timeZone: string): CivilDate {
  const w = wallTime(instant, timeZone);
  if (interval === 'day') return { year: w.year, month: w.month, day: w.day };
  if (interval === 'month') return { year: w.year, month: w.month, day: 1 };
  const days = daysFromCivil(w.year, w.month, w.day);
  return civilFromDays(days - (isoWeekday(days) - 1));
}

function nextPeriodDate(date: CivilDate, interval: Interval): CivilDate {
  if (interval === 'day') return addDays(date, 1);
  if (interval === 'week') return addDays(date, 7);
  return date.month === 12 ? { year: date.year + 1, month: 1, day: 1 } : { year: date.year, month: date.month + 1, day: 1 };
}

/** Every period's first instant, from the period holding `from` to the one holding the last instant before `to`. */
export function periodStarts(from: number, to: number, interval: Interval, timeZone: string): number[] {
  const out: number[] = [];
  for (let date = periodDateOf(from, interval, timeZone), t = startOfDay(date, timeZone); t < to; date = nextPeriodDate(date, interval), t = startOfDay(date, timeZone)) {
    out.push(t);
  }
  return out;
}

/** The same wall-clock time a year earlier (29 February becomes 1 March). */
export function sameTimeYearEarlier(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const leapDay = w.month === 2 && w.day === 29;
  return instantOf({ ...w, year: w.year - 1, month: leapDay ? 3 : w.month, day: leapDay ? 1 : w.day }, timeZone);
}
