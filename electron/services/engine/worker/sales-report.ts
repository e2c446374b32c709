// Sales figures computed by the engine from the synced orders, for any range, offline included: the
// definitions of docs/business-api.md ("Local analytics"), in the app's model (shared/model/analytics.ts), the
// shape the platform's sales report is mapped into too, so the two can be compared figure by figure. One pass over the columns, a binary search for the bucket:
// tens of milliseconds at 1,000,000 orders.
import { periodStarts, type Interval } from '../../../../shared/zoned-time';
import type { SalesReport, SalesTotals } from '../../../../shared/model/analytics';
import type { CourseRevenue } from '../../../../shared/model/courses';
import type { OrdersTable } from './orders-table';

export type { Interval };

/** A [from, to) range of epoch milliseconds. */
interface MsRange {
  from: number;
  to: number;
}

interface SalesQuery extends MsRange {
  interval: Interval;
  timeZone: string;
  courseId?: string | undefined;
  /** What the figures are compared with, chosen by the caller (shared/date-range.ts comparisonsOf). */
  previous: MsRange;
  lastYear: MsRange;
}

const SALE_STATES = new Set(['paid', 'refunding', 'refunded']);
const FIELDS = 5; // gross, discounts, refunds, orders, refunded orders

function totals(acc: Float64Array, at: number): SalesTotals {
  const gross = acc[at]!;
  const discounts = acc[at + 1]!;
  const refunds = acc[at + 2]!;
  const orders = acc[at + 3]!;
  const refunded = acc[at + 4]!;
  return {
    gross,
    discounts,
    refunds,
    net: gross - discounts - refunds,
    orders,
    refundedOrders: refunded,
    averageOrderValue: orders === 0 ? 0 : Math.round((gross - discounts) / orders),
    refundRate: orders === 0 ? 0 : refunded / orders,
  };
}

