// Wall-clock times in a zone for a million CSV rows: Intl's formatToParts costs microseconds per call, so the
// zone's UTC offset is asked once per UTC day, and the rest is arithmetic. A day whose two ends disagree (a DST
// switch that day) is split into 15-minute spans (every DST rule switches on a quarter hour), and a span whose
// ends disagree too (a switch inside it, as in some historic zones) is formatted exactly, call by call. Same
// output as orders-csv-format's localTimeFormatter, which the tests hold it to.
import { localTimeFormatter } from './orders-csv-format';

const SPAN = 15 * 60_000;
const DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, k) => String(k).padStart(2, '0'));

/** Epoch ms → "YYYY-MM-DD HH:mm:ss" in the zone; `.iso` takes the platform's text instead (null → ''). */
interface LocalMsFormatter {
  (t: number): string;
  iso(iso: string | null): string;
}

export function localMsFormatter(timeZone: string): LocalMsFormatter {
  const exact = localTimeFormatter(timeZone);
  const days = new Map<number, number | null>(); // UTC day → offset in ms, null: not constant over the day
  const offsets = new Map<number, number | null>(); // span → offset in ms, null: not constant over the span
  const datePrefixes = new Map<number, string | null>(); // local day → "YYYY-MM-DD ", null: not a 4-digit year
  const offsetAt = (t: number) => {
    const wall = exact(new Date(t).toISOString());
    return Date.parse(`${wall.replace(' ', 'T')}Z`) - t;
  };
  const offsetOf = (t: number): number | null => {
    const day = Math.floor(t / DAY);
    let offset = days.get(day);
    if (offset === undefined) {
      // Ends and middle: a zone that switched there and back within one day would still be caught.
      const start = offsetAt(day * DAY);
      offset = start === offsetAt(day * DAY + DAY / 2) && start === offsetAt(day * DAY + DAY - 1000) ? start : null;
      days.set(day, offset);
    }
    if (offset !== null) return offset;
    const span = Math.floor(t / SPAN);
    offset = offsets.get(span);
    if (offset === undefined) {
      const start = offsetAt(span * SPAN);
      offset = start === offsetAt(span * SPAN + SPAN - 1000) ? start : null;
      offsets.set(span, offset);
    }
    return offset;
  };
  // The last UTC day with one offset, and the last local day's date: rows in time order skip both maps.
  let lastDay = NaN;
  let lastOffset = 0;
  let lastLocalDay = NaN;
  let lastPrefix = '';
  const format = ((t: number): string => {
    let offset: number | null;
    if (Math.floor(t / DAY) === lastDay) offset = lastOffset;
    else {
      offset = offsetOf(t);
      if (offset === null) return exact(new Date(t).toISOString());
      if (days.get(Math.floor(t / DAY)) === offset) {
        lastDay = Math.floor(t / DAY);
        lastOffset = offset;
      }
    }
    // Whole seconds, as the exact formatter shows them.
    const wall = Math.floor((t + offset) / 1000) * 1000;
    const day = Math.floor(wall / DAY);
    let prefix: string | null | undefined = day === lastLocalDay ? lastPrefix : datePrefixes.get(day);
    if (prefix === undefined) {
      const text = new Date(day * DAY).toISOString();
      prefix = text.length === 24 ? `${text.slice(0, 10)} ` : null;
      datePrefixes.set(day, prefix);
    }
    if (prefix !== null) {
      lastLocalDay = day;
      lastPrefix = prefix;
    }
    if (prefix === null) {
      const text = new Date(wall).toISOString();
      return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
    }
    const seconds = (wall - day * DAY) / 1000;
    return `${prefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
  }) as LocalMsFormatter;
  format.iso = (iso) => {
    if (iso === null) return '';
    const t = Date.parse(iso);
    return Number.isNaN(t) ? exact(iso) : format(t);
  };
  return format;
}

export function fastLocalTimeFormatter(timeZone: string): (iso: string | null) => string {
  return localMsFormatter(timeZone).iso;
}
