// The Windows taskbar overlay badge drawn as pixels: a red disc with the count in white (badgeModel's
// overlayText: "1" … "99", "99+"). Windows has no setBadgeCount, only an overlay icon, and drawing text
// needs no canvas or native font here: a 3×5 pixel font scaled up to fill the disc. The adapter hands
// the bitmap to nativeImage (electron/adapters/tray.ts); this module has no Electron in it.

/** 3×5 glyphs, a row per string, '#' lit: enough for a count and the "+" of "99+". */
export const BADGE_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '..#', '..#', '..#'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};
const GLYPH_WIDTH = 3;
const GLYPH_HEIGHT = 5;

/** Windows' notification red (#C42B1C) and white, as premultiplied BGRA (Skia's N32, what createFromBitmap reads). */
const DISC = [0x1c, 0x2b, 0xc4] as const;
const INK = [0xff, 0xff, 0xff] as const;

export interface BadgeBitmap {
  width: number;
  height: number;
  /** Device pixels per DIP: 1 for 16 px, 2 for 32 px (the same 16-DIP overlay on a 200 % screen). */
  scaleFactor: number;
  /** width × height × 4 bytes, BGRA, premultiplied alpha. */
  pixels: Uint8Array;
}

/** The overlay for `text` at `size` device pixels square; null for no text (no overlay) or a character it cannot draw. */
export function badgeBitmap(text: string, size: number, scaleFactor = size / 16): BadgeBitmap | null {
  if (text === '' || [...text].some((ch) => !(ch in BADGE_GLYPHS))) return null;
  const pixels = new Uint8Array(size * size * 4);
  const r = size / 2;
  // The disc, its edge smoothed by 4×4 samples a pixel.
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (Math.hypot(x + (sx + 0.5) / 4 - r, y + (sy + 0.5) / 4 - r) <= r) inside++;
      paint(pixels, (y * size + x) * 4, DISC, inside / 16);
    }
  }
  // The text: one pixel between glyphs, scaled by the largest whole factor whose box stays inside the disc.
  const textWidth = text.length * (GLYPH_WIDTH + 1) - 1;
  let scale = Math.max(1, Math.floor(size / textWidth));
  while (scale > 1 && Math.hypot((textWidth * scale) / 2, (GLYPH_HEIGHT * scale) / 2) > r - 1) scale--;
  const left = Math.floor((size - textWidth * scale) / 2);
  const top = Math.floor((size - GLYPH_HEIGHT * scale) / 2);
  [...text].forEach((ch, i) => {
    const glyph = BADGE_GLYPHS[ch]!;
    for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
      for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
        if (glyph[gy]![gx] !== '#') continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const x = left + (i * (GLYPH_WIDTH + 1) + gx) * scale + dx;
            const y = top + gy * scale + dy;
            paint(pixels, (y * size + x) * 4, INK, 1);
          }
        }
      }
    }
  });
  return { width: size, height: size, scaleFactor, pixels };
}

function paint(pixels: Uint8Array, at: number, [b, g, red]: readonly [number, number, number], alpha: number): void {
  pixels[at] = Math.round(b * alpha);
  pixels[at + 1] = Math.round(g * alpha);
  pixels[at + 2] = Math.round(red * alpha);
  pixels[at + 3] = Math.round(255 * alpha);
}
