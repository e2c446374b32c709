// CSV the way spreadsheets read it: a UTF-8 byte order mark first, RFC 4180 quoting with CRLF rows, and a
// guard against formula injection (a buyer named "=HYPERLINK(...)" must stay text when the admin opens it).
// The mark is what makes Excel on a zh-TW Windows or Mac read the file as UTF-8: without it, it guesses
// Big5 or MacRoman and every Chinese name is garbled.

/** Starts every CSV file the app writes. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** An exact decimal we write ourselves ("49.00", "-5.00"): data as it is, never a formula. */
export interface CsvDecimal {
  readonly decimal: string;
}

export type CsvValue = string | number | boolean | CsvDecimal | null | undefined;

/** One cell: formula-guarded (a leading ' for = + - @ tab CR), quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.decimal;
  let text = String(value);
  // Numbers we write ourselves ("-5") are data, not formulas; only text from outside is guarded.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** The start of a file: the byte order mark and the header record. */
export function csvHead(header: readonly string[]): string {
  return `${CSV_BOM}${csvRow(header)}\r\n`;
}

/** A whole document: the byte order mark, header then rows, CRLF after every record (RFC 4180 §2). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let text = csvHead(header);
  for (const row of rows) text += `${csvRow(row)}\r\n`;
  return text;
}

/** Reads RFC 4180 text back into records (for tests and imports); accepts LF or CRLF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  while (i < source.length) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.length === 0) quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
    } else cell += ch;
    i += 1;
  }
  if (quoted) throw new SyntaxError('CSV ends inside a quoted cell');
  if (cell.length > 0 || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
