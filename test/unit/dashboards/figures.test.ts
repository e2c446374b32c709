import { describe, expect, it } from 'vitest';
import { currencyExponent, formatChange, formatDateTime, formatDays, formatMoney, formatPercent, formatPointsChange, formatDateOnly, formatTimeOnly, formatZone, relativeChange } from '../../../renderer/lib/format';
import { versusDays } from '../../../renderer/features/common/range-words';
import { resolveRange } from '../../../renderer/features/common/range-store';
import { ordersChart, partialBucket, salesChart, salesTiles } from '../../../renderer/features/analytics/sales-view';
import { buildChartOption } from '../../../renderer/charts/chart-option';
import { LIGHT_PALETTE } from '../../../renderer/charts/palette';
import { COURSE_STATE_LABELS, ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/state-labels';
import { CourseState } from '../../../shared/model/courses';
import { OrderState, PaymentMethod } from '../../../shared/model/orders';
import { orderCsvCells, ordersCsvHeader } from '../../../electron/services/engine/worker/orders-csv-format';
import type { CurrencySales, SalesTotals } from '../../../shared/model/analytics';

const totals = (over: Partial<SalesTotals> = {}): SalesTotals => ({
  gross: 10000, discounts: 1000, refunds: 500, net: 8500, orders: 4, refundedOrders: 1, averageOrderValue: 2500, refundRate: 0.25, ...over,
});

describe('money', () => {
  it('knows each currency minor unit and never shows float noise', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(123456, 'JPY', 'en-US')).toBe('¥123,456');
    expect(formatMoney(30, 'USD', 'en-US')).toBe('$0.30');
  });

  it('compares with a previous figure, and says "no base" when there was none', () => {
    expect(relativeChange(150, 100)).toBe(0.5);
    expect(relativeChange(50, 100)).toBe(-0.5);
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(10, 0)).toBeNull();
  });
});

