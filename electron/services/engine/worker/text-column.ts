// A string column of the order columns as a sync fills it (order-columns-builder.ts): each distinct value once,
// a code per row (NONE for null). Values come as strings (an order read the general way) or as UTF-8 bytes of
// the page the platform sent (scanned rows, platform/order-rows.ts). Values that came as bytes are found by
// their bytes (ByteKeys), decoded only when the column is looked at, many at once, and put in a string map only
// if a value ever comes as a string again: a decoder call and a map insert per new value (a school's every
// buyer, name and email) cost more than the rest of taking them in.
import { ByteKeys } from './byte-keys';
import { IdNumbers } from './id-rows';
import { ListDict, NONE, StringDict, codesFor, noneOf, type Codes, type DictColumn } from './order-columns';
import { RowStrings } from './row-strings';
import { ESCAPED_TEXT, NULL_TEXT, type OrderRows } from '../../platform/order-rows';

const utf8 = new TextDecoder('utf-8');

/** The array at a new, larger length, its values kept. */
function resized<A extends Uint32Array>(a: A, length: number): A {
  const out = new (a.constructor as new (n: number) => A)(length);
  out.set(a);
  return out;
}

/** How a column's values are looked up: each by its text (or bytes), also by its number (ids), or none at all. */
export type TextKind = 'text' | 'id' | 'perRow';

/**
 * A column whose values are all but unique (order ids, trade numbers, line-item ids) is kept `perRow`: row k's
 * value is dictionary entry k, with no lookup at all, in joined chunks (RowStrings). A column of ids (buyers,
 * coupons) finds a value that came as bytes by its number first (IdNumbers: an array, no hash).
 */
export class TextColumn {
  /** The values decoded so far: all of them, or the first ones when values came as bytes since. */
  #values: string[] = [];
  /** A perRow column's rows. */
  #rows = new RowStrings();
  /** Codes by value: null while no value has come as a string since values came as bytes. */
  #codeOf: Map<string, number> | null = new Map();
  /** The values by their UTF-8 bytes, once a value came as bytes (codes as in `values`). */
  #keys: ByteKeys | null = null;
  /** An id column's codes by the ids' numbers (values put since the byte keys were made). */
  #numbers: IdNumbers | null = null;
  #last: string | null = null;
  #lastCode = 0;
  codes: Uint32Array;

  readonly perRow: boolean;

  constructor(capacity: number, readonly kind: TextKind = 'text') {
    this.codes = new Uint32Array(capacity);
    this.perRow = kind === 'perRow';
  }

  static seeded(column: DictColumn, rows: number, capacity: number, kind: TextKind = 'text'): TextColumn {
    const out = new TextColumn(capacity, kind);
    const perRow = kind === 'perRow';
    const { codes, none } = column;
    if (perRow) {
      for (let i = 0; i < rows; i++) out.set(i, codes[i] === none ? null : column.dict.get(codes[i]!));
      return out;
    }
    out.#values = column.dict.values();
    out.#values.forEach((value, code) => out.#codeOf!.set(value, code));
    for (let i = 0; i < rows; i++) {
      const c = codes[i]!;
      out.codes[i] = c === none ? NONE : c;
    }
    return out;
  }

  /** How many distinct values (a perRow column: rows). */
  get size(): number {
    return this.perRow ? this.#rows.size : (this.#keys?.size ?? this.#values.length);
  }

  /** Every value, by code. */
  get values(): string[] {
    this.#keys?.decodeInto(this.#values);
    return this.#values;
  }

