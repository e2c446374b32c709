import { describe, expect, it } from 'vitest';
import { StringDict } from '../../../electron/services/engine/worker/order-columns';
import { RowStrings } from '../../../electron/services/engine/worker/row-strings';

describe('RowStrings', () => {
  it('gives back every row, across sealed chunks and the open one, empty and non-ASCII texts too', () => {
    const texts = Array.from({ length: 3000 }, (_, k) => (k % 7 === 0 ? '' : k % 11 === 0 ? `訂單-${k}-€` : `T${1_000_000 + k}`));
    const rows = new RowStrings();
    const early = (() => {
      for (const text of texts.slice(0, 1500)) rows.push(text);
      return rows.view(rows.size);
    })();
    for (const text of texts.slice(1500)) rows.push(text);
    expect(rows.size).toBe(3000);
    expect(texts.map((_, k) => rows.get(k))).toEqual(texts);
    // A view taken while rows were being added still reads its rows, sealed since.
    expect(early.size).toBe(1500);
    expect(early.values()).toEqual(texts.slice(0, 1500));
    const joined = rows.joined();
    expect(joined.values()).toEqual(texts);
    expect(joined).toEqual(StringDict.of(texts));
  });

  it('joins an exact number of chunks, and nothing at all', () => {
    const rows = new RowStrings();
    expect(rows.joined().values()).toEqual([]);
    const texts = Array.from({ length: 2048 }, (_, k) => `li_${k}`);
    for (const text of texts) rows.push(text);
    expect(rows.joined()).toEqual(StringDict.of(texts));
    expect(rows.get(1023)).toBe('li_1023');
    expect(rows.get(1024)).toBe('li_1024');
  });
});

describe('RowStrings given runs', () => {
  it('keeps runs of joined rows and rows pushed one by one in row order, across views', () => {
    const rows = new RowStrings();
    const texts: string[] = [];
    const run = (count: number, from: number) => {
      const part = Array.from({ length: count }, (_, k) => `T${from + k}`);
      let at = 0;
      const ends = new Uint32Array(part.map((t) => (at += t.length)));
      rows.pushRun(part.join(''), ends, count);
      texts.push(...part);
    };
    run(1000, 0);
    for (const text of Array.from({ length: 30 }, (_, k) => `one ${k}`)) {
      rows.push(text);
      texts.push(text);
    }
    const early = rows.view(rows.size);
    run(1, 5000);
    run(0, 0);
    run(2500, 6000);
    for (const text of Array.from({ length: 1100 }, (_, k) => `訂${k}`)) {
      rows.push(text);
      texts.push(text);
    }
    expect(rows.size).toBe(texts.length);
    expect(texts.map((_, k) => rows.get(k))).toEqual(texts);
    expect(early.values()).toEqual(texts.slice(0, 1030));
    expect(rows.joined()).toEqual(StringDict.of(texts));
  });
});
