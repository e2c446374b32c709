import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from '../../../shared/csv';

describe('csv', () => {
  it('quotes per RFC 4180 only when needed', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    for (const evil of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '=HYPERLINK("http://x")']) expect(csvCell(evil).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-5)).toBe('-5'); // numbers are ours, not formulas
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes CRLF records that read back to the same cells', () => {
    const rows = [['Ann, Comma', 'say "hi"', 'multi\r\nline', '林小明', '']];
    const text = toCsv(['a', 'b', 'c', 'd', 'e'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('\uFEFFa,b,c,d,e');
    expect(parseCsv(text)).toEqual([['a', 'b', 'c', 'd', 'e'], rows[0]]);
  });

  it('starts with the UTF-8 byte order mark, so Excel on a zh-TW computer reads Chinese names intact', () => {
    const bytes = new TextEncoder().encode(toCsv(['姓名', 'Email'], [['林小明', 'ming@example.tw']]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const back = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
    expect(parseCsv(back)).toEqual([['姓名', 'Email'], ['林小明', 'ming@example.tw']]);
  });

  it('refuses a document that ends inside quotes', () => {
    expect(() => parseCsv('"open')).toThrow(SyntaxError);
  });
});
