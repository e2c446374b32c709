// The sales figures, two ways, each held to the figures oracle (test/support/figures-oracle.ts: the definitions of
// docs/business-api.md computed from the platform's raw listOrders, read over HTTP): the engine's
// (sales-report.ts, over the same orders mapped to the app's model) and the platform's getSalesReport and
// getCourseReport, for random ranges: day, ISO week and month periods in time zones with DST (Santiago skips
// midnight, Lord Howe shifts by 30 minutes), the previous period, the same days last year, one course, every
// currency and a zero-decimal one (JPY). Neither is compared with the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import { courseRevenue, salesReport } from '../../../electron/services/engine/worker/sales-report';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { toSalesReport } from '../../../electron/services/platform/analytics-platform';
import { toCourseRevenue } from '../../../electron/services/platform/courses-platform';
import type { CurrencySales, SalesReport as ModelSalesReport } from '../../../shared/model/analytics';
import type { CourseReport, SalesReport } from '../../../shared/platform/resources';
import * as oracle from '../../support/figures-oracle';
import { reportQuery } from '../../support/raw-records';
import { shiftLocalYears } from '../../sandbox/data/time-zone';
import { startRawSandbox, type RawSandbox } from '../../support/raw-sandbox';
import { prng } from '../data/synthetic-orders';
import { NOW } from '../sandbox/helpers';

