// Turns a ChartSpec into an ECharts option with the theme's palette. Pure: no DOM, no echarts runtime.
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, FunnelSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, DataZoomComponentOption, MarkAreaComponentOption } from 'echarts/components';
import type { ChartSpec } from './chart-spec';
import type { ChartPalette } from './palette';

type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | FunnelSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption | DataZoomComponentOption | MarkAreaComponentOption
>;

/** Above this many points a line is downsampled (largest-triangle-three-buckets keeps peaks) and zoomable. */
export const LONG_SERIES = 120;

export function buildChartOption(spec: ChartSpec, palette: ChartPalette, options: { animate?: boolean } = {}): ChartOption {
  const animation = options.animate ?? true;
  const textStyle = { color: palette.text, fontFamily: 'inherit' };
  const tooltip: TooltipComponentOption = {
    trigger: spec.kind === 'funnel' ? 'item' : 'axis',
    backgroundColor: palette.tooltipBackground,
    borderColor: palette.grid,
    textStyle: { color: palette.tooltipText },
    valueFormatter: (value) => (typeof value === 'number' ? spec.formatValue(value) : '–'),
    confine: true,
  };
  const legend: LegendComponentOption | undefined =
    spec.series.length > 1 ? { top: 0, left: 0, textStyle: { color: palette.mutedText }, icon: 'roundRect', itemWidth: 12, itemHeight: 8 } : undefined;

  if (spec.kind === 'funnel') {
    const series = spec.series[0];
    return {
      animation,
      color: palette.series,
      textStyle,
      tooltip,
      series: [
        {
          type: 'funnel',
          name: series?.name ?? spec.title,
          sort: 'none',
          left: '10%',
          width: '80%',
          minSize: '8%',
          gap: 2,
          label: { show: true, position: 'inside', color: '#ffffff', formatter: '{b}' },
          itemStyle: { borderColor: palette.background, borderWidth: 1 },
          data: spec.categories.map((name, i) => ({ name, value: series?.values[i] ?? 0 })),
        },
      ],
    };
  }

  const long = spec.categories.length > LONG_SERIES;
  const categoryAxis = {
    type: 'category' as const,
    data: spec.categories,
    axisLine: { lineStyle: { color: palette.axis } },
    axisTick: { show: false },
    axisLabel: { color: palette.mutedText, hideOverlap: true },
  };
  const valueAxis = {
    type: 'value' as const,
    axisLabel: { color: palette.mutedText, formatter: (value: number) => (spec.formatAxis ?? spec.formatValue)(value) },
    splitLine: { lineStyle: { color: palette.grid } },
    ...(spec.integer ? { minInterval: 1 } : {}),
  };
  const horizontal = spec.kind === 'hbar';
  const partial = spec.partialFrom !== undefined && spec.partialFrom >= 0 && spec.partialFrom < spec.categories.length ? spec.partialFrom : -1;
  // The period in progress: a shaded band labelled "so far" behind it, and its bars lighter.
  const partialArea: MarkAreaComponentOption | undefined =
    partial >= 0
      ? {
          silent: true,
          itemStyle: { color: palette.axis, opacity: 0.22 },
          label: { show: true, position: 'insideTop', color: palette.mutedText, formatter: 'so far' },
          // Category indexes (ECharts rounds them) to the plot's right edge (Infinity). A line's band starts at the
          // last full period, so the whole segment into the partial one is shaded: that segment is what would
          // read as a drop. Bars start at the partial period's own bar (drawn lighter too).
          data: [[{ xAxis: spec.kind === 'line' ? Math.max(0, partial - 1) : partial }, { xAxis: Infinity }]],
        }
      : undefined;
  const series = spec.series.map((s, index): LineSeriesOption | BarSeriesOption =>
    spec.kind === 'line'
      ? {
          type: 'line',
          name: s.name,
          data: s.values,
          ...(partialArea && index === 0 ? { markArea: partialArea } : {}),
          showSymbol: spec.categories.length <= 31,
          symbolSize: 5,
          lineStyle: { width: 2 },
          emphasis: { focus: 'series' },
          ...(long ? { sampling: 'lttb' as const } : {}),
        }
      : {
          type: 'bar',
          name: s.name,
          data: partial >= 0 ? s.values.map((value, i) => (i >= partial ? { value, itemStyle: { opacity: 0.45 } } : value)) : s.values,
          barMaxWidth: 28,
          itemStyle: { borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
          ...(partialArea && index === 0 ? { markArea: partialArea } : {}),
        },
  );
  const option: ChartOption = {
    animation,
    color: palette.series,
    textStyle,
    tooltip,
    grid: { left: 8, right: 16, top: legend ? 32 : 12, bottom: long ? 40 : 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true, axisLabel: { ...categoryAxis.axisLabel, width: 160, overflow: 'truncate' } } : valueAxis,
    series,
  };
  if (legend) option.legend = legend;
  if (long && !horizontal) option.dataZoom = [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 6, borderColor: palette.grid, textStyle: { color: palette.mutedText } }];
  return option;
}