describe('sales view', () => {
  const locale = { locale: 'en-US', timeZone: 'UTC' };
  const entry: CurrencySales = {
    currency: 'USD',
    current: totals(),
    previous: totals({ gross: 5000, net: 5000, refundRate: 0.5 }),
    lastYear: totals({ gross: 0 }),
    series: [
      { ...totals({ gross: 4000, net: 3500 }), periodStart: '2026-11-01T00:00:00Z' },
      { ...totals({ gross: 6000, net: 5000 }), periodStart: '2026-11-02T00:00:00Z' },
    ],
  };

  it('builds the seven tiles with deltas against the previous period and last year', () => {
    const tiles = salesTiles(entry, locale);
    expect(tiles.map((t) => t.key)).toEqual(['gross', 'discounts', 'refunds', 'net', 'orders', 'averageOrderValue', 'refundRate']);
    const gross = tiles.find((t) => t.key === 'gross');
    expect(gross).toMatchObject({ value: '$100.00', delta: 1, yearDelta: null, lowerIsBetter: false });
    expect(tiles.find((t) => t.key === 'refundRate')).toMatchObject({ value: '25.0%', delta: -0.25, deltaUnit: 'points', lowerIsBetter: true });
  });

  it('charts gross, net and refunds of one currency per period', () => {
    const spec = salesChart(entry, 'day', locale);
    expect(spec.title).toBe('Revenue per day (USD)');
    expect(spec.categories).toEqual(['Nov 1', 'Nov 2']);
    expect(spec.formatAxis?.(1_234_500)).toBe('$12.3K');
    expect(spec.series.map((s) => [s.name, s.values])).toEqual([
      ['Gross (before discounts)', [4000, 6000]],
      ['Net', [3500, 5000]],
      ['Refunds', [500, 500]],
    ]);
    expect(spec.formatValue(4000)).toBe('$40.00');
    expect(spec.partialFrom).toBeUndefined();
  });

  it('says what gross means where it is shown', () => {
    expect(salesTiles(entry, locale).find((t) => t.key === 'gross')!.label).toBe('Gross revenue (before discounts)');
  });

  it('marks the period still in progress as partial instead of drawing it as a drop', () => {
    const to = '2026-11-03T00:00:00Z';
    expect(partialBucket(entry.series, to, Date.parse('2026-11-02T15:00:00Z'))).toBe(1);
    expect(partialBucket(entry.series, to, Date.parse('2026-11-03T00:00:00Z'))).toBe(-1); // the day is over
    expect(partialBucket(entry.series, to, Date.parse('2026-11-01T15:00:00Z'))).toBe(-1); // a range that ends in the future: its last period has not started
    const spec = salesChart(entry, 'day', locale, 1);
    expect(spec.categories).toEqual(['Nov 1', 'Nov 2 (so far)']);
    expect(spec.partialFrom).toBe(1);
    expect(ordersChart(entry, 'day', locale, 1).categories[1]).toBe('Nov 2 (so far)');
    // Drawn apart: a labelled band behind the partial period, its bars lighter.
    const line = buildChartOption(spec, LIGHT_PALETTE) as { series: { markArea?: { label?: { formatter?: string }; data: unknown } }[] };
    expect(line.series[0]!.markArea?.label?.formatter).toBe('so far');
    expect(line.series[0]!.markArea?.data).toEqual([[{ xAxis: 0 }, { xAxis: Infinity }]]);
    const bars = buildChartOption(ordersChart(entry, 'day', locale, 1), LIGHT_PALETTE) as { series: { data: unknown[] }[] };
    expect(bars.series[0]!.data).toEqual([4, { value: 4, itemStyle: { opacity: 0.45 } }]);
  });

  it('compares with last year only where that says something, and names each comparison by its days', () => {
    const now = Date.parse('2026-11-27T17:00:00Z'); // the 27th in New York, already the 28th in Taipei
    const month = resolveRange({ preset: 'thisMonth', startDay: '', endDay: '' }, 'America/New_York', now);
    expect(month.range).toMatchObject({ startDay: '2026-11-01', endDay: '2026-11-27' });
    expect(month.previous).toEqual({ startDay: '2026-10-01', endDay: '2026-10-27', from: '2026-10-01T04:00:00.000Z', to: '2026-10-28T04:00:00.000Z' });
    expect(versusDays(month.previous, { locale: 'en-US', timeZone: 'America/New_York' })).toMatch(/^vs Oct 1\s–\s27(, 2026)?$/);
    expect(month.lastYear).toMatchObject({ startDay: '2025-11-01', endDay: '2025-11-27' });
    expect(resolveRange({ preset: 'thisMonth', startDay: '', endDay: '' }, 'Asia/Taipei', now).range.endDay).toBe('2026-11-28');
    const year = resolveRange({ preset: 'last12Months', startDay: '', endDay: '' }, 'UTC', now);
    expect(year.lastYear).toBeNull();
    expect(year.lastYearInstants).toEqual({ from: '2024-11-28T00:00:00.000Z', to: '2025-11-28T00:00:00.000Z' });
    const tiles = salesTiles({ ...entry, lastYear: totals({ gross: 5000 }) }, locale, { lastYear: false });
    expect(tiles.every((t) => t.yearDelta === null)).toBe(true);
  });

  it('changes a rate in percentage points, never as a percent of the rate', () => {
    // 25% of orders refunded now, 50% before: down 25 points (not "−50%").
    const refundRate = salesTiles(entry, locale).find((t) => t.key === 'refundRate')!;
    expect(refundRate).toMatchObject({ delta: -0.25, deltaUnit: 'points' });
    expect(salesTiles(entry, locale).find((t) => t.key === 'gross')).toMatchObject({ deltaUnit: 'relative' });
    expect(formatPointsChange(0.012, 'en-US')).toBe('+1.2 pp');
    expect(formatPointsChange(-0.25, 'en-US')).toBe('-25.0 pp');
    // A period without orders has no refund rate to compare with.
    expect(salesTiles({ ...entry, previous: totals({ orders: 0, refundedOrders: 0, refundRate: 0 }) }, locale).find((t) => t.key === 'refundRate')!.delta).toBeNull();
  });
});

