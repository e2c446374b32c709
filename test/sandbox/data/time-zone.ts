// Civil time in an IANA time zone without a date library: Intl gives the wall clock of an instant, and
// `zonedTimeToUtc` inverts it. Analytics buckets (days, ISO weeks, months) are built on these.

export const DAY_MS = 86_400_000;

interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 1 = Monday .. 7 = Sunday (ISO)
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localParts(utcMs: number, timeZone: string): LocalParts {
  const parts: LocalParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    switch (p.type) {
      case 'year': parts.year = Number(p.value); break;
      case 'month': parts.month = Number(p.value); break;
      case 'day': parts.day = Number(p.value); break;
      case 'hour': parts.hour = Number(p.value); break;
      case 'minute': parts.minute = Number(p.value); break;
      case 'second': parts.second = Number(p.value); break;
      case 'weekday': parts.weekday = WEEKDAYS[p.value] ?? 0; break;
    }
  }
  return parts;
}

/** Offset of the zone's wall clock from UTC at an instant, in ms (New York in winter: -5 h). */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const p = localParts(utcMs, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time in a zone. Fields may overflow (day 32, month 13): Date.UTC
 * normalises them. A wall time skipped by a DST jump resolves to the instant just after the jump.
 */
export function zonedTimeToUtc(year: number, month: number, day: number, hour: number, minute: number, second: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second2 = wall - zoneOffsetMs(first, timeZone);
  if (second2 === first) return first;
  // Across a transition: take the candidate whose wall clock matches; else (a skipped time) the later one.
  const third = wall - zoneOffsetMs(second2, timeZone);
  return third === second2 ? second2 : Math.max(first, second2);
}

/**
 * The zone's offset (as zoneOffsetMs) at `start + d` days for every d in [0, days), with few Intl calls: offsets
 * are read every 16 days and day by day only between two readings that differ (no zone changes its offset
 * twice within 16 days). The calendar needs one per day of three years, for every school.
 */
export function dailyOffsets(start: number, days: number, timeZone: string): Float64Array {
  const STEP = 16;
  const offsets = new Float64Array(days);
  if (days === 0) return offsets;
  const at = (d: number) => zoneOffsetMs(start + d * DAY_MS, timeZone);
  let from = 0;
  offsets[0] = at(0);
  while (from < days - 1) {
    const to = Math.min(from + STEP, days - 1);
    const offset = at(to);
    const changed = offset !== offsets[from];
    for (let d = from + 1; d < to; d++) offsets[d] = changed ? at(d) : offset;
    offsets[to] = offset;
    from = to;
  }
  return offsets;
}

export type Interval = 'day' | 'week' | 'month';

/** Local midnight starting the bucket (day, ISO week from Monday, month) that contains `utcMs`. */
function bucketStart(utcMs: number, interval: Interval, timeZone: string): number {
  const p = localParts(utcMs, timeZone);
  let day = p.day;
  if (interval === 'week') day -= p.weekday - 1;
  if (interval === 'month') day = 1;
  return zonedTimeToUtc(p.year, p.month, day, 0, 0, 0, timeZone);
}

/** The local midnight one bucket after the bucket starting at `startUtc` (a value from bucketStart). */
function nextBucketStart(startUtc: number, interval: Interval, timeZone: string): number {
  // Read the civil date a few hours into the bucket so a DST-shifted midnight still names the right day.
  const p = localParts(startUtc + 3 * 3_600_000, timeZone);
  if (interval === 'day') return zonedTimeToUtc(p.year, p.month, p.day + 1, 0, 0, 0, timeZone);
  if (interval === 'week') return zonedTimeToUtc(p.year, p.month, p.day + 7, 0, 0, 0, timeZone);
  return zonedTimeToUtc(p.year, p.month + 1, 1, 0, 0, 0, timeZone);
}

/** Every bucket start from the bucket containing `from` up to (not including) `to`. */
export function bucketStarts(from: number, to: number, interval: Interval, timeZone: string): number[] {
  const starts: number[] = [];
  for (let t = bucketStart(from, interval, timeZone); t < to; t = nextBucketStart(t, interval, timeZone)) starts.push(t);
  return starts;
}

/** The same wall-clock time `years` earlier in the zone (Feb 29 becomes Mar 1 in a common year). */
export function shiftLocalYears(utcMs: number, years: number, timeZone: string): number {
  const p = localParts(utcMs, timeZone);
  return zonedTimeToUtc(p.year - years, p.month, p.day, p.hour, p.minute, p.second, timeZone) + (utcMs % 1000);
}
