// The dashboards' data handlers against the real sandbox over HTTP, through real platform access (AuthService +
// ApiClient) signed in with a real Chromium on the consent page. Every expected figure is computed in the
// test from the platform's own API for the same filters, never written down.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiClient } from '../../../electron/services/api/api-client';
import { createDataService, type DataService } from '../../../electron/services/data/handlers';
import { DownloadSlots } from '../../../electron/services/engine/client/export-destination';
import type { AccountView } from '../../../shared/model/accounts';
import { METHODS } from '../../../shared/ipc';
import { Course, CourseReport, Curriculum, LearningReport, Order, SalesReport, School, Subscription, SubscriptionsReport } from '../../../shared/platform/resources';
import { toSalesReport, toSubscriptionsReport } from '../../../electron/services/platform/analytics-platform';
import { toCourseRevenue } from '../../../electron/services/platform/courses-platform';
import { cacheKey } from '../../../electron/services/store/query-cache';
import type { Sandbox } from '../../sandbox';
import { currencyTotalsOf } from '../../support/order-totals';
import { salesFigures } from '../../support/figures-oracle';
import { shiftLocalYears } from '../../sandbox/data/time-zone';
import { comparisonsOf, sameDaysLastYear, toInstants, type PickedRange } from '../../../shared/date-range';
import type { SignIn } from '../sign-in/harness';
import { startSignedInDataService, type SignedInDataService } from './signed-in-data-service';

let sandbox: Sandbox;
let engine: SignIn;
let api: ApiClient;
let account: AccountView;
let service: DataService;
let dir: { path: string; remove(): Promise<void> };
let events: SignedInDataService['events'];
let world: SignedInDataService | undefined;
const removed: ((accountId: string) => void)[] = [];
const signal = new AbortController().signal;

type H = DataService['handlers'];
function call<M extends keyof H>(method: M, input: z.input<(typeof METHODS)[M]['input']>): ReturnType<H[M]> {
  const parsed = METHODS[method].input.parse(input);
  const handler = service.handlers[method] as (i: unknown, c: { signal: AbortSignal }) => ReturnType<H[M]>;
  // Outputs are checked against the contract, as the router does in development.
  return handler(parsed, { signal }).then((out: unknown) => METHODS[method].output.parse(out)) as ReturnType<H[M]>;
}

beforeAll(async () => {
  world = await startSignedInDataService('data-', (dataDir) => ({
    exportDestination: new DownloadSlots(join(dataDir, 'downloads')),
    onAccountRemoved: (listener) => removed.push(listener),
  }));
  ({ sandbox, dir, engine, account, api, service, events } = world);
}, 90_000);

afterAll(async () => {
  await world?.close();
});

/** Sales of one currency over [from, to) as the figures oracle adds them up from the platform's raw orders. */
function rawSales(orders: z.infer<typeof Order>[], currency: string, range: { from: string; to: string }) {
  return salesFigures(orders, currency, { from: Date.parse(range.from), to: Date.parse(range.to) });
}

/** A month so far and its comparisons, as the Analytics page asks them (shared/date-range.ts), in the school's zone. */
function monthSoFar(orders: z.infer<typeof Order>[], timeZone: string) {
  const paid = orders.filter((o) => o.paid_at !== null).map((o) => o.paid_at!).sort();
  const month = paid[Math.floor(paid.length / 2)]!.slice(0, 7);
  const range: PickedRange = { preset: 'thisMonth', startDay: `${month}-01`, endDay: `${month}-20` };
  const compared = comparisonsOf(range);
  return { range: toInstants(range, timeZone), previous: toInstants(compared.previous, timeZone), lastYear: toInstants(sameDaysLastYear(range), timeZone) };
}

async function expectSalesOfRawOrders(answer: { data: { currencies: { currency: string; current: object; previous: object; lastYear: object }[] } }, orders: z.infer<typeof Order>[], periods: ReturnType<typeof monthSoFar>) {
  expect(answer.data.currencies.length).toBeGreaterThan(1);
  for (const entry of answer.data.currencies) {
    expect(entry.current, `${entry.currency} current`).toMatchObject(rawSales(orders, entry.currency, periods.range));
    expect(entry.previous, `${entry.currency} previous`).toMatchObject(rawSales(orders, entry.currency, periods.previous));
    expect(entry.lastYear, `${entry.currency} last year`).toMatchObject(rawSales(orders, entry.currency, periods.lastYear));
  }
  expect(answer.data.currencies.some((c) => (c.previous as { orders: number }).orders > 0 && (c.current as { orders: number }).orders > 0)).toBe(true);
}

