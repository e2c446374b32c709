// Wall-clock times in a zone for a million CSV rows: Intl's formatToParts costs microseconds per call, so the
// zone's UTC offset is asked once per UTC day, and the rest is arithmetic. A day whose two ends disagree (a DST
// switch that day) is split into 15-minute spans (every DST rule switches on a quarter hour), and a span whose
// ends disagree too (a switch inside it, as in some historic zones) is formatted exactly, call by call. Same
// output as orders-csv's localTimeFormatter, which the tests hold it to.
import { localTimeFormatter } from '../data/orders-csv';

const SPAN = 15 * 60_000;
const DAY = 86_400_000;

export function fastLocalTimeFormatter(timeZone: string): (iso: string | null) => string {
  const exact = localTimeFormatter(timeZone);
  const days = new Map<number, number | null>(); // UTC day → offset in ms, null: not constant over the day
  const offsets = new Map<number, number | null>(); // span → offset in ms, null: not constant over the span
  const offsetAt = (t: number) => {
    const wall = exact(new Date(t).toISOString());
    return Date.parse(`${wall.replace(' ', 'T')}Z`) - t;
  };
  return (iso) => {
    if (iso === null) return '';
    const t = Date.parse(iso);
    if (Number.isNaN(t)) return exact(iso);
    const day = Math.floor(t / DAY);
    let offset = days.get(day);
    if (offset === undefined) {
      // Ends and middle: a zone that switched there and back within one day would still be caught.
      const start = offsetAt(day * DAY);
      offset = start === offsetAt(day * DAY + DAY / 2) && start === offsetAt(day * DAY + DAY - 1000) ? start : null;
      days.set(day, offset);
    }
    if (offset === null) {
      const span = Math.floor(t / SPAN);
      offset = offsets.get(span);
      if (offset === undefined) {
        const start = offsetAt(span * SPAN);
        offset = start === offsetAt(span * SPAN + SPAN - 1000) ? start : null;
        offsets.set(span, offset);
      }
    }
    if (offset === null) return exact(iso);
    // Whole seconds, as the exact formatter shows them.
    const text = new Date(Math.floor((t + offset) / 1000) * 1000).toISOString();
    return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
  };
}
