// The byte dictionary and the id rows the order columns look values up in while a first sync takes pages.
import { describe, expect, it } from 'vitest';
import { ByteKeys } from '../../../electron/services/engine/worker/byte-keys';
import { IdRows } from '../../../electron/services/engine/worker/id-rows';

const encoder = new TextEncoder();

describe('a byte dictionary', () => {
  it('finds each value by its bytes anywhere in a page, through growth, and decodes them all back, non-ASCII too', () => {
    const values = Array.from({ length: 5000 }, (_, k) => (k % 5 === 0 ? `林小明${k}` : k % 7 === 0 ? `🎓 ${k}` : k % 11 === 0 ? '' : `stu_1_${k}`));
    const unique = [...new Set(values)];
    const page = encoder.encode(`[${unique.map((v) => JSON.stringify(v)).join(',')}]`);
    const keys = new ByteKeys();
    const decoded: string[] = [];
    let at = 1;
    const ranges: [number, number][] = [];
    for (const value of unique) {
      const length = encoder.encode(value).length;
      ranges.push([at + 1, at + 1 + length]);
      at += length + 3;
    }
    ranges.forEach(([start, end], code) => {
      expect(keys.find(page, start, end)).toBe(-1);
      expect(keys.add(page, start, end)).toBe(code);
      if (code === 100) keys.decodeInto(decoded); // decoded in two goes: the first 101, then the rest
    });
    ranges.forEach(([start, end], code) => expect(keys.find(page, start, end)).toBe(code));
    keys.decodeInto(decoded);
    expect(decoded).toEqual(unique);
    expect(keys.findText('林小明5')).toBe(unique.indexOf('林小明5'));
    expect(keys.findText('nobody')).toBe(-1);
    expect(keys.addText('nobody')).toBe(unique.length);
    expect(keys.equals(unique.length, encoder.encode('nobody'), 0, 6)).toBe(true);
    expect(keys.equals(0, encoder.encode('nobody'), 0, 6)).toBe(false);
    // As one string and each value's place in it (a finished column's dictionary), non-ASCII and empty values too.
    const { text, offsets } = keys.joined();
    const all = [...unique, 'nobody'];
    expect(offsets).toHaveLength(all.length + 1);
    expect(all.map((_, code) => text.slice(offsets[code]!, offsets[code + 1]!))).toEqual(all);
    const ascii = new ByteKeys();
    for (const value of ['a', '', 'bc']) ascii.addText(value);
    expect(ascii.joined()).toEqual({ text: 'abc', offsets: Uint32Array.of(0, 1, 1, 3) });
  });
});

describe('rows by order id', () => {
  it('keeps a row per id, numbered ids in an array and any other in a map, each found the way it was put', () => {
    const rows = new IdRows();
    const ids = ['ord_1_7', 'ord_1_007', 'ord_1_0', 'ord_2_7', 'ord_1_', 'ord_1_99999999999', 'ord_1_16777216', 'ord_1_16777215', 'Ord_1_8', '訂單_1'];
    ids.forEach((id, row) => rows.set(rows.numberOf(id), () => id, row));
    expect(ids.map((id) => rows.numberOf(id))).toEqual([7, -1, 0, -1, -1, -1, -1, 16_777_215, -1, -1]);
    ids.forEach((id, row) => {
      expect(rows.get(rows.numberOf(id), () => id)).toBe(row);
      const bytes = encoder.encode(`"${id}"`);
      expect(rows.numberOfBytes(bytes, 1, bytes.length - 1)).toBe(rows.numberOf(id));
    });
    expect(rows.get(rows.numberOf('ord_1_8'), () => 'ord_1_8')).toBeUndefined();
  });

  it('numbers nothing when the first id has no tail of digits', () => {
    const rows = new IdRows();
    rows.set(rows.numberOf('order-a'), () => 'order-a', 0);
    expect(rows.numberOf('order-1')).toBe(-1);
    expect(rows.numberOf('order-a')).toBe(-1);
    rows.set(rows.numberOf('order-1'), () => 'order-1', 1);
    expect(rows.get(-1, () => 'order-1')).toBe(1);
    expect(rows.get(-1, () => 'order-a')).toBe(0);
  });
});