// The machine running the suite may be busy: these talk to a real server and a real browser.
describe('data handlers against the sandbox', { timeout: 120_000 }, () => {
  it('before the orders are synced, sales from the platform compare with the periods the app asks, as the raw orders add up', async () => {
    expect((await call('data.orders.status', { accountId: account.id })).count).toBeNull();
    const orders = await api.paginate(account.id, 'listOrders', Order, { query: { limit: 1000 } });
    // The school's own zone and currency, from its record: what every business date and the currency tie follow.
    const school = await api.call(account.id, 'getSchool', School, {});
    expect((await call('data.school', { accountId: account.id })).data).toEqual({ id: school.id, name: school.name, currency: school.currency, timeZone: school.time_zone });
    const timeZone = school.time_zone;
    const periods = monthSoFar(orders, timeZone);
    // The platform's own report compares with the days just before; the month so far compares with the same
    // days of the month before (1–20 with 1–20), so the app asks the platform for each period.
    expect(periods.previous.to).not.toBe(periods.range.from);
    const sales = await call('data.sales.report', { accountId: account.id, ...periods.range, interval: 'week', timeZone, previous: periods.previous, lastYear: periods.lastYear });
    await expectSalesOfRawOrders(sales, orders, periods);
    expect((await call('data.orders.status', { accountId: account.id })).count).toBeNull();
  });

  it('loads all orders and answers filters with exactly the rows and totals the platform has for them', async () => {
    const loaded = await call('data.orders.load', { accountId: account.id, jobId: 'load-1' });
    const all = await api.paginate(account.id, 'listOrders', Order, { query: { limit: 1000 } });
    expect(loaded.data).toMatchObject({ count: all.length, fetched: all.length, mode: 'full' });
    expect(all.length).toBeGreaterThan(500);

    const paid = all.filter((o) => o.paid_at !== null).map((o) => Date.parse(o.paid_at!)).sort((a, b) => a - b);
    const from = new Date(paid[Math.floor(paid.length / 4)]!).toISOString();
    const to = new Date(paid[Math.floor((paid.length * 3) / 4)]!).toISOString();
    const someCoupon = all.find((o) => o.coupon)!.coupon!.code;
    const someCourse = all.flatMap((o) => o.items).find((i) => i.course_id)!.course_id!;
    const currency = all[0]!.currency;

    const cases = [
      { filters: {}, query: {} },
      { filters: { states: ['paid' as const, 'refunded' as const] }, query: { state: 'paid,refunded' } },
      { filters: { from, to }, query: { paid_from: from, paid_to: to } },
      { filters: { coupon: someCoupon.toLowerCase() }, query: { coupon: someCoupon.toLowerCase() } },
      { filters: { courseId: someCourse, currency }, query: { course_id: someCourse, currency } },
      { filters: { text: all[7]!.buyer.name.slice(0, 4) }, query: { q: all[7]!.buyer.name.slice(0, 4) } },
    ];
    for (const { filters, query } of cases) {
      const fromPlatform = await api.paginate(account.id, 'listOrders', Order, { query: { ...query, sort: '-paid_at', limit: 1000 } });
      const ours = await call('data.orders.query', { accountId: account.id, filters, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 1000 });
      expect(ours.data.total, JSON.stringify(filters)).toBe(fromPlatform.length);
      expect(ours.data.totals, JSON.stringify(filters)).toEqual(currencyTotalsOf(fromPlatform));
      expect(ours.data.rows.map((o) => o.id), JSON.stringify(filters)).toEqual(fromPlatform.slice(0, 1000).map((o) => o.id));
      expect(ours.fromCache).toBe(false);
    }
    const progress = events.filter((e) => e.event === 'data.progress' && (e.payload as { jobId: string }).jobId === 'load-1');
    expect(progress.at(-1)?.payload).toMatchObject({ loaded: loaded.data.count, done: true });
  });

  it('lists courses with their stats and the revenue of the range as the course report says', async () => {
    const range = { from: '2020-01-01T00:00:00Z', to: new Date(Date.now() + 86_400_000).toISOString() };
    const list = await call('data.courses.list', { accountId: account.id, ...range });
    const courses = await api.paginate(account.id, 'listCourses', Course, { query: { limit: 100 } });
    expect(list.data.courses.map((c) => c.id).sort()).toEqual(courses.map((c) => c.id).sort());
    for (const course of list.data.courses.slice(0, 3)) {
      const report = await api.call(account.id, 'getCourseReport', CourseReport, { path: { course_id: course.id }, query: { ...range, interval: 'week' } });
      // From the engine's synced orders (the first test loaded them): the same figures as the platform's
      // course report in every currency the orders use; a currency no order uses is all zeros there.
      const theirs = report.revenue.map(toCourseRevenue);
      for (const mine of course.revenue) expect(mine, `${course.title} ${mine.currency}`).toEqual(theirs.find((r) => r.currency === mine.currency));
      for (const r of theirs) if (!course.revenue.some((m) => m.currency === r.currency)) expect(r.orders).toBe(0);
      expect(course.revenue.length).toBeGreaterThan(0);
      expect(course.stats).toBeDefined();
    }
    // Learners per course follow the range, and are the very figures Analytics › Learning shows: one
    // definition of enrollments, completion and active students for both screens.
    for (const r of [range, { from: '2026-01-01T00:00:00Z', to: '2026-04-01T00:00:00Z' }]) {
      const [rows, learning] = await Promise.all([call('data.courses.list', { accountId: account.id, ...r }), call('data.learning.report', { accountId: account.id, ...r })]);
      for (const course of rows.data.courses) {
        const { courseId: _id, title: _title, ...figures } = learning.data.courses.find((c) => c.courseId === course.id)!;
        expect(course.learning, course.title).toEqual(figures);
      }
      expect(rows.data.courses.some((c) => (c.learning?.enrollments ?? 0) > 0)).toBe(true);
    }
    const short = await call('data.courses.list', { accountId: account.id, from: '2026-01-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
    const allTime = list.data.courses.reduce((n, c) => n + (c.learning?.enrollments ?? 0), 0);
    expect(short.data.courses.reduce((n, c) => n + (c.learning?.enrollments ?? 0), 0)).toBeLessThan(allTime);
    const detail = await call('data.courses.get', { accountId: account.id, courseId: courses[0]!.id, ...range, interval: 'month' });
    expect(detail.data.course.id).toBe(courses[0]!.id);
    expect(detail.data.curriculum.courseId).toBe(courses[0]!.id);
    expect(detail.data.funnel?.length).toBe(detail.data.curriculum.sections.length);
    expect(detail.data.learning).toEqual(list.data.courses.find((c) => c.id === courses[0]!.id)!.learning);
    const orders = await call('data.courses.orders', { accountId: account.id, courseId: courses[0]!.id, limit: 20 });
    const platformPage = await api.paginate(account.id, 'listOrders', Order, { query: { course_id: courses[0]!.id, limit: 1000 } });
    expect(orders.data.total).toBe(platformPage.length);
    expect(orders.data.rows.every((o) => o.items.some((i) => i.courseId === courses[0]!.id))).toBe(true);
  });

  it('answers the sales, subscriptions and learning reports as the platform computes them', async () => {
    const range = { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' };
    // Compared as the platform's report compares: the same length before, the same wall clock a year before.
    const ms = { from: Date.parse(range.from), to: Date.parse(range.to) };
    const platformPeriods = {
      previous: { from: new Date(2 * ms.from - ms.to).toISOString(), to: range.from },
      lastYear: { from: new Date(shiftLocalYears(ms.from, 1, 'Asia/Taipei')).toISOString(), to: new Date(shiftLocalYears(ms.to, 1, 'Asia/Taipei')).toISOString() },
    };
    const sales = await call('data.sales.report', { accountId: account.id, ...range, interval: 'month', timeZone: 'Asia/Taipei', ...platformPeriods });
    const direct = await api.call(account.id, 'getSalesReport', SalesReport, { query: { ...range, interval: 'month', time_zone: 'Asia/Taipei' } });
    // The orders are synced (the first test): the engine computes the report, and agrees with the platform's.
    const platform = toSalesReport(direct);
    expect({ ...sales.data, currencies: [] }).toEqual({ ...platform, currencies: [] });
    for (const mine of sales.data.currencies) expect(mine, mine.currency).toEqual(platform.currencies.find((c) => c.currency === mine.currency));
    expect(sales.data.currencies.some((c) => c.current.orders > 0)).toBe(true);
    // Its age is the synced orders' age, not the moment of the question.
    expect(sales.fetchedAt).toBe((await call('data.orders.status', { accountId: account.id })).fetchedAt);
    // And with the periods the app asks (a month so far against the same days of the month before).
    const orders = await api.paginate(account.id, 'listOrders', Order, { query: { limit: 1000 } });
    const periods = monthSoFar(orders, 'America/New_York');
    await expectSalesOfRawOrders(
      await call('data.sales.report', { accountId: account.id, ...periods.range, interval: 'day', timeZone: 'America/New_York', previous: periods.previous, lastYear: periods.lastYear }),
      orders,
      periods,
    );
    const subs = await call('data.subscriptions.report', { accountId: account.id, ...range });
    const report = await api.call(account.id, 'getSubscriptionsReport', SubscriptionsReport, { query: range });
    expect(subs.data.report).toEqual(toSubscriptionsReport(report));
    expect(subs.data.pastDue.length).toBe(report.currencies.reduce((s, c) => s + c.past_due, 0));
    expect(subs.data.pastDue.every((s) => s.state === 'past_due')).toBe(true);
    const canceling = await api.paginate(account.id, 'listSubscriptions', Subscription, { query: { canceling: true, limit: 1000 } });
    expect(subs.data.canceling.map((s) => s.id).sort()).toEqual(canceling.map((s) => s.id).sort());
    // Once the engine synced the subscriptions, it answers them itself: the same figures and lists.
    const synced = await service.engine!.call('subscriptions.sync', { accountId: account.id });
    const local = await call('data.subscriptions.report', { accountId: account.id, ...range });
    expect(local.fetchedAt).toBe(synced.fetchedAt);
    const theirs = toSubscriptionsReport(report);
    for (const mine of local.data.report.currencies) expect(mine, mine.currency).toEqual(theirs.currencies.find((c) => c.currency === mine.currency));
    expect(local.data.pastDue.map((s) => s.id).sort()).toEqual(subs.data.pastDue.map((s) => s.id).sort());
    expect(local.data.canceling.map((s) => s.id).sort()).toEqual(subs.data.canceling.filter((s) => s.state !== 'canceled' && s.state !== 'expired').map((s) => s.id).sort());
    const learning = await call('data.learning.report', { accountId: account.id, ...range });
    // The platform's report in the app's model (field by field: no students are synced here, so it is the platform's).
    const platformLearning = await api.call(account.id, 'getLearningReport', LearningReport, { query: range });
    const figures = (f: { enrollments: number; active_students: number; completions: number; completion_rate: number }) => ({ enrollments: f.enrollments, activeStudents: f.active_students, completions: f.completions, completionRate: f.completion_rate });
    expect(learning.data).toEqual({
      from: platformLearning.from,
      to: platformLearning.to,
      ...figures(platformLearning),
      courses: platformLearning.courses.map((c) => ({ courseId: c.course_id, title: c.title, ...figures(c) })),
    });
    await expect(call('data.sales.report', { accountId: account.id, from: range.to, to: range.from })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('a course page the offline cache kept in the platform\'s old shape is never shown: offline it says so, and the new shape is kept and shown', async () => {
    const courses = await api.paginate(account.id, 'listCourses', Course, { query: { limit: 100 } });
    const courseId = courses[1]!.id;
    const input = { courseId, from: '2024-02-01T00:00:00Z', to: '2024-03-01T00:00:00Z', interval: 'week' as const, timeZone: 'UTC' };
    const query = { from: input.from, to: input.to, time_zone: input.timeZone };
    // As an earlier version of the app stored it: the platform's payloads, under the method's bare name.
    const old = {
      course: await api.call(account.id, 'getCourse', Course, { path: { course_id: courseId } }),
      curriculum: await api.call(account.id, 'getCurriculum', Curriculum, { path: { course_id: courseId } }),
      report: await api.call(account.id, 'getCourseReport', CourseReport, { path: { course_id: courseId }, query: { ...query, interval: 'week' } }),
    };
    const { courseId: _c, ...rest } = input;
    await service.cache.put(account.id, cacheKey('data.courses.get', { courseId, ...rest }), new Date().toISOString(), [old]);
    sandbox.knobs.set({ errorRate: 1 });
    try {
      await expect(call('data.courses.get', { accountId: account.id, ...input })).rejects.toMatchObject({ code: 'server_error' });
    } finally {
      sandbox.knobs.set({ errorRate: 0 });
    }
    const fresh = await call('data.courses.get', { accountId: account.id, ...input });
    expect(fresh.data.course).toMatchObject({ id: courseId, lecturerIds: old.course.lecturer_ids, pricingPlans: expect.any(Array) });
    expect(fresh.data.enrollmentsSeries?.length).toBe(old.report.enrollments_series.length);
    await service.idle();
    sandbox.knobs.set({ errorRate: 1 });
    try {
      expect(await call('data.courses.get', { accountId: account.id, ...input })).toEqual({ ...fresh, fromCache: true });
    } finally {
      sandbox.knobs.set({ errorRate: 0 });
    }
  });

  it('exports the filtered view as CSV whose rows are the platform\'s orders for the same filters', async () => {
    const out = await call('data.orders.exportCsvFile', { accountId: account.id, filters: { states: ['refunded'] }, sort: { key: 'paidAt', direction: 'desc' }, timeZone: 'Asia/Taipei', locale: 'en-US' });
    const csv = await readFile(join(dir.path, 'downloads', `${out.data.downloadUrl!.replace('/download/', '')}.csv`), 'utf8');
    const refunded = await api.paginate(account.id, 'listOrders', Order, { query: { state: 'refunded', sort: '-paid_at', limit: 1000 } });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(refunded.length + 1);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(refunded.map((o) => o.trade_number));
  });

  it('when the platform fails, answers what was seen from the encrypted cache with its age, then refetches when it is back', async () => {
    const range = { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' };
    const seen = await call('data.sales.report', { accountId: account.id, ...range, interval: 'week' });
    const seenLearning = await call('data.learning.report', { accountId: account.id, ...range });
    await service.idle();
    sandbox.knobs.set({ errorRate: 1 });
    try {
      // Sales come from the synced orders: the platform being away changes nothing, not even their age.
      expect(await call('data.sales.report', { accountId: account.id, ...range, interval: 'week' })).toEqual(seen);
      const cached = await call('data.learning.report', { accountId: account.id, ...range });
      expect(cached).toEqual({ ...seenLearning, fromCache: true });
      const orders = await call('data.orders.load', { accountId: account.id });
      expect(orders.fromCache).toBe(true);
      expect(orders.data.mode).toBe('memory');
      await expect(call('data.learning.report', { accountId: account.id, from: '2019-01-01T00:00:00Z', to: '2019-02-01T00:00:00Z' })).rejects.toMatchObject({ code: 'server_error' });
    } finally {
      sandbox.knobs.set({ errorRate: 0 });
    }
    const before = events.length;
    const fresh = await call('data.learning.report', { accountId: account.id, ...range });
    expect(fresh.fromCache).toBe(false);
    expect(events.slice(before).some((e) => e.event === 'data.invalidated' && (e.payload as { reason: string }).reason === 'back_online')).toBe(true);
    const info = await call('data.cacheInfo', { accountId: account.id });
    expect(info.entries).toBeGreaterThan(3);
    expect(info.orders?.count).toBe((await call('data.orders.status', { accountId: account.id })).count);
  });

  it('a restarted service with the platform gone still shows the orders and reports it saw', async () => {
    await service.idle();
    const seen = await call('data.orders.query', { accountId: account.id, filters: { states: ['paid'] }, offset: 0, limit: 5 });
    await sandbox.close();
    const restarted = createDataService({
      caller: api,
      cipher: engine.cipher,
      dataDir: dir.path,
      logger: engine.logger,
      appVersion: '0.1.0',
    exportDestination: new DownloadSlots(join(dir.path, 'downloads')),
      emit: () => undefined,
      onAccountRemoved: () => undefined,
    });
    const load = await restarted.handlers['data.orders.load']({ accountId: account.id, mode: 'auto' }, { signal });
    expect(load).toMatchObject({ fromCache: true, data: { count: seen.data.loaded, mode: 'disk' } });
    const again = await restarted.handlers['data.orders.query']({ accountId: account.id, filters: { states: ['paid'] }, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 5 }, { signal });
    expect(again.data.totals).toEqual(seen.data.totals);
    expect(again.data.rows.map((o) => o.id)).toEqual(seen.data.rows.map((o) => o.id));
    expect(again.fromCache).toBe(true);
    restarted.close();
  });
});
