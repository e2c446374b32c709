// The figures oracle: every figure of docs/business-api.md (Sales, One course, Orders totals, Learning,
// Subscriptions with MRR, Coupons) computed the slow, obvious way from the platform's raw lists as its API
// serves them (snake_case, fetched over HTTP: raw-records.ts), in the school's time zone by its own calendar
// (oracle-calendar.ts). It shares no code with the app's engine, the platform adapter or the sandbox's report
// code (test/unit/architecture/figures-oracle.test.ts holds it to that), so when they agree with it, it is
// because each follows the definitions, not because they copy each other.
import type { Coupon, Course, Curriculum, Enrollment, Order, Subscription } from '../../shared/platform/resources';
import { DAY, periodDateOf, periodStarts, sameTimeYearEarlier, startOfDay, type Interval } from './oracle-calendar';

export { periodStarts, type Interval } from './oracle-calendar';

const SALE = new Set(['paid', 'refunding', 'refunded']);
const time = (iso: string | null | undefined): number => (iso === null || iso === undefined ? NaN : Date.parse(iso));
const within = (iso: string | null | undefined, from: number, to: number) => {
  const t = time(iso);
  return t >= from && t < to;
};

export interface Range {
  from: number;
  to: number;
}

/** Whether an order's money counts: paid, refunding or refunded. */
export function isSale(order: Pick<Order, 'state'>): boolean {
  return SALE.has(order.state);
}

// ------------------------------------------------------------------------------------------------ Sales

export interface SalesFigures {
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
  orders: number;
  refundedOrders: number;
  averageOrderValue: number;
  refundRate: number;
}

/** One order's part in the sales figures: all of it, or only the line items of one course (null: none). */
function shareOf(order: Order, courseId: string | undefined): { gross: number; discounts: number; refunds: number } | null {
  const refunded = order.refunded_amount > 0;
  if (courseId === undefined) return { gross: order.original_amount, discounts: order.discount_amount, refunds: order.refunded_amount };
  const items = order.items.filter((item) => item.course_id === courseId);
  if (items.length === 0) return null;
  let gross = 0;
  let discounts = 0;
  let paid = 0;
  for (const item of items) {
    gross += item.original_amount;
    discounts += item.discount_amount;
    paid += item.amount;
  }
  return { gross, discounts, refunds: refunded ? paid : 0 };
}

/** Sales of the sale orders paid in [from, to) in one currency (docs/business-api.md, "Sales"; with a course, "One course"). */
export function salesFigures(orders: readonly Order[], currency: string, range: Range, courseId?: string): SalesFigures {
  let gross = 0;
  let discounts = 0;
  let refunds = 0;
  let count = 0;
  let refundedOrders = 0;
  for (const order of orders) {
    if (order.currency !== currency || !isSale(order) || !within(order.paid_at, range.from, range.to)) continue;
    const share = shareOf(order, courseId);
    if (!share) continue;
    gross += share.gross;
    discounts += share.discounts;
    refunds += share.refunds;
    count++;
    if (order.refunded_amount > 0) refundedOrders++;
  }
  return {
    gross,
    discounts,
    refunds,
    net: gross - discounts - refunds,
    orders: count,
    refundedOrders,
    averageOrderValue: count === 0 ? 0 : Math.round((gross - discounts) / count),
    refundRate: count === 0 ? 0 : refundedOrders / count,
  };
}

export interface SalesQuery extends Range {
  interval: Interval;
  timeZone: string;
  courseId?: string | undefined;
}

export interface CurrencySalesFigures {
  currency: string;
  current: SalesFigures;
  previous: SalesFigures;
  lastYear: SalesFigures;
  series: (SalesFigures & { periodStart: number })[];
}

/** The whole sales report for every currency the orders are in, alphabetically. */
export function salesReport(orders: readonly Order[], q: SalesQuery): CurrencySalesFigures[] {
  const currencies = [...new Set(orders.map((o) => o.currency))].sort();
  const starts = periodStarts(q.from, q.to, q.interval, q.timeZone);
  const previous = { from: q.from - (q.to - q.from), to: q.from };
  const lastYear = { from: sameTimeYearEarlier(q.from, q.timeZone), to: sameTimeYearEarlier(q.to, q.timeZone) };
  return currencies.map((currency) => ({
    currency,
    current: salesFigures(orders, currency, q, q.courseId),
    previous: salesFigures(orders, currency, previous, q.courseId),
    lastYear: salesFigures(orders, currency, lastYear, q.courseId),
    // Each period holds what fell inside both it and the range: the first and last can be partial.
    series: starts.map((start, k) => ({
      periodStart: start,
      ...salesFigures(orders, currency, { from: Math.max(start, q.from), to: Math.min(starts[k + 1] ?? q.to, q.to) }, q.courseId),
    })),
  }));
}