function bucketOf(starts: readonly number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function salesReport(table: OrdersTable, query: SalesQuery): SalesReport {
  const { from, to, interval, timeZone, courseId, previous, lastYear } = query;
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const c = table.columns;
  const starts = periodStarts(from, to, interval, timeZone);
  const currencies = c.currency.dict.size;
  const current = new Float64Array(currencies * FIELDS);
  const before = new Float64Array(currencies * FIELDS);
  const yearAgo = new Float64Array(currencies * FIELDS);
  const series = new Float64Array(starts.length * currencies * FIELDS);
  const sale = new Uint8Array(c.state.dict.size);
  for (let k = 0; k < sale.length; k++) if (SALE_STATES.has(c.state.dict.get(k))) sale[k] = 1;
  let course = -1;
  if (courseId !== undefined) {
    for (let k = 0; k < c.itemCourse.dict.size; k++) if (c.itemCourse.dict.get(k) === courseId) course = k;
  }
  const lo = Math.min(from, previous.from, lastYear.from);
  const hi = Math.max(to, previous.to, lastYear.to);
  const add = (acc: Float64Array, at: number, g: number, d: number, r: number, refunded: boolean) => {
    acc[at] = acc[at]! + g;
    acc[at + 1] = acc[at + 1]! + d;
    acc[at + 2] = acc[at + 2]! + r;
    acc[at + 3] = acc[at + 3]! + 1;
    if (refunded) acc[at + 4] = acc[at + 4]! + 1;
  };
  const paidAt = c.paidAt.ms;
  for (let i = 0; i < c.count; i++) {
    const t = paidAt[i]!;
    if (!(t >= lo && t < hi) || !sale[c.state.codes[i]!]) continue; // NaN (never paid) fails the range
    const refunded = c.refunded[i]! > 0;
    let g: number;
    let d: number;
    let r: number;
    if (courseId === undefined) {
      g = c.original[i]!;
      d = c.discount[i]!;
      r = c.refunded[i]!;
    } else {
      if (course < 0) continue;
      g = 0;
      d = 0;
      r = 0;
      let hit = false;
      for (let j = c.itemStart[i]!, end = c.itemStart[i + 1]!; j < end; j++) {
        // "That course's curriculum-plan line items": a line item naming the course.
        if (c.itemCourse.codes[j] !== course) continue;
        hit = true;
        g += c.itemOriginal[j]!;
        d += c.itemDiscount[j]!;
        if (refunded) r += c.itemAmount[j]!;
      }
      if (!hit) continue;
    }
    const at = c.currency.codes[i]! * FIELDS;
    if (t >= from && t < to) {
      add(current, at, g, d, r, refunded);
      add(series, bucketOf(starts, t) * currencies * FIELDS + at, g, d, r, refunded);
    }
    if (t >= previous.from && t < previous.to) add(before, at, g, d, r, refunded);
    if (t >= lastYear.from && t < lastYear.to) add(yearAgo, at, g, d, r, refunded);
  }
  const codes = c.currency.dict.values().map((code, k) => ({ code, k })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const iso = (t: number) => new Date(t).toISOString();
  return {
    from: iso(from),
    to: iso(to),
    interval,
    timeZone,
    currencies: codes.map(({ code, k }) => ({
      currency: code,
      current: totals(current, k * FIELDS),
      previous: totals(before, k * FIELDS),
      lastYear: totals(yearAgo, k * FIELDS),
      series: starts.map((start, s) => ({ periodStart: iso(start), ...totals(series, (s * currencies + k) * FIELDS) })),
    })),
  };
}

/**
 * Every course's revenue per currency over [from, to), as Courses shows it: the sales figures with one course
 * (docs/business-api.md) for all courses in one pass. Each course lists every currency the school's orders
 * use (zeros included), in code order.
 */
export function courseRevenue(table: OrdersTable, from: number, to: number): Record<string, CourseRevenue[]> {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const c = table.columns;
  const courses = c.itemCourse.dict.size;
  const currencies = c.currency.dict.size;
  const FIELDS_PER = 4; // gross, discounts, refunds, orders
  const acc = new Float64Array(courses * currencies * FIELDS_PER);
  const lastOrder = new Int32Array(courses).fill(-1);
  const sale = new Uint8Array(c.state.dict.size);
  for (let k = 0; k < sale.length; k++) if (SALE_STATES.has(c.state.dict.get(k))) sale[k] = 1;
  const paidAt = c.paidAt.ms;
  for (let i = 0; i < c.count; i++) {
    const t = paidAt[i]!;
    if (!(t >= from && t < to) || !sale[c.state.codes[i]!]) continue;
    const refunded = c.refunded[i]! > 0;
    const currency = c.currency.codes[i]!;
    for (let j = c.itemStart[i]!, end = c.itemStart[i + 1]!; j < end; j++) {
      const course = c.itemCourse.codes[j]!;
      if (course === c.itemCourse.none) continue;
      const at = (course * currencies + currency) * FIELDS_PER;
      acc[at] = acc[at]! + c.itemOriginal[j]!;
      acc[at + 1] = acc[at + 1]! + c.itemDiscount[j]!;
      if (refunded) acc[at + 2] = acc[at + 2]! + c.itemAmount[j]!;
      // An order counts once per course, however many of its line items name it.
      if (lastOrder[course] !== i) {
        lastOrder[course] = i;
        acc[at + 3] = acc[at + 3]! + 1;
      }
    }
  }
  const codes = c.currency.dict.values().map((code, k) => ({ code, k })).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const out: Record<string, CourseRevenue[]> = {};
  for (let course = 0; course < courses; course++) {
    out[c.itemCourse.dict.get(course)] = codes.map(({ code, k }) => {
      const at = (course * currencies + k) * FIELDS_PER;
      const gross = acc[at]!;
      const discounts = acc[at + 1]!;
      const refunds = acc[at + 2]!;
      return { currency: code, gross, refunds, net: gross - discounts - refunds, orders: acc[at + 3]! };
    });
  }
  return out;
}
