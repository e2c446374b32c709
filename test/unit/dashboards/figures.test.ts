import { describe, expect, it } from 'vitest';
import { currencyExponent, formatMoney, relativeChange } from '../../../renderer/features/common/format';
import { salesChart, salesTiles } from '../../../renderer/features/analytics/sales-view';
import type { SalesReport, SalesTotals } from '../../../shared/platform/resources';

const totals = (over: Partial<SalesTotals> = {}): SalesTotals => ({
  gross: 10000, discounts: 1000, refunds: 500, net: 8500, orders: 4, refunded_orders: 1, average_order_value: 2500, refund_rate: 0.25, ...over,
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
  const entry: SalesReport['currencies'][number] = {
    currency: 'USD',
    current: totals(),
    previous: totals({ gross: 5000, net: 5000, refund_rate: 0.5 }),
    last_year: totals({ gross: 0 }),
    series: [
      { ...totals({ gross: 4000, net: 3500 }), period_start: '2026-11-01T00:00:00Z' },
      { ...totals({ gross: 6000, net: 5000 }), period_start: '2026-11-02T00:00:00Z' },
    ],
  };

  it('builds the seven tiles with deltas against the previous period and last year', () => {
    const tiles = salesTiles(entry, locale);
    expect(tiles.map((t) => t.key)).toEqual(['gross', 'discounts', 'refunds', 'net', 'orders', 'average_order_value', 'refund_rate']);
    const gross = tiles.find((t) => t.key === 'gross');
    expect(gross).toMatchObject({ value: '$100.00', delta: 1, yearDelta: null, lowerIsBetter: false });
    expect(tiles.find((t) => t.key === 'refund_rate')).toMatchObject({ value: '25.0%', delta: -0.5, lowerIsBetter: true });
  });

  it('charts gross, net and refunds of one currency per period', () => {
    const spec = salesChart(entry, 'day', locale);
    expect(spec.title).toBe('Revenue per day (USD)');
    expect(spec.categories).toEqual(['Nov 1', 'Nov 2']);
    expect(spec.formatAxis?.(1_234_500)).toBe('$12.3K');
    expect(spec.series.map((s) => [s.name, s.values])).toEqual([
      ['Gross', [4000, 6000]],
      ['Net', [3500, 5000]],
      ['Refunds', [500, 500]],
    ]);
    expect(spec.formatValue(4000)).toBe('$40.00');
  });
});
