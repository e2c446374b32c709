// The figures admins look at, computed from the same records the list endpoints serve, so that anyone can
// recompute them from those lists (docs/business-api.md defines each one; the e2e tests do recompute them).
import type { CourseReport, LearningReport, SalesReport, SalesTotals, SubscriptionsReport } from '../../../shared/platform/resources';
import type { SchoolData } from '../data';
import { iso } from '../data/catalog';
import { SALE_STATES } from '../data/orders';
import { bucketStarts, DAY_MS, shiftLocalYears, type Interval } from '../data/time-zone';
import { isActiveAt } from '../data/activity';
import { permutation } from './order-index';
import { invalid } from './params';

const MAX_BUCKETS = 4000;

export interface ReportRange {
  from: number;
  to: number;
  interval: Interval;
  timeZone: string;
}

const GROSS = 0;
const DISCOUNTS = 1;
const REFUNDS = 2;
const ORDERS = 3;
const REFUNDED_ORDERS = 4;
const FIELDS = 5;

function totals(acc: Float64Array, at: number): SalesTotals {
  const gross = acc[at + GROSS]!;
  const discounts = acc[at + DISCOUNTS]!;
  const refunds = acc[at + REFUNDS]!;
  const orders = acc[at + ORDERS]!;
  const refundedOrders = acc[at + REFUNDED_ORDERS]!;
  return {
    gross,
    discounts,
    refunds,
    net: gross - discounts - refunds,
    orders,
    refunded_orders: refundedOrders,
    average_order_value: orders === 0 ? 0 : Math.round((gross - discounts) / orders),
    refund_rate: orders === 0 ? 0 : refundedOrders / orders,
  };
}

function buckets(range: ReportRange): number[] {
  if (range.to <= range.from) throw invalid('to must be after from.');
  // Guard before building: a day bucket is at least 23 hours long.
  const approx = (range.to - range.from) / (range.interval === 'day' ? DAY_MS : range.interval === 'week' ? 7 * DAY_MS : 28 * DAY_MS);
  if (approx > MAX_BUCKETS) throw invalid(`the range holds more than ${MAX_BUCKETS} ${range.interval} buckets; choose a longer interval or a shorter range.`);
  return bucketStarts(range.from, range.to, range.interval, range.timeZone);
}

function bucketOf(starts: number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Sales of a range per currency: totals, series, previous period and the same local dates a year before. */
export function salesReport(school: SchoolData, range: ReportRange, courseIndex?: number): SalesReport {
  const { orders, catalog } = school;
  const starts = buckets(range);
  const currencies = school.currencies;
  const cc = currencies.length;
  const length = range.to - range.from;
  const previous = { from: range.from - length, to: range.from };
  const lastYear = { from: shiftLocalYears(range.from, 1, range.timeZone), to: shiftLocalYears(range.to, 1, range.timeZone) };
  const current = new Float64Array(cc * FIELDS);
  const before = new Float64Array(cc * FIELDS);
  const yearAgo = new Float64Array(cc * FIELDS);
  const series = new Float64Array(starts.length * cc * FIELDS);

  const { order, keyed } = permutation(orders, 'paid_at');
  const lo = Math.min(previous.from, lastYear.from);
  const hi = Math.max(range.to, lastYear.to);
  // First position with paid_at >= lo in the paid_at permutation.
  let a = 0;
  let b = keyed;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((orders.paidAt[order[mid]!] as number) < lo) a = mid + 1;
    else b = mid;
  }
  const add = (acc: Float64Array, at: number, g: number, d: number, r: number, refunded: boolean) => {
    acc[at + GROSS]! += g;
    acc[at + DISCOUNTS]! += d;
    acc[at + REFUNDS]! += r;
    acc[at + ORDERS]! += 1;
    if (refunded) acc[at + REFUNDED_ORDERS]! += 1;
  };
  for (let p = a; p < keyed; p++) {
    const i = order[p]!;
    const t = orders.paidAt[i] as number;
    if (t >= hi) break;
    if (!SALE_STATES.has(orders.state[i] as number)) continue;
    const refunded = (orders.refunded[i] as number) > 0;
    let g: number;
    let d: number;
    let r: number;
    if (courseIndex === undefined) {
      g = orders.original[i] as number;
      d = orders.discount[i] as number;
      r = orders.refunded[i] as number;
    } else {
      g = 0;
      d = 0;
      r = 0;
      let hit = false;
      for (let k = orders.itemStart[i] as number; k < (orders.itemStart[i + 1] as number); k++) {
        if (catalog.products[orders.itemProduct[k] as number]!.courseIndex !== courseIndex) continue;
        hit = true;
        g += orders.itemOriginal[k] as number;
        d += orders.itemDiscount[k] as number;
        if (refunded) r += orders.itemAmount[k] as number;
      }
      if (!hit) continue;
    }
    const c = orders.currency[i] as number;
    if (t >= range.from && t < range.to) {
      add(current, c * FIELDS, g, d, r, refunded);
      add(series, (bucketOf(starts, t) * cc + c) * FIELDS, g, d, r, refunded);
    }
    if (t >= previous.from && t < previous.to) add(before, c * FIELDS, g, d, r, refunded);
    if (t >= lastYear.from && t < lastYear.to) add(yearAgo, c * FIELDS, g, d, r, refunded);
  }
  return {
    from: iso(range.from),
    to: iso(range.to),
    interval: range.interval,
    time_zone: range.timeZone,
    currencies: currencies.map((currency, c) => ({
      currency,
      current: totals(current, c * FIELDS),
      previous: totals(before, c * FIELDS),
      last_year: totals(yearAgo, c * FIELDS),
      series: starts.map((start, s) => ({ period_start: iso(start), ...totals(series, (s * cc + c) * FIELDS) })),
    })),
  };
}