// ---------------------------------------------------------------------------------------- Orders totals

export interface OrderTotals {
  currency: string;
  /** Every order shown, whatever its state. */
  count: number;
  /** The orders whose money counts (paid, refunding, refunded): every amount below is of these only. */
  sold: number;
  original: number;
  discount: number;
  paid: number;
  refunded: number;
  net: number;
}

/** Totals per currency of the orders an Orders view shows (docs/business-api.md, "Orders totals"). */
export function orderTotals(shown: readonly Order[]): OrderTotals[] {
  const out = new Map<string, OrderTotals>();
  for (const o of shown) {
    let t = out.get(o.currency);
    if (!t) out.set(o.currency, (t = { currency: o.currency, count: 0, sold: 0, original: 0, discount: 0, paid: 0, refunded: 0, net: 0 }));
    t.count++;
    if (!isSale(o)) continue;
    t.sold++;
    t.original += o.original_amount;
    t.discount += o.discount_amount;
    t.paid += o.paid_amount;
    t.refunded += o.refunded_amount;
    t.net = t.paid - t.refunded;
  }
  return [...out.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

export interface CourseShare {
  currency: string;
  /** Sale orders holding the course. */
  orders: number;
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
}

/** One course's own figures over the orders shown: its line items of the sale orders (the "One course" definition). */
export function courseShareTotals(shown: readonly Order[], courseId: string): CourseShare[] {
  const out = new Map<string, CourseShare>();
  for (const o of shown) {
    if (!isSale(o)) continue;
    const share = shareOf(o, courseId);
    if (!share) continue;
    let t = out.get(o.currency);
    if (!t) out.set(o.currency, (t = { currency: o.currency, orders: 0, gross: 0, discounts: 0, refunds: 0, net: 0 }));
    t.orders++;
    t.gross += share.gross;
    t.discounts += share.discounts;
    t.refunds += share.refunds;
    t.net = t.gross - t.discounts - t.refunds;
  }
  return [...out.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/** One order's course share as the CSV carries it: the course's line items (their price, discount, paid) and, when refunded, the refund. */
export function orderCourseShare(order: Order, courseId: string): { original: number; discount: number; paid: number; refunded: number } {
  const items = order.items.filter((i) => i.course_id === courseId);
  const paid = isSale(order) ? items.reduce((n, i) => n + i.amount, 0) : 0;
  return {
    original: items.reduce((n, i) => n + i.original_amount, 0),
    discount: items.reduce((n, i) => n + i.discount_amount, 0),
    paid,
    refunded: order.refunded_amount > 0 ? paid : 0,
  };
}

// -------------------------------------------------------------------------------------------- Learning

export interface LearningFigures {
  enrollments: number;
  /** Of those enrollments, how many were completed before the range's end: the completion rate's numerator. */
  completedOfEnrolled: number;
  completionRate: number;
  completions: number;
  activeStudents: number;
}

const ACTIVE_DAYS = 30;

/** Learning figures of [from, to) (docs/business-api.md, "Learning"), school-wide or of one course's enrollments. */
export function learningFigures(enrollments: readonly Enrollment[], range: Range): LearningFigures {
  const started = enrollments.filter((e) => within(e.enrolled_at, range.from, range.to));
  const finished = started.filter((e) => time(e.completed_at) < range.to).length;
  const active = new Set(enrollments.filter((e) => within(e.last_activity_at, range.to - ACTIVE_DAYS * DAY, range.to)).map((e) => e.student_id));
  return {
    enrollments: started.length,
    completedOfEnrolled: finished,
    completionRate: started.length === 0 ? 0 : finished / started.length,
    completions: enrollments.filter((e) => within(e.completed_at, range.from, range.to)).length,
    activeStudents: active.size,
  };
}

/** The learning report: the school's figures and every course's (zeros included). */
export function learningReport(enrollments: readonly Enrollment[], courses: readonly Pick<Course, 'id' | 'title'>[], range: Range) {
  return {
    ...learningFigures(enrollments, range),
    courses: courses.map((c) => ({ courseId: c.id, title: c.title, ...learningFigures(enrollments.filter((e) => e.course_id === c.id), range) })),
  };
}

/** The course page's enrollments per period of the zone (every period present). */
export function enrollmentsSeries(enrollments: readonly Enrollment[], courseId: string, q: Range & { interval: Interval; timeZone: string }) {
  const starts = periodStarts(q.from, q.to, q.interval, q.timeZone);
  const mine = enrollments.filter((e) => e.course_id === courseId);
  return starts.map((start, k) => ({
    periodStart: start,
    enrollments: mine.filter((e) => within(e.enrolled_at, Math.max(start, q.from), Math.min(starts[k + 1] ?? q.to, q.to))).length,
  }));
}

/** Where the range's learners of a course stall: reached and completed per section in curriculum order. */
export function sectionFunnel(enrollments: readonly Enrollment[], curriculum: Curriculum, range: Range) {
  const sections = [...curriculum.sections].sort((a, b) => a.position - b.position);
  const total = sections.reduce((n, s) => n + s.lectures.length, 0);
  const made = enrollments.filter((e) => e.course_id === curriculum.course_id && within(e.enrolled_at, range.from, range.to));
  let through = 0;
  return sections.map((section, k) => {
    through += section.lectures.length;
    return {
      sectionId: section.id,
      title: section.title,
      reached: made.filter((e) => {
        const at = sections.findIndex((s) => s.id === e.current_section_id);
        return at >= k;
      }).length,
      completed: made.filter((e) => Math.round(e.progress * total) >= through).length,
    };
  });
}

// -------------------------------------------------------------------------------------- Subscriptions

/** A subscription's amount per month: a year is 12 months, a month 30 days. */
export function monthly(s: Pick<Subscription, 'amount' | 'interval'>): number {
  return s.interval === 'month' ? s.amount : s.interval === 'year' ? Math.round(s.amount / 12) : s.amount * 30;
}

/** Whether a subscription pays at instant t: started by then, not ended, and not a trial or incomplete one. */
export function paysAt(s: Subscription, t: number): boolean {
  return s.state !== 'trialing' && s.state !== 'incomplete' && time(s.started_at) <= t && (s.canceled_at === null || time(s.canceled_at) > t);
}

/** MRR and paying subscriptions of one currency at an instant. */
export function mrrAt(subscriptions: readonly Subscription[], currency: string, t: number): { mrr: number; subscribers: number } {
  let mrr = 0;
  let subscribers = 0;
  for (const s of subscriptions) {
    if (s.currency !== currency || !paysAt(s, t)) continue;
    mrr += monthly(s);
    subscribers++;
  }
  return { mrr, subscribers };
}

export interface SubscriptionFigures {
  currency: string;
  mrr: number;
  activeSubscribers: number;
  pastDue: number;
  canceling: number;
  newSubscribers: number;
  churnedSubscribers: number;
  /** Subscriptions running at `from`: the churn rate's denominator. */
  atStart: number;
  churnRate: number;
}

/** The subscription figures of one currency: MRR, active, past due and canceling as of now; new, churned and churn over [from, to). */
export function subscriptionFigures(subscriptions: readonly Subscription[], currency: string, range: Range): SubscriptionFigures {
  const mine = subscriptions.filter((s) => s.currency === currency);
  const running = mine.filter((s) => s.state === 'active' || s.state === 'past_due');
  const churned = mine.filter((s) => within(s.canceled_at, range.from, range.to)).length;
  const atStart = mine.filter((s) => time(s.started_at) < range.from && (s.canceled_at === null || time(s.canceled_at) >= range.from)).length;
  return {
    currency,
    mrr: running.reduce((n, s) => n + monthly(s), 0),
    activeSubscribers: running.length,
    pastDue: mine.filter((s) => s.state === 'past_due').length,
    canceling: mine.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired').length,
    newSubscribers: mine.filter((s) => within(s.started_at, range.from, range.to)).length,
    churnedSubscribers: churned,
    atStart,
    churnRate: atStart === 0 ? 0 : Math.min(1, churned / atStart),
  };
}

/**
 * MRR and paying subscribers over the range (docs/business-api.md, "MRR over the range"): at the end of each
 * period (the next one's start, the range's end for the last), and at the range's start and end, each at most
 * `now` (the records say nothing of later).
 */
export function mrrTrend(subscriptions: readonly Subscription[], currency: string, q: Range & { interval: Interval; timeZone: string; now: number }) {
  const at = (t: number) => mrrAt(subscriptions, currency, Math.min(t, q.now));
  const starts = periodStarts(q.from, q.to, q.interval, q.timeZone);
  const start = at(q.from);
  const end = at(q.to);
  return {
    start: { mrr: start.mrr, subscribers: start.subscribers },
    end: { mrr: end.mrr, subscribers: end.subscribers },
    series: starts.map((s, k) => ({ periodStart: s, ...at(Math.min(starts[k + 1] ?? q.to, q.to)) })),
  };
}

/** How MRR moved from `from` to `to` in one currency, each member's change filed once (docs/business-api.md, "MRR movements"). */
export function mrrMovements(subscriptions: readonly Subscription[], currency: string, range: Range) {
  const members = new Map<string, { a: number; b: number; before: boolean }>();
  for (const s of subscriptions) {
    if (s.currency !== currency) continue;
    const m = members.get(s.member_id) ?? { a: 0, b: 0, before: false };
    if (paysAt(s, range.from)) m.a += monthly(s);
    if (paysAt(s, range.to)) m.b += monthly(s);
    if (s.state !== 'trialing' && s.state !== 'incomplete' && time(s.started_at) < range.from) m.before = true;
    members.set(s.member_id, m);
  }
  const out = { currency, mrrAtStart: 0, mrrAtEnd: 0, new: 0, reactivation: 0, expansion: 0, contraction: 0, churn: 0 };
  for (const { a, b, before } of members.values()) {
    out.mrrAtStart += a;
    out.mrrAtEnd += b;
    if (a === 0 && b > 0) out[before ? 'reactivation' : 'new'] += b;
    else if (a > 0 && b === 0) out.churn += a;
    else if (b > a) out.expansion += b - a;
    else out.contraction += a - b;
  }
  return out;
}

// --------------------------------------------------------------------------------------------- Coupons

export type CouponStatus = 'scheduled' | 'active' | 'expired' | 'used_up' | 'disabled';

/** A coupon's state at an instant (docs/business-api.md, "Coupons"): switched off, then its dates, then its limit. */
export function couponStatus(coupon: Coupon, now: number): CouponStatus {
  if (coupon.state === 'disabled') return 'disabled';
  if (time(coupon.starts_at) > now) return 'scheduled';
  if (coupon.ends_at !== null && time(coupon.ends_at) <= now) return 'expired';
  if (coupon.usage_limit !== null && coupon.redemptions >= coupon.usage_limit) return 'used_up';
  return 'active';
}

export interface CouponFigures {
  currency: string;
  /** Sale orders paid in the range that used the coupon. */
  redemptions: number;
  gross: number;
  discount: number;
  refunded: number;
  /** Paid minus refunded: what the school kept. */
  net: number;
}

/** What a coupon brought in [from, to) per currency: its sale orders paid in the range (an unbounded range: all of them). */
export function couponFigures(orders: readonly Order[], couponId: string, range: Range): CouponFigures[] {
  const out = new Map<string, CouponFigures>();
  for (const o of orders) {
    if (o.coupon?.coupon_id !== couponId || !isSale(o) || !within(o.paid_at, range.from, range.to)) continue;
    let f = out.get(o.currency);
    if (!f) out.set(o.currency, (f = { currency: o.currency, redemptions: 0, gross: 0, discount: 0, refunded: 0, net: 0 }));
    f.redemptions++;
    f.gross += o.original_amount;
    f.discount += o.discount_amount;
    f.refunded += o.refunded_amount;
    f.net += o.paid_amount - o.refunded_amount;
  }
  return [...out.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/** The local midnight that starts the day holding an instant (for ranges made of whole local days). */
export function startOfLocalDay(instant: number, timeZone: string): number {
  return startOfDay(periodDateOf(instant, 'day', timeZone), timeZone);
}
