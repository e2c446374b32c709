// Chart colours come from CSS custom properties so the charts follow the app's light/dark theme. The
// fallbacks are colour-blind-safe hues (Okabe–Ito family) checked for at least 3:1 contrast against the
// card background of each theme (WCAG 1.4.11, graphical objects).

export interface ChartPalette {
  series: string[];
  text: string;
  mutedText: string;
  axis: string;
  grid: string;
  tooltipBackground: string;
  tooltipText: string;
  background: string;
}

export const LIGHT_PALETTE: ChartPalette = {
  series: ['#1d5fc9', '#c2410c', '#047857', '#7e22ce', '#be185d', '#525252'],
  text: '#17171c',
  mutedText: '#52525c',
  axis: '#a5a5ae',
  grid: '#e3e3e8',
  tooltipBackground: '#ffffff',
  tooltipText: '#17171c',
  background: '#ffffff',
};

export const DARK_PALETTE: ChartPalette = {
  series: ['#6ea8ff', '#fb923c', '#34d399', '#c084fc', '#f472b6', '#d4d4d4'],
  text: '#ececf1',
  mutedText: '#a3a3ad',
  axis: '#4a4b53',
  grid: '#2a2b31',
  tooltipBackground: '#1e1f24',
  tooltipText: '#ececf1',
  background: '#17181c',
};

/**
 * The palette for the theme, with any --chart-1…6 / --chart-text… override set on `element` as a plain
 * colour (ECharts draws on a canvas, so it needs resolved colours, not light-dark() expressions).
 */
export function readPalette(element: Element, dark: boolean): ChartPalette {
  const base = dark ? DARK_PALETTE : LIGHT_PALETTE;
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => {
    const value = style.getPropertyValue(name).trim();
    return /^(#[0-9a-f]{3,8}|rgba?\([^()]*\))$/i.test(value) ? value : fallback;
  };
  return {
    series: base.series.map((colour, i) => read(`--chart-${i + 1}`, colour)),
    text: read('--chart-text', base.text),
    mutedText: read('--chart-muted', base.mutedText),
    axis: read('--chart-axis', base.axis),
    grid: read('--chart-grid', base.grid),
    tooltipBackground: read('--chart-tooltip-bg', base.tooltipBackground),
    tooltipText: read('--chart-tooltip-text', base.tooltipText),
    background: read('--chart-bg', base.background),
  };
}

/** Whether the page currently shows the dark theme: the forced attribute first, else the OS preference. */
export function pageIsDark(): boolean {
  const forced = document.documentElement.getAttribute('data-theme');
  if (forced === 'dark') return true;
  if (forced === 'light') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}
