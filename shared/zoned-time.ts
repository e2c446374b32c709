// Wall clocks of IANA time zones without a date library: Intl says what the clock of a zone shows at an
// instant (DST included), and wallToInstant inverts that. Business days, ranges and buckets are built on it
// (date-range.ts), in the renderer as in the data engine's worker.

/** A calendar date with no time zone: month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
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
function zonedParts(instant: number, timeZone: string): WallClock {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of the zone names (fields may overflow: day 32 is the next month's first). A
 * time the clock skips (DST forward, e.g. Santiago's or Havana's midnight) is the instant the clock jumps to;
 * a time that happens twice (DST back) is its earlier instant.
 */
export function wallToInstant(wall: WallClock, timeZone: string): number {
  const utc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The offsets a day either side cover both readings of a time near a switch.
  const candidates = [-DAY_MS, 0, DAY_MS].map((d) => utc - zoneOffsetMs(utc + d, timeZone));
  const exact = candidates.filter((t) => t + zoneOffsetMs(t, timeZone) === utc);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped: between the reading with the later offset (the clock still before this time) and the one with
  // the earlier offset (already past it), the first second whose clock is past it is where the clock jumped.
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (mid + zoneOffsetMs(mid, timeZone) > utc) after = mid;
    else before = mid;
  }
  return after;
}

/** The first instant of a local day (where DST skips midnight, the first instant that exists that day). */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return wallToInstant({ ...date, hour: 0, minute: 0, second: 0 }, timeZone);
}

export function localDateOf(instant: number, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

export type Interval = 'day' | 'week' | 'month';

/** The local midnight starting the day, ISO week (Monday) or month that holds `instant`. */
export function periodStart(instant: number, interval: Interval, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const weekday = (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7; // Monday 0
  const day = interval === 'month' ? 1 : interval === 'week' ? p.day - weekday : p.day;
  return startOfLocalDay({ year: p.year, month: p.month, day }, timeZone);
}

const MAX_PERIODS = 4000;

/** Every period start from the period holding `from` to the one holding the last instant before `to`. */
export function periodStarts(from: number, to: number, interval: Interval, timeZone: string): number[] {
  const starts: number[] = [];
  let t = periodStart(from, interval, timeZone);
  while (t < to) {
    if (starts.length >= MAX_PERIODS) throw new RangeError(`more than ${MAX_PERIODS} ${interval} periods`);
    starts.push(t);
    // The civil date a few hours in names the period even where DST moved its midnight.
    const p = zonedParts(t + 3 * 3_600_000, timeZone);
    const next = interval === 'day' ? { ...p, day: p.day + 1 } : interval === 'week' ? { ...p, day: p.day + 7 } : { ...p, month: p.month + 1, day: 1 };
    t = startOfLocalDay(next, timeZone);
  }
  return starts;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "2026-11-23T19:00" as the wall clock of `timeZone` at an instant (what a datetime-local field shows). */
export function localInputOf(iso: string, timeZone: string): string {
  const p = zonedParts(Date.parse(iso), timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The instant a wall-clock time of `timeZone` names ("2026-11-23T19:00"), as ISO 8601 UTC; null when the
 * text is no such time. A time that happens twice (clocks going back) is the earlier; one skipped (clocks
 * going forward) is null, so the admin picks a time that exists.
 */
export function instantOfLocalInput(text: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (Number.isNaN(Date.UTC(year, month - 1, day, hour, minute))) return null;
  const instant = wallToInstant({ year, month, day, hour, minute, second: 0 }, timeZone);
  return localInputOf(new Date(instant).toISOString(), timeZone) === text.trim() ? new Date(instant).toISOString() : null;
}
