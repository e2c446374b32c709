// The sales report as the dashboard shows it: tiles with both comparisons, and a chart spec per currency.
// Pure, so the words and numbers are unit-tested.
import type { CurrencySales, MrrTrend, SalesReport, SalesTotals } from '../../../shared/model/analytics';
import type { ChartSpec } from '../../charts/chart-spec';
import type { DeltaUnit } from '../../lib/delta';
import { formatCount, formatMoney, formatPercent, formatPeriods, relativeChange, type Locale } from '../../lib/format';
import { markPartial } from '../common/range-words';
import { t } from '../../../shared/i18n/i18n';

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

// Each tile's label is analytics:sales.tiles.<key>.
const TILES: { key: Exclude<keyof SalesTotals, 'refundedOrders'>; kind: 'money' | 'count' | 'rate'; lowerIsBetter?: boolean }[] = [

  { key: 'gross', kind: 'money' },
  { key: 'discounts', kind: 'money', lowerIsBetter: true },
  { key: 'refunds', kind: 'money', lowerIsBetter: true },
  { key: 'net', kind: 'money' },
  { key: 'orders', kind: 'count' },
  { key: 'averageOrderValue', kind: 'money' },
  { key: 'refundRate', kind: 'rate', lowerIsBetter: true },
];

export function salesTiles(entry: CurrencySales, locale: Locale, options: { lastYear?: boolean } = {}): SalesTile[] {
  const lastYear = options.lastYear ?? true;
  return TILES.map(({ key, kind, lowerIsBetter = false }) => {
    const label = t(`analytics:sales.tiles.${key}`);
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
    title: t(`analytics:sales.revenueChart.${interval}`, { currency: entry.currency }),
    categoryLabel: t(`common:periods.axis.${interval}`),
    categories: periodLabels(entry, interval, locale, partial),
    partialFrom: partial >= 0 ? partial : undefined,
    series: [
      { name: t('analytics:sales.series.gross'), values: entry.series.map((p) => p.gross) },
      { name: t('analytics:sales.series.net'), values: entry.series.map((p) => p.net) },
      { name: t('analytics:sales.series.refunds'), values: entry.series.map((p) => p.refunds) },
    ],
    formatValue: (v) => formatMoney(v, entry.currency, locale.locale),
    formatAxis: (v) => formatMoney(v, entry.currency, locale.locale, { compact: true }),
  };
}

export function ordersChart(entry: CurrencySales, interval: SalesReport['interval'], locale: Locale, partial = -1): ChartSpec {
  return {
    kind: 'bar',
    title: t(`analytics:sales.ordersChart.${interval}`, { currency: entry.currency }),
    categoryLabel: t(`common:periods.axis.${interval}`),
    categories: periodLabels(entry, interval, locale, partial),
    partialFrom: partial >= 0 ? partial : undefined,
    series: [{ name: t('analytics:sales.series.orders'), values: entry.series.map((p) => p.orders) }],
    formatValue: (v) => formatCount(v, locale.locale),
    integer: true,
  };
}

/** MRR over the range: at the end of each period (the last one so far while it runs), as docs/business-api.md defines it. */
export function mrrChart(trend: MrrTrend, interval: SalesReport['interval'], locale: Locale, partial = -1): ChartSpec {
  return {
    kind: 'line',
    title: t(`analytics:subscriptions.mrrChart.${interval}`, { currency: trend.currency }),
    categoryLabel: t(`common:periods.axis.${interval}`),

    categories: markPartial(formatPeriods(trend.series.map((p) => p.periodStart), locale, interval), partial),
    partialFrom: partial >= 0 ? partial : undefined,
    series: [{ name: 'MRR', values: trend.series.map((p) => p.mrr) }],
    formatValue: (v) => formatMoney(v, trend.currency, locale.locale),
    formatAxis: (v) => formatMoney(v, trend.currency, locale.locale, { compact: true }),
  };
}
