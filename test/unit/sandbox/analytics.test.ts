// The sandbox's report endpoints answer what the figures oracle (test/support/figures-oracle.ts) computes from
// what its list endpoints serve, with local-time buckets of its own calendar, for several ranges, intervals and
// time zones; and the endpoints' own rules (the school's currencies and zone by default, bad parameters refused).
import { describe, expect, it } from 'vitest';
import type { Course, CourseReport, Curriculum, Enrollment, LearningReport, Order, SalesReport, SalesTotals, Subscription, SubscriptionsReport } from '../../../shared/platform/resources';
import * as oracle from '../../support/figures-oracle';
import { harness } from './helpers';

const DAY = 86_400_000;
const h = harness({ orders: 5000 });
const [lumen, sakura] = h.platform.schools as [typeof h.platform.schools[0], typeof h.platform.schools[0]];

/** The oracle's sales figures as the platform names them. */
function platformTotals(f: oracle.SalesFigures): SalesTotals {
  return {
    gross: f.gross, discounts: f.discounts, refunds: f.refunds, net: f.net, orders: f.orders, refunded_orders: f.refundedOrders,
    average_order_value: f.averageOrderValue, refund_rate: f.refundRate,
  };
}

async function allOrders(school: string): Promise<Order[]> {
  return (await h.all<Order>('listOrders', { school, query: { limit: '1000' } })).items;
}

