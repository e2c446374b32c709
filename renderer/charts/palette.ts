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
  text: '#1f2430',
  mutedText: '#5b6272',
  axis: '#9aa1ad',
  grid: '#e6e8ec',
  tooltipBackground: '#ffffff',
  tooltipText: '#1f2430',
  background: '#ffffff',
};

export const DARK_PALETTE: ChartPalette = {
  series: ['#6ea8ff', '#fb923c', '#34d399', '#c084fc', '#f472b6', '#d4d4d4'],
  text: '#e7e9ee',
  mutedText: '#a6adbb',
  axis: '#5d6574',
  grid: '#2c323d',
  tooltipBackground: '#1c2029',
  tooltipText: '#e7e9ee',
  background: '#151820',
};

/** Reads the palette from CSS variables on `element` (--chart-1…6, --chart-text…), falling back per theme. */
export function readPalette(element: Element, dark: boolean): ChartPalette {
  const base = dark ? DARK_PALETTE : LIGHT_PALETTE;
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
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
