// The sales report as the dashboard shows it: tiles with both comparisons, and a chart spec per currency.
// Pure, so the words and numbers are unit-tested.
import type { CurrencySales, SalesReport, SalesTotals } from '../../../shared/model/analytics';
import type { ChartSpec } from '../../charts/chart-spec';
import type { DeltaUnit } from '../../lib/delta';
import { formatCount, formatMoney, formatPercent, formatPeriods, relativeChange, type Locale } from '../../lib/format';
import { markPartial } from '../common/range-words';

export { partialBucket } from '../../../shared/date-range';

interface SalesTile {
  key: keyof SalesTotals;
  label: string;
  value: string;
  /** Against the previous period (shared/date-range.ts previousDays). */
  delta: number | null;
  /** Against the same days last year; null when there was nothing then, or when that is not shown. */
  yearDelta: number | null;
  /** Amounts and counts change relatively; the refund rate in percentage points. */
  deltaUnit: DeltaUnit;
  lowerIsBetter: boolean;
}

const TILES: { key: keyof SalesTotals; label: string; kind: 'money' | 'count' | 'rate'; lowerIsBetter?: boolean }[] = [
  // "Gross" is the list price, before discounts and refunds: the label says so where it is shown.
  { key: 'gross', label: 'Gross revenue (before discounts)', kind: 'money' },
  { key: 'discounts', label: 'Discounts', kind: 'money', lowerIsBetter: true },
  { key: 'refunds', label: 'Refunds', kind: 'money', lowerIsBetter: true },
  { key: 'net', label: 'Net revenue', kind: 'money' },
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'averageOrderValue', label: 'Average order value', kind: 'money' },
  { key: 'refundRate', label: 'Refund rate', kind: 'rate', lowerIsBetter: true },
];

export function salesTiles(entry: CurrencySales, locale: Locale, options: { lastYear?: boolean } = {}): SalesTile[] {
  const lastYear = options.lastYear ?? true;
  return TILES.map(({ key, label, kind, lowerIsBetter = false }) => {
    const value = entry.current[key];
    const text = kind === 'money' ? formatMoney(value, entry.currency, locale.locale) : kind === 'rate' ? formatPercent(value, locale.locale) : formatCount(value, locale.locale);
    // A period without orders has no refund rate (its 0% is only no sales): nothing to compare.
    const change = (before: SalesTotals) => (kind !== 'rate' ? relativeChange(value, before[key]) : entry.current.orders === 0 || before.orders === 0 ? null : value - before[key]);
    return { key, label, value: text, delta: change(entry.previous), yearDelta: lastYear ? change(entry.lastYear) : null, deltaUnit: kind === 'rate' ? 'points' : 'relative', lowerIsBetter };
  });
}

/** The period labels of a series, the one in progress marked "(so far)". */
function periodLabels(entry: CurrencySales, interval: SalesReport['interval'], locale: Locale, partial: number): string[] {
  return markPartial(formatPeriods(entry.series.map((p) => p.periodStart), locale, interval), partial);
}

export function salesChart(entry: CurrencySales, interval: SalesReport['interval'], locale: Locale, partial = -1): ChartSpec {
  return {
    kind: 'line',
    title: `Revenue per ${interval} (${entry.currency})`,
    categoryLabel: interval === 'day' ? 'Day' : interval === 'week' ? 'Week of' : 'Month',
    categories: periodLabels(entry, interval, locale, partial),
    partialFrom: partial >= 0 ? partial : undefined,
    series: [
      { name: 'Gross (before discounts)', values: entry.series.map((p) => p.gross) },
      { name: 'Net', values: entry.series.map((p) => p.net) },
      { name: 'Refunds', values: entry.series.map((p) => p.refunds) },
    ],
    formatValue: (v) => formatMoney(v, entry.currency, locale.locale),
    formatAxis: (v) => formatMoney(v, entry.currency, locale.locale, { compact: true }),
  };
}

export function ordersChart(entry: CurrencySales, interval: SalesReport['interval'], locale: Locale, partial = -1): ChartSpec {
  return {
    kind: 'bar',
    title: `Orders per ${interval} (${entry.currency})`,
    categoryLabel: interval === 'day' ? 'Day' : interval === 'week' ? 'Week of' : 'Month',
    categories: periodLabels(entry, interval, locale, partial),
    partialFrom: partial >= 0 ? partial : undefined,
    series: [{ name: 'Orders', values: entry.series.map((p) => p.orders) }],
    formatValue: (v) => formatCount(v, locale.locale),
    integer: true,
  };
}