const ZONES = ['America/Santiago', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Tokyo', 'Asia/Taipei', 'UTC'];
const INTERVALS: oracle.Interval[] = ['day', 'week', 'month'];
const DAY = 86_400_000;

/** Whole local days, weeks and months across the clock changes of 2025 (the first rounds of each school). */
const ACROSS_DST: { from: number; to: number; interval: oracle.Interval; timeZone: string }[] = [
  { from: Date.UTC(2025, 8, 1, 4), to: Date.UTC(2025, 8, 15, 3), interval: 'day', timeZone: 'America/Santiago' }, // midnight skipped 7 Sep
  { from: Date.UTC(2025, 9, 27, 4), to: Date.UTC(2025, 10, 10, 5), interval: 'day', timeZone: 'America/New_York' }, // 25-hour day 2 Nov
  { from: Date.UTC(2025, 8, 28, 13, 30), to: Date.UTC(2025, 9, 12, 13), interval: 'day', timeZone: 'Australia/Lord_Howe' }, // 23.5-hour day 5 Oct
  { from: Date.UTC(2025, 2, 16, 23), to: Date.UTC(2025, 3, 13, 22), interval: 'week', timeZone: 'Europe/Berlin' }, // the week of 30 Mar
  { from: Date.UTC(2025, 1, 1, 5), to: Date.UTC(2025, 11, 1, 5), interval: 'month', timeZone: 'America/New_York' },
];

let rig: RawSandbox;
beforeAll(async () => {
  rig = await startRawSandbox({ orders: 6000, dataNow: NOW, clock: () => NOW.getTime() + 3_600_000 });
});
afterAll(() => rig?.close());

/** The oracle's figures of one currency in the model's shape (times as ISO strings). */
function expected(entry: oracle.CurrencySalesFigures): CurrencySales {
  return { ...entry, series: entry.series.map(({ periodStart, ...figures }) => ({ periodStart: new Date(periodStart).toISOString(), ...figures })) };
}

/** Every currency of the answer equals the oracle's; a currency it leaves out sold nothing in any of the three periods. */
function expectReport(answer: ModelSalesReport, truth: oracle.CurrencySalesFigures[], what: string) {
  const listed = new Map(answer.currencies.map((c) => [c.currency, c]));
  for (const entry of truth) {
    const shown = listed.get(entry.currency);
    if (shown) expect(shown, `${what} ${entry.currency}`).toEqual(expected(entry));
    else expect(entry.current.orders + entry.previous.orders + entry.lastYear.orders, `${what}: ${entry.currency} left out`).toBe(0);
  }
  for (const c of answer.currencies) {
    if (!truth.some((t) => t.currency === c.currency)) expect(c.current.orders + c.previous.orders + c.lastYear.orders, `${what}: ${c.currency} without orders`).toBe(0);
  }
}

describe('sales figures', () => {
  for (const k of [0, 1]) {
    it(`of the engine and of the platform's report equal the oracle for whole periods across DST and 25 random ranges (school ${k + 1})`, async () => {
      const school = rig.schools[k]!;
      const table = new OrdersTable(columnsOf(school.orders.map(toOrder)));
      const courses = [...new Set(school.orders.flatMap((o) => o.items.map((i) => i.course_id)).filter((id): id is string => id !== null))];
      const random = prng(k * 31 + 7);
      let withSales = 0;
      let withLastYear = 0;
      let perCourse = 0;
      for (let round = 0; round < 30; round++) {
        let from = Date.UTC(2024, 0, 1) + Math.floor(random() * 1000 * DAY) + (random() < 0.5 ? 0 : Math.floor(random() * DAY));
        let interval = INTERVALS[round % 3]!;
        let to = from + Math.floor((1 + random() * (interval === 'day' ? 60 : 500)) * DAY);
        let timeZone = ZONES[Math.floor(random() * ZONES.length)]!;
        if (round < ACROSS_DST.length) ({ from, to, interval, timeZone } = ACROSS_DST[round]!);
        const courseId = round % 4 === 1 ? courses[Math.floor(random() * courses.length)] : undefined;
        const q = { from, to, interval, timeZone, courseId };
        const what = JSON.stringify({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval, timeZone, courseId });
        const truth = oracle.salesReport(school.orders, q);

        // Compared with the periods the platform's report uses: the same length before, the same wall clock a year before.
        const engine = salesReport(table, { ...q, previous: { from: from - (to - from), to: from }, lastYear: { from: shiftLocalYears(from, 1, timeZone), to: shiftLocalYears(to, 1, timeZone) } });
        expect([engine.from, engine.to, engine.interval, engine.timeZone]).toEqual([new Date(from).toISOString(), new Date(to).toISOString(), interval, timeZone]);
        expectReport(engine, truth, `engine ${what}`);

        const raw = await school.api.get<SalesReport>(`/api/v1/analytics/sales?${reportQuery({ from, to, interval, time_zone: timeZone, course_id: courseId })}`);
        expectReport(toSalesReport(raw), truth, `platform ${what}`);

        if (truth.some((c) => c.current.orders > 0)) withSales++;
        if (truth.some((c) => c.lastYear.orders > 0 && c.previous.orders > 0)) withLastYear++;
        if (courseId && truth.some((c) => c.current.orders > 0)) perCourse++;
      }
      // The ranges were not empty ones: most sold, some compare with both periods, some are one course's.
      expect(withSales).toBeGreaterThan(15);
      expect(withLastYear).toBeGreaterThan(5);
      expect(perCourse).toBeGreaterThan(2);
    });

    it(`every course's revenue of the engine (one pass) and of the platform's course report equal the oracle for 6 ranges (school ${k + 1})`, async () => {
      const school = rig.schools[k]!;
      const table = new OrdersTable(columnsOf(school.orders.map(toOrder)));
      const currencies = [...new Set(school.orders.map((o) => o.currency))].sort();
      const random = prng(k * 17 + 3);
      let sold = 0;
      for (let round = 0; round < 6; round++) {
        const from = Date.UTC(2024, 0, 1) + Math.floor(random() * 900 * DAY);
        const to = from + Math.floor((1 + random() * 300) * DAY);
        const range = { from, to };
        const engine = courseRevenue(table, from, to);
        for (const course of school.courses) {
          const truth = currencies.map((currency) => {
            const f = oracle.salesFigures(school.orders, currency, range, course.id);
            return { currency, gross: f.gross, refunds: f.refunds, net: f.net, orders: f.orders };
          });
          const what = `${course.id} ${new Date(from).toISOString()} → ${new Date(to).toISOString()}`;
          const mine = engine[course.id] ?? [];
          for (const t of truth) expect(mine.find((r) => r.currency === t.currency) ?? { ...t, gross: 0, refunds: 0, net: 0, orders: 0 }, `engine ${what}`).toEqual(t);
          const report = await school.api.get<CourseReport>(`/api/v1/courses/${course.id}/report?${reportQuery({ from, to, interval: 'month' })}`);
          const theirs = report.revenue.map(toCourseRevenue);
          for (const t of truth) expect(theirs.find((r) => r.currency === t.currency) ?? { ...t, gross: 0, refunds: 0, net: 0, orders: 0 }, `platform ${what}`).toEqual(t);
          sold += truth.reduce((n, t) => n + t.orders, 0);
        }
      }
      expect(sold).toBeGreaterThan(100);
    });
  }
});
