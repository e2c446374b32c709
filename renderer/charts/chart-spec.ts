// What a chart shows, independent of how it is drawn: the same spec feeds the ECharts option, the table
// behind the chart and the text summary read by screen readers, in the realm's UI language. Pure, so each
// is unit-tested.
import { t } from '../../shared/i18n/i18n';

type ChartKind = 'line' | 'bar' | 'hbar' | 'funnel';

interface ChartSeries {
  name: string;
  /** One value per category; null where there is nothing to show (never drawn as zero). */
  values: (number | null)[];
}

export interface ChartSpec {
  kind: ChartKind;
  /** What the chart is about, e.g. "Net revenue per day (TWD)": the table caption and the summary's start. */
  title: string;
  /** Header of the category column in the table, e.g. "Day", "Section", "Course". */
  categoryLabel: string;
  /** Category labels in display order (already formatted: dates in the business time zone). */
  categories: string[];
  series: ChartSeries[];
  /** How a value reads to a person (money in the school's format, percentages, counts). */
  formatValue: (value: number) => string;
  /** Shorter words for axis ticks (e.g. "$1.2K"); defaults to formatValue. */
  formatAxis?: (value: number) => string;
  /** Counts: ticks only on whole numbers. */
  integer?: boolean;
  /**
   * The first category still in progress (today, this week): drawn apart (a dashed line, lighter bars) so a
   * partial period never reads as a drop. Its label should say so too ("Nov 23 (so far)").
   */
  partialFrom?: number | undefined;
}

interface ChartTable {
  caption: string;
  columns: string[];
  rows: string[][];
}

/** The numbers behind the chart, as the "Show table" view lists them. */
export function chartTable(spec: ChartSpec): ChartTable {
  return {
    caption: spec.title,
    columns: [spec.categoryLabel, ...spec.series.map((s) => s.name)],
    rows: spec.categories.map((category, i) => [
      category,
      ...spec.series.map((s) => {
        const value = s.values[i];
        return value === null || value === undefined ? t('charts:noValue') : spec.formatValue(value);
      }),
    ]),
  };
}

/**
 * A sentence or two a screen reader can announce instead of the picture: how many points, each series'
 * highest and lowest (with where), and for time series the first and last value.
 */
export function summarizeChart(spec: ChartSpec): string {
  const n = spec.categories.length;
  const title = spec.title;
  if (n === 0 || spec.series.length === 0) return t('charts:summary.noData', { title });
  const parts = [
    spec.kind === 'line' ? t('charts:summary.pointsSpan', { title, count: n, first: spec.categories[0], last: spec.categories[n - 1] }) : t('charts:summary.points', { title, count: n }),
  ];
  for (const series of spec.series) {
    let hi = -1;
    let lo = -1;
    series.values.forEach((value, i) => {
      if (value === null || value === undefined) return;
      if (hi < 0 || value > (series.values[hi] as number)) hi = i;
      if (lo < 0 || value < (series.values[lo] as number)) lo = i;
    });
    if (hi < 0) {
      parts.push(t('charts:summary.noValues', { series: series.name }));
      continue;
    }
    const range = { high: spec.formatValue(series.values[hi] as number), highAt: spec.categories[hi], low: spec.formatValue(series.values[lo] as number), lowAt: spec.categories[lo] };
    parts.push(spec.series.length > 1 ? t('charts:summary.seriesRange', { series: series.name, ...range }) : t('charts:summary.range', range));
  }
  // Read aloud, not shown: a space between the sentences in either language.
  return parts.join(' ');
}
