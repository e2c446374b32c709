import { describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { chartTable, summarizeChart, type ChartSpec } from '../../../renderer/charts/chart-spec';
import { buildChartOption, LONG_SERIES } from '../../../renderer/charts/chart-option';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../../renderer/charts/palette';

const spec = (over: Partial<ChartSpec> = {}): ChartSpec => ({
  kind: 'line',
  title: 'Net revenue per day (USD)',
  categoryLabel: 'Day',
  categories: ['Nov 1', 'Nov 2', 'Nov 3'],
  series: [{ name: 'Net', values: [1200, null, 300] }],
  formatValue: (v) => `$${(v / 100).toFixed(2)}`,
  ...over,
});

describe('the table behind a chart', () => {
  it('lists every category with each series formatted, and a dash where there is no value', () => {
    expect(chartTable(spec())).toEqual({
      caption: 'Net revenue per day (USD)',
      columns: ['Day', 'Net'],
      rows: [
        ['Nov 1', '$12.00'],
        ['Nov 2', '–'],
        ['Nov 3', '$3.00'],
      ],
    });
  });
});

describe('the text summary a screen reader hears', () => {
  it('names the span, the highest and the lowest point of a time series', () => {
    expect(summarizeChart(spec())).toBe('Net revenue per day (USD): 3 points, from Nov 1 to Nov 3. highest $12.00 (Nov 1), lowest $3.00 (Nov 3).');
  });

  it('names each series when there are several', () => {
    const text = summarizeChart(spec({ kind: 'bar', series: [{ name: 'Reached', values: [5, 3, 1] }, { name: 'Completed', values: [2, 2, 0] }] }));
    expect(text).toContain('Reached: highest $0.05 (Nov 1), lowest $0.01 (Nov 3).');
    expect(text).toContain('Completed: highest $0.02 (Nov 1), lowest $0.00 (Nov 3).');
    expect(text).not.toContain('from Nov 1');
  });

  it('says so when there is nothing to draw', () => {
    expect(summarizeChart(spec({ categories: [], series: [] }))).toBe('Net revenue per day (USD): no data.');
  });

  it('speaks the UI language, and so does the option\'s "so far"', () => {
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    try {
      expect(summarizeChart(spec({ title: '每日淨營收（TWD）', categories: ['11/1', '11/2', '11/3'] }))).toBe('每日淨營收（TWD）：共 3 個資料點，從 11/1 到 11/3。 最高 $12.00（11/1），最低 $3.00（11/3）。');
      const option = buildChartOption(spec({ partialFrom: 2 }), LIGHT_PALETTE) as { series: { markArea?: { label?: { formatter?: string } } }[] };
      expect(option.series[0]!.markArea?.label?.formatter).toBe('進行中');
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
  });
});

describe('the ECharts option', () => {
  it('downsamples long series with LTTB and offers zoom, short ones not', () => {
    const long = Array.from({ length: LONG_SERIES + 1 }, (_, i) => `d${i}`);
    const longOption = buildChartOption(spec({ categories: long, series: [{ name: 'Net', values: long.map((_, i) => i) }] }), LIGHT_PALETTE);
    const shortOption = buildChartOption(spec(), LIGHT_PALETTE);
    expect((longOption.series as { sampling?: string }[])[0]?.sampling).toBe('lttb');
    expect(longOption.dataZoom).toBeDefined();
    expect((shortOption.series as { sampling?: string }[])[0]?.sampling).toBeUndefined();
    expect(shortOption.dataZoom).toBeUndefined();
  });

  it('takes its colours from the theme palette', () => {
    expect(buildChartOption(spec(), LIGHT_PALETTE).color).toEqual(LIGHT_PALETTE.series);
    expect(buildChartOption(spec(), DARK_PALETTE).color).toEqual(DARK_PALETTE.series);
  });

  it('draws a funnel in curriculum order, not sorted by size', () => {
    const option = buildChartOption(spec({ kind: 'funnel', categories: ['Intro', 'Basics', 'Advanced'], series: [{ name: 'Reached', values: [10, 12, 4] }] }), LIGHT_PALETTE);
    const funnel = (option.series as { type: string; sort: string; data: { name: string; value: number }[] }[])[0];
    expect(funnel?.type).toBe('funnel');
    expect(funnel?.sort).toBe('none');
    expect(funnel?.data.map((d) => d.name)).toEqual(['Intro', 'Basics', 'Advanced']);
  });

  it('puts categories on the vertical axis for horizontal bars, and a legend only for several series', () => {
    const option = buildChartOption(spec({ kind: 'hbar', series: [{ name: 'A', values: [1, 2, 3] }, { name: 'B', values: [1, 1, 1] }] }), LIGHT_PALETTE);
    expect((option.yAxis as { type: string }).type).toBe('category');
    expect((option.xAxis as { type: string }).type).toBe('value');
    expect(option.legend).toBeDefined();
    expect(buildChartOption(spec(), LIGHT_PALETTE).legend).toBeUndefined();
  });

  it('formats tooltip values like the table does', () => {
    const tooltip = buildChartOption(spec(), LIGHT_PALETTE).tooltip as { valueFormatter: (v: unknown) => string };
    expect(tooltip.valueFormatter(1200)).toBe('$12.00');
    expect(tooltip.valueFormatter(null)).toBe('–');
  });
});

describe('palette contrast', () => {
  // WCAG relative luminance; graphical objects need 3:1 against their background (1.4.11).
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  it.each([
    ['light', LIGHT_PALETTE],
    ['dark', DARK_PALETTE],
  ])('every series colour of the %s theme stands 3:1 against the card and text 4.5:1', (_name, palette) => {
    for (const colour of palette.series) expect(contrast(colour, palette.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.mutedText, palette.background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('motion', () => {
  it('animates by default and not when the admin asked for reduced motion', () => {
    const base: ChartSpec = { kind: 'bar', title: 't', categoryLabel: 'c', categories: ['a'], series: [{ name: 's', values: [1] }], formatValue: String };
    expect(buildChartOption(base, LIGHT_PALETTE).animation).toBe(true);
    expect(buildChartOption(base, LIGHT_PALETTE, { animate: false }).animation).toBe(false);
    expect(buildChartOption({ ...base, kind: 'funnel' }, LIGHT_PALETTE, { animate: false }).animation).toBe(false);
  });
});
