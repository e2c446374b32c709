import { describe, expect, it } from 'vitest';
import { BADGE_GLYPHS, badgeBitmap, type BadgeBitmap } from '../../../electron/services/notifications/badge-bitmap';
import { badgeModel } from '../../../electron/services/notifications/tray-model';

/** Reads the white text back out of a badge: its lit cells, cut into 3×5 glyphs, matched against the font. */
function readBack(bitmap: BadgeBitmap): string {
  const { width, height, pixels } = bitmap;
  const white = (x: number, y: number) => pixels[(y * width + x) * 4] === 0xff && pixels[(y * width + x) * 4 + 2] === 0xff;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!white(x, y)) continue;
      xs.push(x);
      ys.push(y);
    }
  }
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const textHeight = Math.max(...ys) - top + 1;
  const scale = textHeight / 5;
  const cells = (Math.max(...xs) - left + 1) / scale;
  let text = '';
  for (let g = 0; g * 4 < cells; g++) {
    const rows = [0, 1, 2, 3, 4].map((gy) => [0, 1, 2].map((gx) => (white(left + (g * 4 + gx) * scale, top + gy * scale) ? '#' : '.')).join(''));
    text += Object.entries(BADGE_GLYPHS).find(([, glyph]) => glyph.join() === rows.join())?.[0] ?? '?';
  }
  return text;
}

describe('the Windows overlay badge', () => {
  it('draws the count badgeModel gives, capped at 99+, at 16 and 32 pixels', () => {
    for (const count of [1, 7, 10, 42, 99, 100, 12_345]) {
      const { overlayText } = badgeModel(count);
      for (const size of [16, 32]) {
        const bitmap = badgeBitmap(overlayText, size)!;
        expect(bitmap.pixels).toHaveLength(size * size * 4);
        expect(bitmap.scaleFactor).toBe(size / 16);
        expect(readBack(bitmap)).toBe(count > 99 ? '99+' : String(count));
      }
    }
  });

  it('is a red disc: corners transparent, the edge behind the text opaque red', () => {
    const { pixels, width } = badgeBitmap('3', 32)!;
    const at = (x: number, y: number) => [...pixels.slice((y * width + x) * 4, (y * width + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([0, 0, 0, 0]);
    expect(at(31, 31)).toEqual([0, 0, 0, 0]);
    expect(at(16, 2)).toEqual([0x1c, 0x2b, 0xc4, 0xff]);
  });

  it('keeps the text inside the disc, the widest too', () => {
    for (const size of [16, 32]) {
      const { pixels } = badgeBitmap('99+', size)!;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if (pixels[(y * size + x) * 4] !== 0xff) continue;
          expect(Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2)).toBeLessThan(size / 2);
        }
      }
    }
  });

  it('draws nothing for no count, or for a character it has no glyph for', () => {
    expect(badgeBitmap(badgeModel(0).overlayText, 16)).toBeNull();
    expect(badgeBitmap('1k', 16)).toBeNull();
  });
});