describe('analytics equal the figures oracle over the list endpoints', () => {
  const cases: { school: string; from: string; to: string; lastYear: [string, string]; interval: string; tz?: string; course?: boolean }[] = [
    { school: lumen.id, from: '2026-08-03T00:00:00-04:00', to: '2026-11-02T00:00:00-05:00', lastYear: ['2025-08-03T00:00:00-04:00', '2025-11-02T00:00:00-04:00'], interval: 'week' },
    { school: lumen.id, from: '2026-03-01T00:00:00+09:00', to: '2026-04-01T00:00:00+09:00', lastYear: ['2025-03-01T00:00:00+09:00', '2025-04-01T00:00:00+09:00'], interval: 'day', tz: 'Asia/Tokyo' },
    { school: sakura.id, from: '2024-01-01T00:00:00+09:00', to: '2026-11-01T00:00:00+09:00', lastYear: ['2023-01-01T00:00:00+09:00', '2025-11-01T00:00:00+09:00'], interval: 'month' },
    { school: sakura.id, from: '2025-12-29T00:00:00Z', to: '2026-03-02T00:00:00Z', lastYear: ['2024-12-29T00:00:00Z', '2025-03-02T00:00:00Z'], interval: 'week', tz: 'UTC', course: true },
    { school: lumen.id, from: '2026-02-15T10:00:00Z', to: '2026-05-20T00:00:00Z', lastYear: ['2025-02-15T10:00:00Z', '2025-05-20T00:00:00Z'], interval: 'month', tz: 'Europe/Berlin', course: true },
    { school: lumen.id, from: '2025-11-01T00:00:00-04:00', to: '2025-11-11T00:00:00-05:00', lastYear: ['2024-11-01T00:00:00-04:00', '2024-11-11T00:00:00-05:00'], interval: 'day' },
  ];

  for (const c of cases) {
    it(`sales ${c.school} ${c.from}..${c.to} by ${c.interval} in ${c.tz ?? 'the school time zone'}${c.course ? ' for one course' : ''}`, async () => {
      const orders = await allOrders(c.school);
      const data = h.platform.data.get(c.school)!;
      const tz = c.tz ?? data.school.time_zone;
      const courseId = c.course ? orders.filter((o) => o.state === 'paid').flatMap((o) => o.items).find((i) => i.course_id)!.course_id! : undefined;
      const query: Record<string, string> = { from: c.from, to: c.to, interval: c.interval };
      if (c.tz) query.time_zone = c.tz;
      if (courseId) query.course_id = courseId;
      const report = (await h.call('getSalesReport', { school: c.school, query })).body as SalesReport;
      const from = Date.parse(c.from);
      const to = Date.parse(c.to);
      expect(report.time_zone).toBe(tz);
      expect(report.currencies.map((x) => x.currency)).toEqual(data.currencies);
      const truth = oracle.salesReport(orders, { from, to, interval: c.interval as oracle.Interval, timeZone: tz, courseId });
      // The same local dates a year before, as the case names them: the oracle's calendar agrees.
      expect(oracle.salesFigures(orders, truth[0]!.currency, { from: Date.parse(c.lastYear[0]), to: Date.parse(c.lastYear[1]) }, courseId)).toEqual(truth[0]!.lastYear);
      let anySales = false;
      for (const cur of report.currencies) {
        const t = truth.find((x) => x.currency === cur.currency)!;
        expect(cur.current).toEqual(platformTotals(t.current));
        expect(cur.previous).toEqual(platformTotals(t.previous));
        expect(cur.last_year).toEqual(platformTotals(t.lastYear));
        expect(cur.series).toEqual(t.series.map((p) => ({ period_start: new Date(p.periodStart).toISOString(), ...platformTotals(p) })));
        if (cur.current.orders > 0) anySales = true;
      }
      expect(anySales).toBe(true);
    });
  }

  it('learning report and course reports match the enrollments', async () => {
    for (const school of [lumen.id, sakura.id]) {
      const courses = (await h.all<Course>('listCourses', { school, query: { limit: '1000', sort: 'created_at' } })).items;
      const enrollments = (await h.all<Enrollment>('listEnrollments', { school, query: { limit: '1000' } })).items;
      const snake = (f: oracle.LearningFigures) => ({
        enrollments: f.enrollments, active_students: f.activeStudents, completions: f.completions, enrollments_completed: f.enrollmentsCompleted, completion_rate: f.completionRate,
      });
      for (const [from, to] of [['2026-01-01T00:00:00Z', '2026-11-21T00:00:00Z'], ['2025-06-01T00:00:00+09:00', '2025-09-01T00:00:00+09:00']] as const) {
        const report = (await h.call('getLearningReport', { school, query: { from, to } })).body as LearningReport;
        const truth = oracle.learningReport(enrollments, courses, { from: Date.parse(from), to: Date.parse(to) });
        const byId = <T extends { course_id: string }>(rows: T[]) => [...rows].sort((a, b) => a.course_id.localeCompare(b.course_id));
        expect({ ...report, courses: byId(report.courses) }).toEqual({
          from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...snake(truth),
          courses: byId(truth.courses.map((c) => ({ course_id: c.courseId, title: c.title, ...snake(c) }))),
        });
        expect(report.enrollments).toBeGreaterThan(0);
      }

      // Course report: series, funnel, revenue.
      const course = courses.reduce((best, c) => (c.stats!.enrollments > best.stats!.enrollments ? c : best));
      const curriculum = (await h.call('getCurriculum', { school, params: { course_id: course.id } })).body as Curriculum;
      const from = Date.parse('2024-06-01T00:00:00Z');
      const to = Date.parse('2026-11-01T00:00:00Z');
      const timeZone = h.platform.data.get(school)!.school.time_zone;
      const report = (await h.call('getCourseReport', { school, params: { course_id: course.id }, query: { from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval: 'month' } })).body as CourseReport;
      expect(report.enrollments_series).toEqual(oracle.enrollmentsSeries(enrollments, course.id, { from, to, interval: 'month', timeZone }).map((p) => ({ period_start: new Date(p.periodStart).toISOString(), enrollments: p.enrollments })));
      expect(report.sections).toEqual(oracle.sectionFunnel(enrollments, curriculum, { from, to }).map((s) => ({ section_id: s.sectionId, title: s.title, reached: s.reached, completed: s.completed })));
      // A funnel: nobody completes a section they did not reach, and reach only narrows.
      for (let k = 0; k < report.sections.length; k++) {
        expect(report.sections[k]!.completed).toBeLessThanOrEqual(report.sections[k]!.reached);
        if (k > 0) expect(report.sections[k]!.reached).toBeLessThanOrEqual(report.sections[k - 1]!.reached);
      }
      const orders = await allOrders(school);
      for (const r of report.revenue) {
        const expected = oracle.salesFigures(orders, r.currency, { from, to }, course.id);
        expect(r).toEqual({ currency: r.currency, gross: expected.gross, refunds: expected.refunds, net: expected.net, orders: expected.orders });
      }
    }
  });

  it('counts active students one way: Course.stats over the 30 days to now equals the learning report ending now, per course', async () => {
    for (const school of [lumen.id, sakura.id]) {
      const now = h.platform.now.getTime();
      const courses = (await h.all<Course>('listCourses', { school, query: { limit: '1000' } })).items;
      const report = (await h.call('getLearningReport', { school, query: { from: new Date(now - 90 * DAY).toISOString(), to: new Date(now).toISOString() } })).body as LearningReport;
      let someActive = false;
      for (const course of courses) {
        const row = report.courses.find((c) => c.course_id === course.id)!;
        expect(row.active_students, course.title).toBe(course.stats!.active_students);
        // And from the raw enrollments, the one definition: last activity in [now - 30 days, now).
        const list = (await h.all<Enrollment>('listCourseEnrollments', { school, params: { course_id: course.id }, query: { limit: '1000' } })).items;
        const active = new Set(list.filter((e) => e.last_activity_at && Date.parse(e.last_activity_at) >= now - 30 * DAY && Date.parse(e.last_activity_at) < now).map((e) => e.student_id)).size;
        expect(course.stats!.active_students, course.title).toBe(active);
        if (active > 0) someActive = true;
      }
      expect(someActive).toBe(true);
    }
  });

  it('subscriptions report matches the subscriptions list', async () => {
    for (const school of [lumen.id, sakura.id]) {
      const subs = (await h.all<Subscription>('listSubscriptions', { school, query: { limit: '1000' } })).items;
      for (const [from, to] of [['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'], ['2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z']] as const) {
        const report = (await h.call('getSubscriptionsReport', { school, query: { from, to } })).body as SubscriptionsReport;
        expect(report.currencies.map((c) => c.currency).sort()).toEqual([...new Set(subs.map((s) => s.currency))].sort());
        for (const c of report.currencies) {
          const f = oracle.subscriptionFigures(subs, c.currency, { from: Date.parse(from), to: Date.parse(to) });
          expect(c).toEqual({
            currency: c.currency, mrr: f.mrr, active_subscribers: f.activeSubscribers, new_subscribers: f.newSubscribers, churned_subscribers: f.churnedSubscribers,
            churn_rate: f.churnRate, past_due: f.pastDue, canceling: f.canceling,
          });
          expect(c.mrr).toBeGreaterThan(0);
        }
      }
    }
  });

  it('refuses bad report parameters with a message naming the parameter', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ to: '2026-01-01T00:00:00Z' }, 'from'],
      [{ from: '2026-01-01T00:00:00Z' }, 'to'],
      [{ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to'],
      [{ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', interval: 'hour' }, 'interval'],
      [{ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', course_id: 'nope' }, 'course_id'],
      [{ from: '1900-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z', interval: 'day' }, 'bucket'],
    ];
    for (const [query, name] of bad) {
      const error = await h.fails('getSalesReport', { query });
      expect(error.status, JSON.stringify(query)).toBe(400);
      expect(error.message, JSON.stringify(query)).toContain(name);
    }
    expect((await h.fails('getCourseReport', { params: { course_id: 'crs_1_999' }, query: { from: '2026-01-01', to: '2026-02-01' } })).status).toBe(404);
  });
});
