// The theme's colour pairs meet WCAG AA (4.5:1 for text) in both themes: read from tokens.css itself, so a
// colour change that breaks contrast fails here rather than in someone's eyes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../../renderer/styles/tokens.css', import.meta.url), 'utf8');

function tokens(): Map<string, { light: string; dark: string }> {
  const out = new Map<string, { light: string; dark: string }>();
  for (const match of css.matchAll(/--([\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/gi)) {
    out.set(match[1]!, { light: match[2]!, dark: match[3]! });
  }
  return out;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Text colour on the surfaces it is used on (see components.css and shell.css).
const TEXT_PAIRS: [text: string, background: string][] = [
  ['text', 'bg'], ['text', 'surface'], ['text', 'sidebar'],
  ['text-muted', 'surface'], ['text-muted', 'sidebar'], ['text-muted', 'surface-2'],
  ['text-subtle', 'surface'], ['text-subtle', 'sidebar'], ['text-subtle', 'bg'],
  ['accent-text', 'surface'], ['accent-text', 'accent-soft'],
  ['danger', 'surface'], ['danger', 'danger-soft'],
  ['warning', 'bg'], ['warning', 'warning-soft'],
  ['positive', 'surface'], ['positive', 'positive-soft'],
  ['info', 'info-soft'],
];

describe('theme contrast', () => {
  const all = tokens();

  it('reads the light and dark value of every colour token', () => {
    expect(all.size).toBeGreaterThan(20);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`meets 4.5:1 for every text pair in the ${theme} theme`, () => {
      const failures = TEXT_PAIRS.flatMap(([text, background]) => {
        const ratio = contrast(all.get(text)![theme], all.get(background)![theme]);
        return ratio >= 4.5 ? [] : [`${text} on ${background}: ${ratio.toFixed(2)}`];
      });
      expect(failures).toEqual([]);
    });

    it(`keeps white button labels readable on the accent and danger fills in the ${theme} theme`, () => {
      expect(contrast('#ffffff', all.get('accent')![theme])).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', all.get('danger-solid')![theme])).toBeGreaterThanOrEqual(4.5);
    });
  }
});
