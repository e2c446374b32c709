// Local days of a time zone found apart from the app's range code (shared/date-range.ts, shared/zoned-time.ts):
// the date Intl's formatter writes for an instant, and a bisection over instants for where a day starts.
// Tests use it to know which days and instants a range should be, without asking the code they check.

const HOUR = 3_600_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** "2026-03-08": the local date at an instant (en-CA writes year-month-day). */
export function localDay(instant: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
}

/** The first second whose local date is `day`: local dates only grow with time, so a bisection finds it. */
export function dayStart(day: string, timeZone: string): number {
  let before = Date.parse(`${day}T00:00:00Z`) - 16 * HOUR; // no zone is more than 14 h from UTC
  let after = Date.parse(`${day}T00:00:00Z`) + 16 * HOUR;
  while (after - before > 1000) {
    const mid = before + Math.floor((after - before) / 2000) * 1000;
    if (localDay(mid, timeZone) >= day) after = mid;
    else before = mid;
  }
  return after;
}

/** A calendar day `n` days after `day` (UTC date arithmetic is exact for calendar days). */
export function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);
}

/** Local days startDay..endDay (inclusive) as [from, to) ISO instants. */
export function instantsOfDays(startDay: string, endDay: string, timeZone: string): { from: string; to: string } {
  return { from: new Date(dayStart(startDay, timeZone)).toISOString(), to: new Date(dayStart(plusDays(endDay, 1), timeZone)).toISOString() };
}

/** "Oct 1 – 27" as en-US writes a span of days (the app's own format; the days are what a test checks). */
export function daysText(startDay: string, endDay: string, withYear = false): string {
  const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  const [a, b] = [Date.parse(`${startDay}T00:00:00Z`), Date.parse(`${endDay}T00:00:00Z`)];
  return a === b ? format.format(a) : format.formatRange(a, b);
}
