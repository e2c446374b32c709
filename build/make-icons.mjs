#!/usr/bin/env node
// Draws the School Companion app icon (a mortarboard over an open book on a blue-to-teal rounded square)
// and writes it as a 1024×1024 RGBA PNG. Pure Node, no network and no image library, so the icon can be
// regenerated anywhere and the committed build/icon.png is provably this script's output (a unit test
// re-renders it and compares bytes). electron-builder derives the .icns and .ico from this PNG.
//
//   node build/make-icons.mjs [--out <file>]      (default: build/icon.png next to this script)
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

// ---- geometry: signed distances (negative inside), in pixels -----------------------------------------

function roundedRect(px, py, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(px - cx) - (halfW - radius);
  const qy = Math.abs(py - cy) - (halfH - radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - radius;
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return Math.hypot(px - ax, py - ay);
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Polygon signed distance; the even-odd rule decides inside. Enough for the simple shapes drawn here. */
function polygon(points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return (px, py) => {
    // Far outside the bounding box the exact distance does not matter (coverage is 0 beyond half a pixel).
    const outside = Math.max(minX - px, px - maxX, minY - py, py - maxY);
    if (outside > 2) return outside;
    let distance = Infinity;
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [ax, ay] = points[i];
      const [bx, by] = points[j];
      distance = Math.min(distance, segmentDistance(px, py, ax, ay, bx, by));
      if ((ay > py) !== (by > py) && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
    }
    return inside ? -distance : distance;
  };
}

/** Samples a quadratic Bézier into points, so curved page edges stay plain polygons. */
function quadratic([x0, y0], [x1, y1], [x2, y2], steps = 16) {
  const out = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = (1 - t) * (1 - t);
    const b = 2 * (1 - t) * t;
    const c = t * t;
    out.push([a * x0 + b * x1 + c * x2, a * y0 + b * y1 + c * y2]);
  }
  return out;
}

// ---- the mark ---------------------------------------------------------------------------------------

const TILE = { cx: 512, cy: 500, half: 412, radius: 190 };

// An open book: two pages rising from a spine, their tops curving like paper.
const leftPage = polygon([
  ...quadratic([504, 640], [420, 586], [262, 600]),
  [262, 760],
  ...quadratic([262, 760], [420, 748], [504, 800]),
]);
const rightPage = polygon([
  ...quadratic([520, 640], [604, 586], [762, 600]),
  [762, 760],
  ...quadratic([762, 760], [604, 748], [520, 800]),
]);

// A mortarboard above it: the flat diamond top and the cap beneath.
const boardTop = polygon([[512, 226], [782, 336], [512, 446], [242, 336]]);
const capBody = polygon([[382, 396], [642, 396], [642, 500], ...quadratic([642, 500], [512, 548], [382, 500])]);
const tasselCord = (px, py) =>
  Math.min(segmentDistance(px, py, 512, 336, 712, 372), segmentDistance(px, py, 712, 372, 712, 470)) - 7;
const tasselEnd = polygon([[698, 462], [726, 462], [736, 530], [688, 530]]);

const WHITE = [255, 255, 255];
const GOLD = [247, 190, 56];
const TOP_LEFT = [47, 111, 222]; // #2F6FDE
const BOTTOM_RIGHT = [20, 166, 160]; // #14A6A0

function coverage(distance) {
  // One pixel of anti-aliasing along every edge.
  return Math.max(0, Math.min(1, 0.5 - distance));
}

function over(dst, [r, g, b], alpha) {
  const outA = alpha + dst[3] * (1 - alpha);
  if (outA === 0) return;
  dst[0] = (r * alpha + dst[0] * dst[3] * (1 - alpha)) / outA;
  dst[1] = (g * alpha + dst[1] * dst[3] * (1 - alpha)) / outA;
  dst[2] = (b * alpha + dst[2] * dst[3] * (1 - alpha)) / outA;
  dst[3] = outA;
}

function mix(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** RGBA bytes, row-major, for a square icon of `size` pixels (the geometry is drawn on a 1024 grid). */
export function renderIcon(size = SIZE) {
  const scale = SIZE / size;
  const pixels = Buffer.alloc(size * size * 4);
  const px = [0, 0, 0, 0];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sx = (x + 0.5) * scale;
      const sy = (y + 0.5) * scale;
      px[0] = px[1] = px[2] = px[3] = 0;

      // Soft shadow under the tile, so it sits on light and dark docks alike.
      const shadow = roundedRect(sx, sy - 14, TILE.cx, TILE.cy, TILE.half, TILE.half, TILE.radius);
      if (shadow < 28) over(px, [0, 0, 0], 0.28 * Math.pow(Math.max(0, Math.min(1, (28 - shadow) / 56)), 2));

      const tile = roundedRect(sx, sy, TILE.cx, TILE.cy, TILE.half, TILE.half, TILE.radius) / scale;
      const tileAlpha = coverage(tile);
      if (tileAlpha > 0) {
        const t = Math.max(0, Math.min(1, ((sx - 100) + (sy - 88)) / 1648));
        over(px, mix(TOP_LEFT, BOTTOM_RIGHT, t), tileAlpha);
        // Glyphs are clipped to the tile so anti-aliased edges never leak outside it.
        const glyph = (d, color, alpha = 1) => {
          const a = coverage(d / scale) * alpha * tileAlpha;
          if (a > 0) over(px, color, a);
        };
        glyph(leftPage(sx, sy), WHITE);
        glyph(rightPage(sx, sy), WHITE);
        glyph(capBody(sx, sy), WHITE, 0.9);
        glyph(boardTop(sx, sy), WHITE);
        glyph(tasselCord(sx, sy), GOLD);
        glyph(tasselEnd(sx, sy), GOLD);
      }

      const o = (y * size + x) * 4;
      pixels[o] = Math.round(px[0]);
      pixels[o + 1] = Math.round(px[1]);
      pixels[o + 2] = Math.round(px[2]);
      pixels[o + 3] = Math.round(px[3] * 255);
    }
  }
  return pixels;
}

// ---- PNG encoding -----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGBA pixels as an 8-bit truecolour-with-alpha PNG (filter 0 on every row). */
export function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outFlag = process.argv.indexOf('--out');
  const out = outFlag > 0 ? process.argv[outFlag + 1] : join(dirname(fileURLToPath(import.meta.url)), 'icon.png');
  if (!out) throw new Error('--out needs a file path');
  writeFileSync(out, encodePng(SIZE, SIZE, renderIcon(SIZE)));
  console.log(`wrote ${out} (${SIZE}×${SIZE})`);
}
