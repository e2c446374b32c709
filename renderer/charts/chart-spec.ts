// What a chart shows, independent of how it is drawn: the same spec feeds the ECharts option, the table
// behind the chart and the text summary read by screen readers. Pure, so each is unit-tested.

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
        return value === null || value === undefined ? '–' : spec.formatValue(value);
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
  if (n === 0 || spec.series.length === 0) return `${spec.title}: no data.`;
  const parts = [`${spec.title}: ${n} ${n === 1 ? 'point' : 'points'}${spec.kind === 'line' ? `, from ${spec.categories[0]} to ${spec.categories[n - 1]}` : ''}.`];
  for (const series of spec.series) {
    let hi = -1;
    let lo = -1;
    series.values.forEach((value, i) => {
      if (value === null || value === undefined) return;
      if (hi < 0 || value > (series.values[hi] as number)) hi = i;
      if (lo < 0 || value < (series.values[lo] as number)) lo = i;
    });
    if (hi < 0) {
      parts.push(`${series.name}: no values.`);
      continue;
    }
    const label = spec.series.length > 1 ? `${series.name}: ` : '';
    parts.push(
      `${label}highest ${spec.formatValue(series.values[hi] as number)} (${spec.categories[hi]}), lowest ${spec.formatValue(series.values[lo] as number)} (${spec.categories[lo]}).`,
    );
  }
  return parts.join(' ');
}
