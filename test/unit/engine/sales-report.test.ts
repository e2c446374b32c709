// The engine's local sales figures agree with the platform's sales report (the sandbox's getSalesReport, over
// the same orders its listOrders serves) for random ranges: day, week and month periods, time zones with DST
// (Santiago skips midnight; Lord Howe shifts by 30 minutes), one course, and a zero-decimal currency (JPY).
// The current totals are also recomputed by brute force over the raw list.
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import { courseRevenue, salesReport, type Interval } from '../../../electron/services/engine/worker/sales-report';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { toSalesReport } from '../../../electron/services/platform/analytics-platform';
import { toCourseRevenue } from '../../../electron/services/platform/courses-platform';
import type { CourseReport, Order, SalesReport } from '../../../shared/platform/resources';
import { harness } from '../sandbox/helpers';
import { shiftLocalYears } from '../../sandbox/data/time-zone';
import { prng } from '../data/synthetic-orders';

const h = harness({ orders: 6000 });
const ZONES = ['America/Santiago', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Tokyo', 'UTC'];
const INTERVALS: Interval[] = ['day', 'week', 'month'];
const DAY = 86_400_000;

describe('local sales figures', () => {
  for (const school of h.platform.schools) {
    it(`equal the platform's sales report for 25 random ranges (${school.id})`, async () => {
      const orders = (await h.all<Order>('listOrders', { school: school.id, query: { limit: '1000' } })).items;
      const table = new OrdersTable(columnsOf(orders.map(toOrder)));
      const courses = [...new Set(orders.flatMap((o) => o.items.map((i) => i.course_id)).filter((id): id is string => id !== null))];
      const random = prng(school.id.length * 31);
      let withSales = 0;
      for (let round = 0; round < 25; round++) {
        const from = Date.UTC(2024, 0, 1) + Math.floor(random() * 1000 * DAY) + (random() < 0.5 ? 0 : Math.floor(random() * DAY));
        const interval = INTERVALS[round % 3]!;
        const to = from + Math.floor((1 + random() * (interval === 'day' ? 60 : 500)) * DAY);
        const timeZone = ZONES[Math.floor(random() * ZONES.length)]!;
        const courseId = random() < 0.3 ? courses[Math.floor(random() * courses.length)] : undefined;
        const query: Record<string, string> = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval, time_zone: timeZone };
        if (courseId) query.course_id = courseId;
        const platform = toSalesReport((await h.call('getSalesReport', { school: school.id, query })).body as SalesReport);
        const started = performance.now();
        // Compared with the periods the platform's report uses: the same length before, the same wall clock a year before.
        const previous = { from: from - (to - from), to: from };
        const lastYear = { from: shiftLocalYears(from, 1, timeZone), to: shiftLocalYears(to, 1, timeZone) };
        const local = salesReport(table, { from, to, interval, timeZone, courseId, previous, lastYear });
        expect(performance.now() - started).toBeLessThan(2000);
        const what = JSON.stringify(query);
        expect(local.from, what).toBe(platform.from);
        expect(local.to).toBe(platform.to);
        // The platform lists every currency of the school; the engine those its orders use.
        const byCurrency = new Map(platform.currencies.map((c) => [c.currency, c]));
        for (const mine of local.currencies) expect(mine, `${what} ${mine.currency}`).toEqual(byCurrency.get(mine.currency));
        if (local.currencies.some((c) => c.current.orders > 0)) withSales++;
        for (const theirs of platform.currencies) {
          if (!local.currencies.some((c) => c.currency === theirs.currency)) expect(theirs.current.orders + theirs.previous.orders + theirs.lastYear.orders).toBe(0);
        }
        // Brute force over the raw list: the current totals (whole orders only; courses are checked above).
        if (!courseId) {
          for (const mine of local.currencies) {
            const sold = orders.filter((o) => o.currency === mine.currency && o.paid_at !== null && ['paid', 'refunding', 'refunded'].includes(o.state) && Date.parse(o.paid_at) >= from && Date.parse(o.paid_at) < to);
            expect(mine.current.orders).toBe(sold.length);
            expect(mine.current.gross).toBe(sold.reduce((n, o) => n + o.original_amount, 0));
            expect(mine.current.net).toBe(sold.reduce((n, o) => n + o.original_amount - o.discount_amount - o.refunded_amount, 0));
          }
        }
      }
      expect(withSales).toBeGreaterThan(15);
    });
  }

  for (const school of h.platform.schools) {
    it(`every course's revenue in one pass equals the platform's course reports for 6 random ranges (${school.id})`, async () => {
      const orders = (await h.all<Order>('listOrders', { school: school.id, query: { limit: '1000' } })).items;
      const table = new OrdersTable(columnsOf(orders.map(toOrder)));
      const courses = [...new Set(orders.flatMap((o) => o.items.map((i) => i.course_id)).filter((id): id is string => id !== null))];
      const random = prng(school.id.length * 17);
      let sold = 0;
      for (let round = 0; round < 6; round++) {
        const from = Date.UTC(2024, 0, 1) + Math.floor(random() * 900 * DAY);
        const to = from + Math.floor((1 + random() * 300) * DAY);
        const local = courseRevenue(table, from, to);
        const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval: 'month' };
        for (const courseId of courses) {
          const report = (await h.call('getCourseReport', { school: school.id, params: { course_id: courseId }, query })).body as CourseReport;
          const theirs = report.revenue.map(toCourseRevenue);
          const mine = local[courseId] ?? [];
          for (const r of mine) expect(r, `${courseId} ${r.currency} ${JSON.stringify(query)}`).toEqual(theirs.find((t) => t.currency === r.currency));
          for (const t of theirs) if (!mine.some((r) => r.currency === t.currency)) expect(t.orders).toBe(0);
          sold += mine.reduce((n, r) => n + r.orders, 0);
        }
      }
      expect(sold).toBeGreaterThan(0);
    });
  }

});
