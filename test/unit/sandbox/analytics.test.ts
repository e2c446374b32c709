// Every figure recomputed by brute force from what the list endpoints serve, with local-time buckets
// derived independently through Intl, for several ranges, intervals and time zones.
import { describe, expect, it } from 'vitest';
import type { Course, CourseReport, Curriculum, Enrollment, LearningReport, Order, SalesReport, SalesTotals, Subscription, SubscriptionsReport } from '../../../shared/platform/resources';
import { harness } from './helpers';

const DAY = 86_400_000;
const h = harness({ orders: 5000 });
const [lumen, sakura] = h.platform.schools as [typeof h.platform.schools[0], typeof h.platform.schools[0]];

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function localDate(ms: number, tz: string): [number, number, number] {
  let f = dateFormats.get(tz);
  if (!f) dateFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const [y, m, d] = f.format(ms).split('-').map(Number) as [number, number, number];
  return [y, m, d];
}
function label(ms: number, tz: string, interval: string): string {
  const [y, m, d] = localDate(ms, tz);
  if (interval === 'day') return `${y}-${m}-${d}`;
  if (interval === 'month') return `${y}-${m}`;
  const civil = Date.UTC(y, m - 1, d);
  const monday = civil - ((new Date(civil).getUTCDay() + 6) % 7) * DAY;
  return new Date(monday).toISOString().slice(0, 10);
}

interface Acc { gross: number; discounts: number; refunds: number; orders: number; refunded_orders: number }
const empty = (): Acc => ({ gross: 0, discounts: 0, refunds: 0, orders: 0, refunded_orders: 0 });
function finish(a: Acc): SalesTotals {
  return { ...a, net: a.gross - a.discounts - a.refunds, average_order_value: a.orders ? Math.round((a.gross - a.discounts) / a.orders) : 0, refund_rate: a.orders ? a.refunded_orders / a.orders : 0 };
}
function contribution(o: Order, courseId?: string): Acc | null {
  if (!['paid', 'refunding', 'refunded'].includes(o.state)) return null;
  if (!courseId) return { gross: o.original_amount, discounts: o.discount_amount, refunds: o.refunded_amount, orders: 1, refunded_orders: o.refunded_amount > 0 ? 1 : 0 };
  const items = o.items.filter((i) => i.course_id === courseId);
  if (items.length === 0) return null;
  return {
    gross: items.reduce((n, i) => n + i.original_amount, 0),
    discounts: items.reduce((n, i) => n + i.discount_amount, 0),
    refunds: o.refunded_amount > 0 ? items.reduce((n, i) => n + i.amount, 0) : 0,
    orders: 1,
    refunded_orders: o.refunded_amount > 0 ? 1 : 0,
  };
}
function addTo(a: Acc, b: Acc): void {
  a.gross += b.gross; a.discounts += b.discounts; a.refunds += b.refunds; a.orders += b.orders; a.refunded_orders += b.refunded_orders;
}
function sumRange(orders: Order[], currency: string, from: number, to: number, courseId?: string): SalesTotals {
  const acc = empty();
  for (const o of orders) {
    if (o.currency !== currency || o.paid_at === null) continue;
    const t = Date.parse(o.paid_at);
    if (t < from || t >= to) continue;
    const c = contribution(o, courseId);
    if (c) addTo(acc, c);
  }
  return finish(acc);
}

async function allOrders(school: string): Promise<Order[]> {
  return (await h.all<Order>('listOrders', { school, query: { limit: '1000' } })).items;
}