  #stringCodes(): Map<string, number> {
    if (this.#codeOf) return this.#codeOf;
    const codeOf = new Map<string, number>();
    this.values.forEach((value, code) => codeOf.set(value, code));
    return (this.#codeOf = codeOf);
  }

  /** Rows are set in order, each once (a perRow column's dictionary is its rows); the row's code. */
  set(row: number, value: string | null): number {
    if (this.perRow) {
      this.#rows.push(value ?? '');
      return (this.codes[row] = value === null ? NONE : row);
    }
    if (value === null) return (this.codes[row] = NONE);
    // Neighbouring orders often share a value (a state, a currency, a course): that costs a compare, not a hash.
    if (value === this.#last) return (this.codes[row] = this.#lastCode);
    const codeOf = this.#stringCodes();
    let code = codeOf.get(value);
    if (code === undefined) {
      const values = this.values;
      code = values.length;
      values.push(value);
      codeOf.set(value, code);
      if (this.#keys) this.#keyed(this.#keys.addText(value), value);
    }
    this.codes[row] = code;
    this.#last = value;
    this.#lastCode = code;
    return code;
  }

  /**
   * Sets the row to `code` when that is `value`'s code (a code remembered elsewhere, checked here: no lookup),
   * else as `set` does; the row's code.
   */
  setKnown(row: number, value: string, code: number | undefined): number {
    if (code !== undefined && this.values[code] === value) return (this.codes[row] = code);
    return this.set(row, value);
  }

  /** A value just put in the byte keys as `code`: an id column also finds it by its number. */
  #keyed(code: number, value: string): void {
    if (!this.#numbers) return;
    const number = this.#numbers.numberOf(value);
    if (number >= 0) this.#numbers.set(number, code);
  }

  #byteKeys(): ByteKeys {
    if (this.#keys) return this.#keys;
    const keys = new ByteKeys();
    if (this.kind === 'id') this.#numbers = new IdNumbers();
    this.#keys = keys;
    for (const value of this.#values) this.#keyed(keys.addText(value), value);
    // From here on values may come as bytes: the string map is made again only if one comes as a string.
    this.#codeOf = null;
    this.#last = null;
    return keys;
  }

  /** Sets the row to the value b[start, end) (UTF-8); the row's code. Not for perRow columns. */
  setBytes(row: number, b: Uint8Array, start: number, end: number): number {
    const keys = this.#byteKeys();
    const numbers = this.#numbers;
    const number = numbers ? numbers.numberOfBytes(b, start, end) : -1;
    let code = number >= 0 ? numbers!.get(number) : keys.find(b, start, end);
    if (code < 0) {
      code = keys.add(b, start, end);
      if (number >= 0) numbers!.set(number, code);
      if (this.#codeOf) this.#codeOf.set(this.values[code]!, code);
    }
    return (this.codes[row] = code);
  }

  /**
   * Sets the row to a text of scanned rows (platform/order-rows.ts: a range of the page's bytes, an escaped text,
   * or null) at `ranges[at]`, checking `known` (a code remembered elsewhere) first; the row's code. Not for
   * perRow columns.
   */
  setRange(row: number, rows: OrderRows, ranges: Uint32Array, at: number, known?: number): number {
    const start = ranges[at]!;
    if (start === NULL_TEXT) return (this.codes[row] = NONE);
    if (start === ESCAPED_TEXT) return this.set(row, rows.escaped[ranges[at + 1]!]!);
    const keys = this.#byteKeys();
    if (known !== undefined && known < keys.size && keys.equals(known, rows.bytes, start, ranges[at + 1]!)) return (this.codes[row] = known);
    return this.setBytes(row, rows.bytes, start, ranges[at + 1]!);
  }

  /** A perRow column's next rows, from `row` on: rows' k-th text at ranges[at(k)]. */
  setRun(row: number, rows: OrderRows, ranges: Uint32Array, at: (k: number) => number, count: number): void {
    for (let k = 0; k < count; k++) this.codes[row + k] = ranges[at(k)] === NULL_TEXT ? NONE : row + k;
    pushRun(this.#rows, rows, ranges, at, count);
  }

  grow(capacity: number): void {
    this.codes = resized(this.codes, capacity);
  }

  /** The first `rows` rows, sharing this column's memory (codes and values are only ever appended). */
  view(rows: number): DictColumn {
    const dict = this.perRow ? this.#rows.view(this.#rows.size) : new ListDict(this.values, this.values.length);
    return { codes: this.codes.subarray(0, rows), none: NONE, dict };
  }

  /** Only the given rows, in that order (replaced copies dropped), into new memory; values no row uses any more go. */
  compacted(rows: Uint32Array, capacity: number): TextColumn {
    const out = new TextColumn(capacity, this.kind);
    const values = this.perRow ? [] : this.values;
    for (let j = 0; j < rows.length; j++) {
      const c = this.codes[rows[j]!]!;
      out.set(j, c === NONE ? null : this.perRow ? this.#rows.get(c) : values[c]!);
    }
    return out;
  }

  finish(rows: number): DictColumn {
    if (this.perRow) {
      const codes = narrowed(this.codes, rows, this.#rows.size);
      return { codes, none: noneOf(codes), dict: this.#rows.joined() };
    }
    const codes = narrowed(this.codes, rows, this.size);
    // Once values came as bytes, every value is in the byte keys under its code: their bytes decoded once are the
    // dictionary (no string cut per value and joined again: at 650,000 orders, a buyer's id and email column
    // took 40-56 ms so).
    const joined = this.#keys?.joined();
    return { codes, none: noneOf(codes), dict: joined ? new StringDict(joined.text, joined.offsets) : StringDict.of(this.#values) };
  }
}

let runBytes = new Uint8Array(64 * 1024);
let runEnds = new Uint32Array(1024);

/**
 * Appends scanned rows' texts (the k-th at ranges[at(k)]) to `store` as one run: their bytes copied together
 * and decoded once when they are all ASCII (then a row's end in bytes is its end in UTF-16 units too); one by
 * one otherwise.
 */
export function pushRun(store: RowStrings, rows: OrderRows, ranges: Uint32Array, at: (k: number) => number, count: number): void {
  const b = rows.bytes;
  let length = 0;
  let plain = true;
  for (let k = 0; k < count && plain; k++) {
    const a = at(k);
    const start = ranges[a]!;
    plain = start !== ESCAPED_TEXT && start !== NULL_TEXT;
    if (plain) length += ranges[a + 1]! - start;
  }
  if (plain) {
    if (runBytes.length < length) runBytes = new Uint8Array(Math.max(length, runBytes.length * 2));
    if (runEnds.length < count) runEnds = new Uint32Array(Math.max(count, runEnds.length * 2));
    let to = 0;
    let high = 0;
    for (let k = 0; k < count; k++) {
      const a = at(k);
      for (let p = ranges[a]!, end = ranges[a + 1]!; p < end; p++) high |= runBytes[to++] = b[p]!;
      runEnds[k] = to;
    }
    if (high < 0x80) {
      store.pushRun(utf8.decode(runBytes.subarray(0, to)), runEnds, count);
      return;
    }
  }
  for (let k = 0; k < count; k++) {
    const a = at(k);
    const start = ranges[a]!;
    store.push(start === NULL_TEXT ? '' : start === ESCAPED_TEXT ? rows.escaped[ranges[a + 1]!]! : utf8.decode(b.subarray(start, ranges[a + 1]!)));
  }
}

/** A column's first `rows` codes in the narrowest array its dictionary's `size` allows. */
export function narrowed(codes: Uint32Array, rows: number, size: number): Codes {
  const out = codesFor(size, rows);
  if (out instanceof Uint32Array) {
    out.set(codes.subarray(0, rows));
    return out;
  }
  const none = noneOf(out);
  for (let i = 0; i < rows; i++) {
    const c = codes[i]!;
    out[i] = c === NONE ? none : c;
  }
  return out;
}
