// One chart: ECharts on a canvas that follows its container's size and the page's theme, an aria-label
// with a text summary (the canvas itself says nothing to a screen reader), and a "Show table" toggle
// with the numbers behind it.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { echarts } from './echarts-runtime';
import { buildChartOption } from './chart-option';
import { chartTable, summarizeChart, type ChartSpec } from './chart-spec';
import { pageIsDark, readPalette } from './palette';
import './chart.css';

export interface ChartProps {
  spec: ChartSpec;
  height?: number;
  /** Shown above the chart next to the toggle, e.g. a DataAge line. */
  aside?: React.ReactNode;
}

export function Chart({ spec, height = 260, aside }: ChartProps) {
  const { t, i18n } = useTranslation('charts');
  const [showTable, setShowTable] = useState(false);
  // The words follow the UI language: a switch rebuilds them.
  const summary = useMemo(() => summarizeChart(spec), [spec, i18n.language]);
  const table = useMemo(() => chartTable(spec), [spec, i18n.language]);
  const tableId = useId();
  return (
    <figure className="chart" data-chart={spec.title}>
      <div className="chart__bar">
        <figcaption className="chart__title">{spec.title}</figcaption>
        <div className="chart__aside">
          {aside}
          <button type="button" className="chart__toggle" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            {showTable ? t('showChart') : t('showTable')}
          </button>
        </div>
      </div>
      {showTable ? (
        <div className="chart__table-wrap" id={tableId} tabIndex={0} role="region" aria-label={t('tableLabel', { title: spec.title })}>
          <table className="chart__table">
            <caption className="visually-hidden">{table.caption}</caption>
            <thead>
              <tr>{table.columns.map((c, i) => <th key={i} scope="col">{c}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (c === 0 ? <th key={c} scope="row">{cell}</th> : <td key={c}>{cell}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ChartCanvas spec={spec} height={height} summary={summary} />
      )}
    </figure>
  );
}

function ChartCanvas({ spec, height, summary }: { spec: ChartSpec; height: number; summary: string }) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const [dark, setDark] = useState(() => pageIsDark());

  // The theme can change from the OS (system preference) or from the app's setting (data-theme on <html>).
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setDark(pageIsDark());
    media.addEventListener('change', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    return () => {
      media.removeEventListener('change', update);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const chart = echarts.init(element, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    const chart = chartRef.current;
    if (!element || !chart) return;
    // People who asked the system for less motion get charts that appear without animating.
    const animate = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart.setOption(buildChartOption(spec, readPalette(element, dark), { animate }), { notMerge: true });
    // The language is a dependency: the option's own words ("so far") are the UI language's.
  }, [spec, dark, i18n.language]);

  return <div ref={ref} className="chart__canvas" style={{ height }} role="img" aria-label={summary} />;
}