interface LearningCounts { enrollments: number; completedByTo: number; completions: number; active: Set<number> }

/**
 * Enrollments, completions and active students over a range, for the school and per course. Active students
 * follow the one definition of `isActiveAt` (the 30 days up to `to`); the completion rate is that of the
 * range's enrollments (those that completed before `to`), so it never mixes two groups of learners.
 */
export function learningReport(school: SchoolData, from: number, to: number): LearningReport {
  if (to <= from) throw invalid('to must be after from.');
  const { enrollments, catalog } = school;
  const perCourse: LearningCounts[] = catalog.courses.map(() => ({ enrollments: 0, completedByTo: 0, completions: 0, active: new Set<number>() }));
  const all: LearningCounts = { enrollments: 0, completedByTo: 0, completions: 0, active: new Set<number>() };
  for (let e = 0; e < enrollments.count; e++) {
    const course = perCourse[enrollments.course[e] as number]!;
    const enrolled = enrollments.enrolledAt[e] as number;
    const completed = enrollments.completedAt[e] as number;
    const last = enrollments.lastActivityAt[e] as number;
    if (enrolled >= from && enrolled < to) {
      course.enrollments++;
      all.enrollments++;
      if (completed < to) {
        course.completedByTo++;
        all.completedByTo++;
      }
    }
    if (completed >= from && completed < to) {
      course.completions++;
      all.completions++;
    }
    if (isActiveAt(last, to)) {
      course.active.add(enrollments.student[e] as number);
      all.active.add(enrollments.student[e] as number);
    }
  }
  const rate = (n: LearningCounts) => (n.enrollments === 0 ? 0 : n.completedByTo / n.enrollments);
  return {
    from: iso(from),
    to: iso(to),
    enrollments: all.enrollments,
    active_students: all.active.size,
    completions: all.completions,
    completion_rate: rate(all),
    courses: catalog.courses.map((record, c) => ({
      course_id: record.course.id,
      title: record.course.title,
      enrollments: perCourse[c]!.enrollments,
      active_students: perCourse[c]!.active.size,
      completions: perCourse[c]!.completions,
      completion_rate: rate(perCourse[c]!),
    })),
  };
}

/** One course: enrollments per bucket, the section funnel of those enrollments, revenue per currency. */
export function courseReport(school: SchoolData, courseIndex: number, range: ReportRange): CourseReport {
  const { enrollments, catalog } = school;
  const record = catalog.courses[courseIndex]!;
  const starts = buckets(range);
  const perBucket = new Array<number>(starts.length).fill(0);
  const sections = record.curriculum.sections;
  const reached = new Array<number>(sections.length).fill(0);
  const completed = new Array<number>(sections.length).fill(0);
  for (const e of enrollments.forCourse(courseIndex)) {
    const enrolled = enrollments.enrolledAt[e] as number;
    if (enrolled < range.from || enrolled >= range.to) continue;
    perBucket[bucketOf(starts, enrolled)]!++;
    const section = enrollments.section[e] as number;
    const lectures = enrollments.lectures[e] as number;
    for (let s = 0; s < sections.length; s++) {
      if (section >= s) reached[s]!++;
      if (lectures >= record.lectureStart[s + 1]!) completed[s]!++;
    }
  }
  const sales = salesReport(school, range, courseIndex);
  return {
    course_id: record.course.id,
    from: iso(range.from),
    to: iso(range.to),
    enrollments_series: starts.map((start, s) => ({ period_start: iso(start), enrollments: perBucket[s]! })),
    sections: sections.map((s, k) => ({ section_id: s.id, title: s.title, reached: reached[k]!, completed: completed[k]! })),
    revenue: sales.currencies.map((c) => ({ currency: c.currency, gross: c.current.gross, refunds: c.current.refunds, net: c.current.net, orders: c.current.orders })),
  };
}

const MONTHLY: Record<'day' | 'month' | 'year', (amount: number) => number> = {
  day: (amount) => amount * 30,
  month: (amount) => amount,
  year: (amount) => Math.round(amount / 12),
};

/** MRR and subscriber movement per currency. MRR, active, past_due and canceling are as of now. */
export function subscriptionsReport(school: SchoolData, from: number, to: number): SubscriptionsReport {
  if (to <= from) throw invalid('to must be after from.');
  const currencies = [...new Set([...school.currencies, ...school.catalog.membershipPlans.filter((p) => p.kind === 'recurring').map((p) => p.currency), ...school.subscriptions.map((s) => s.currency)])];
  return {
    from: iso(from),
    to: iso(to),
    currencies: currencies.map((currency) => {
      let mrr = 0;
      let active = 0;
      let fresh = 0;
      let churned = 0;
      let atStart = 0;
      let pastDue = 0;
      let canceling = 0;
      for (const s of school.subscriptions) {
        if (s.currency !== currency) continue;
        const started = Date.parse(s.started_at);
        const ended = s.canceled_at === null ? Infinity : Date.parse(s.canceled_at);
        if (s.state === 'active' || s.state === 'past_due') {
          mrr += MONTHLY[s.interval](s.amount);
          active++;
        }
        if (s.state === 'past_due') pastDue++;
        if (s.canceling && s.state !== 'canceled' && s.state !== 'expired') canceling++;
        if (started >= from && started < to) fresh++;
        if (ended >= from && ended < to) churned++;
        if (started < from && ended >= from) atStart++;
      }
      return {
        currency,
        mrr,
        active_subscribers: active,
        new_subscribers: fresh,
        churned_subscribers: churned,
        churn_rate: atStart === 0 ? 0 : Math.min(1, churned / atStart),
        past_due: pastDue,
        canceling,
      };
    }),
  };
}