describe('one format per kind of figure', () => {
  const la = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
  it('writes a moment the same way in dense tables (day over time) and in details', () => {
    const at = '2026-11-23T03:08:00Z';
    expect(formatDateTime(at, la)).toMatch(/^Nov 22, 2026, 7:08\sPM$/);
    expect(`${formatDateOnly(at, la)}, ${formatTimeOnly(at, la)}`).toBe(formatDateTime(at, la));
    const taipei = { locale: 'zh-TW', timeZone: 'Asia/Taipei' };
    expect(`${formatDateOnly(at, taipei)} ${formatTimeOnly(at, taipei)}`).toBe(formatDateTime(at, taipei).replace(/\s/u, ' '));
    expect(formatTimeOnly(at, taipei)).toBe('11:08');
  });

  it('writes every percentage with one decimal in the locale\'s way, changes with a sign', () => {
    expect(formatPercent(0.125, 'en-US')).toBe('12.5%');
    expect(formatPercent(0.5, 'en-US')).toBe('50.0%');
    expect(formatChange(0.125, 'en-US')).toBe('+12.5%');
    expect(formatChange(-0.04, 'en-US')).toBe('-4.0%');
    expect(formatPercent(0.125, 'de-DE')).toBe('12,5\u00a0%');
  });

  it('writes whole days as a span, the year only when they are not this year\'s', () => {
    // Intl sets the dash between thin spaces.
    const days = (startDay: string, endDay: string, locale = 'en-US') => formatDays({ startDay, endDay }, locale, 2026).replace(/\u2009/g, ' ');
    expect(days('2026-10-01', '2026-10-27')).toBe('Oct 1 – 27');
    expect(days('2026-09-28', '2026-10-04')).toBe('Sep 28 – Oct 4');
    expect(days('2026-11-26', '2026-11-26')).toBe('Nov 26');
    expect(days('2025-11-01', '2025-11-27')).toBe('Nov 1 – 27, 2025');
    expect(formatDays({ startDay: '2026-10-01', endDay: '2026-10-27' }, 'zh-TW', 2026)).toBe('10/1至10/27');
    expect(formatZone('Asia/Taipei', 'en-US')).toBe('Asia/Taipei, GMT+8');
    expect(formatZone('America/New_York', 'en-US', Date.parse('2026-07-01T00:00:00Z'))).toBe('America/New_York, GMT-4');
  });

  it('has one label per state, used by badges, filters and the CSV alike', () => {
    for (const state of OrderState.options) expect(ORDER_STATE_LABELS[state], state).toMatch(/^[A-Z][a-z ]+$/);
    for (const method of PaymentMethod.options) expect(PAYMENT_METHOD_LABELS[method], method).toMatch(/^[A-Z]/);
    for (const state of CourseState.options) expect(COURSE_STATE_LABELS[state], state).toMatch(/^[A-Z][a-z ]+$/);
    const order = {
      id: 'ord_1', tradeNumber: 'T-1', state: 'manuallyEnrolled', currency: 'JPY', originalAmount: 1200, discountAmount: 0, paidAmount: 1200, refundedAmount: 0,
      createdAt: '2026-11-01T00:00:00Z', paidAt: '2026-11-01T00:00:00Z', buyer: { name: 'A', email: 'a@example.com' }, paymentMethod: 'convenienceStore', items: [], coupon: null,
    } as unknown as Parameters<typeof orderCsvCells>[0];
    const cells = orderCsvCells(order, { timeZone: 'UTC', locale: 'ja-JP' }, () => '');
    const header = ordersCsvHeader('UTC');
    expect(cells[header.indexOf('State')]).toBe('Manually enrolled');
    expect(cells[header.indexOf('Paid')]).toEqual({ decimal: '1200' });
    expect(cells[header.indexOf('Payment method')]).toBe('Convenience store');
    expect(orderCsvCells({ ...order, currency: 'USD', paidAmount: 123456 }, { timeZone: 'UTC', locale: 'de-DE' }, () => '')[header.indexOf('Paid')]).toEqual({ decimal: '1234.56' });
  });
});