describe('analytics equal a brute-force recomputation from the list endpoints', () => {
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
      let anySales = false;
      for (const cur of report.currencies) {
        expect(cur.current).toEqual(sumRange(orders, cur.currency, from, to, courseId));
        expect(cur.previous).toEqual(sumRange(orders, cur.currency, from - (to - from), from, courseId));
        expect(cur.last_year).toEqual(sumRange(orders, cur.currency, Date.parse(c.lastYear[0]), Date.parse(c.lastYear[1]), courseId));
        if (cur.current.orders > 0) anySales = true;

        // Buckets: contiguous local periods from the one holding `from` to the one holding the last instant.
        const labels = cur.series.map((s) => label(Date.parse(s.period_start), tz, c.interval));
        expect(labels[0]).toBe(label(from, tz, c.interval));
        expect(labels.at(-1)).toBe(label(to - 1, tz, c.interval));
        for (let k = 0; k < cur.series.length; k++) {
          const start = Date.parse(cur.series[k]!.period_start);
          expect(label(start - 1, tz, c.interval)).not.toBe(labels[k]); // starts at local midnight of the period
          if (k > 0) expect(label(start - 1, tz, c.interval)).toBe(labels[k - 1]); // no gap
        }
        const byLabel = new Map<string, Acc>();
        for (const o of orders) {
          if (o.currency !== cur.currency || o.paid_at === null) continue;
          const t = Date.parse(o.paid_at);
          if (t < from || t >= to) continue;
          const add = contribution(o, courseId);
          if (!add) continue;
          const l = label(t, tz, c.interval);
          if (!byLabel.has(l)) byLabel.set(l, empty());
          addTo(byLabel.get(l)!, add);
        }
        expect(cur.series.map((s) => { const { period_start: _p, ...totals } = s; return totals; })).toEqual(labels.map((l) => finish(byLabel.get(l) ?? empty())));
        expect([...byLabel.keys()].every((l) => labels.includes(l))).toBe(true);
      }
      expect(anySales).toBe(true);
    });
  }

  it('learning report and course reports match the enrollments', async () => {
    for (const school of [lumen.id, sakura.id]) {
      const courses = (await h.all<Course>('listCourses', { school, query: { limit: '1000', sort: 'created_at' } })).items;
      const enrollments = new Map<string, Enrollment[]>();
      for (const c of courses) enrollments.set(c.id, (await h.all<Enrollment>('listCourseEnrollments', { school, params: { course_id: c.id }, query: { limit: '1000' } })).items);
      for (const [from, to] of [['2026-01-01T00:00:00Z', '2026-11-21T00:00:00Z'], ['2025-06-01T00:00:00+09:00', '2025-09-01T00:00:00+09:00']] as const) {
        const f = Date.parse(from);
        const t = Date.parse(to);
        const report = (await h.call('getLearningReport', { school, query: { from, to } })).body as LearningReport;
        const count = (list: Enrollment[]) => {
          const enrolled = list.filter((e) => Date.parse(e.enrolled_at) >= f && Date.parse(e.enrolled_at) < t).length;
          const completions = list.filter((e) => e.completed_at && Date.parse(e.completed_at) >= f && Date.parse(e.completed_at) < t).length;
          const active = new Set(list.filter((e) => e.last_activity_at && Date.parse(e.last_activity_at) >= t - 30 * DAY && Date.parse(e.last_activity_at) < t).map((e) => e.student_id)).size;
          // The rate of the range's own enrollments: those that completed before the range ended.
          const cohortDone = list.filter((e) => Date.parse(e.enrolled_at) >= f && Date.parse(e.enrolled_at) < t && e.completed_at && Date.parse(e.completed_at) < t).length;
          return { enrollments: enrolled, completions, active_students: active, completion_rate: enrolled ? cohortDone / enrolled : 0 };
        };
        const all = [...enrollments.values()].flat();
        expect(report).toMatchObject(count(all));
        expect(report.enrollments).toBeGreaterThan(0);
        expect(report.courses.map((c) => c.course_id).sort()).toEqual(courses.map((c) => c.id).sort());
        for (const c of report.courses) expect(c).toMatchObject(count(enrollments.get(c.course_id)!));
      }

      // Course report: series, funnel, revenue.
      const course = courses.reduce((best, c) => (c.stats!.enrollments > best.stats!.enrollments ? c : best));
      const curriculum = (await h.call('getCurriculum', { school, params: { course_id: course.id } })).body as Curriculum;
      const from = '2024-06-01T00:00:00Z';
      const to = '2026-11-01T00:00:00Z';
      const report = (await h.call('getCourseReport', { school, params: { course_id: course.id }, query: { from, to, interval: 'month' } })).body as CourseReport;
      const inRange = enrollments.get(course.id)!.filter((e) => Date.parse(e.enrolled_at) >= Date.parse(from) && Date.parse(e.enrolled_at) < Date.parse(to));
      const tz = h.platform.data.get(school)!.school.time_zone;
      expect(report.enrollments_series.reduce((n, s) => n + s.enrollments, 0)).toBe(inRange.length);
      for (const s of report.enrollments_series) {
        const l = label(Date.parse(s.period_start), tz, 'month');
        expect(s.enrollments).toBe(inRange.filter((e) => label(Date.parse(e.enrolled_at), tz, 'month') === l).length);
      }
      const total = course.lectures_count;
      let through = 0;
      const sectionIndex = new Map(curriculum.sections.map((s, k) => [s.id, k]));
      expect(report.sections.map((s) => s.section_id)).toEqual(curriculum.sections.map((s) => s.id));
      curriculum.sections.forEach((section, k) => {
        through += section.lectures.length;
        const reached = inRange.filter((e) => e.current_section_id !== null && sectionIndex.get(e.current_section_id)! >= k).length;
        const completed = inRange.filter((e) => Math.round(e.progress * total) >= through).length;
        expect(report.sections[k]).toEqual({ section_id: section.id, title: section.title, reached, completed });
      });
      // A funnel: nobody completes a section they did not reach, and reach only narrows.
      for (let k = 0; k < report.sections.length; k++) {
        expect(report.sections[k]!.completed).toBeLessThanOrEqual(report.sections[k]!.reached);
        if (k > 0) expect(report.sections[k]!.reached).toBeLessThanOrEqual(report.sections[k - 1]!.reached);
      }
      const orders = await allOrders(school);
      for (const r of report.revenue) {
        const expected = sumRange(orders, r.currency, Date.parse(from), Date.parse(to), course.id);
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
        const f = Date.parse(from);
        const t = Date.parse(to);
        const report = (await h.call('getSubscriptionsReport', { school, query: { from, to } })).body as SubscriptionsReport;
        expect(report.currencies.map((c) => c.currency).sort()).toEqual([...new Set(subs.map((s) => s.currency))].sort());
        for (const c of report.currencies) {
          const mine = subs.filter((s) => s.currency === c.currency);
          const living = mine.filter((s) => s.state === 'active' || s.state === 'past_due');
          const monthly = (s: Subscription) => (s.interval === 'month' ? s.amount : s.interval === 'year' ? Math.round(s.amount / 12) : s.amount * 30);
          const ended = (s: Subscription) => (s.canceled_at === null ? Infinity : Date.parse(s.canceled_at));
          const churned = mine.filter((s) => ended(s) >= f && ended(s) < t).length;
          const atStart = mine.filter((s) => Date.parse(s.started_at) < f && ended(s) >= f).length;
          expect(c).toEqual({
            currency: c.currency,
            mrr: living.reduce((n, s) => n + monthly(s), 0),
            active_subscribers: living.length,
            new_subscribers: mine.filter((s) => Date.parse(s.started_at) >= f && Date.parse(s.started_at) < t).length,
            churned_subscribers: churned,
            churn_rate: atStart ? Math.min(1, churned / atStart) : 0,
            past_due: mine.filter((s) => s.state === 'past_due').length,
            canceling: mine.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired').length,
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
