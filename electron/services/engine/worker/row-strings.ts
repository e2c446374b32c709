// A string per row for the columns whose values are all but unique (order ids, trade numbers, line-item ids), as
// a first sync fills them: rows are held as chunks, each one string of its rows joined with their end offsets.
// A million orders held as millions of short strings kept the garbage collector busy (each one copied out of
// the young generation and then marked at every full collection); joined, a chunk is one object. A page's rows
// can come already joined (`pushRun`: the page's bytes decoded once, no string per row at all); rows pushed one
// by one are joined every CHUNK rows.
import { StringDict } from './order-columns';

const CHUNK = 1024;

export class RowStrings {
  #chunks: string[] = [];
  /** The first row of each chunk, and after the last one the first row not in a chunk. */
  #firsts: number[] = [0];
  /** Per row: where its text ends in its chunk (sealed chunks only). */
  #ends = new Uint32Array(CHUNK);
  /** The rows pushed one by one since the last chunk. */
  #open: string[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Appends the next row's text. */
  push(text: string): void {
    this.#open.push(text);
    this.#size++;
    if (this.#open.length === CHUNK) this.#seal();
  }

  /** Appends rows given joined: row k's text ends at ends[k] of `text` (k < count). */
  pushRun(text: string, ends: Uint32Array, count: number): void {
    if (count === 0) return;
    this.#seal();
    const first = this.#size;
    this.#room(first + count);
    this.#ends.set(ends.subarray(0, count), first);
    this.#chunks.push(text);
    this.#size = first + count;
    this.#firsts.push(this.#size);
  }

  #room(rows: number): void {
    if (this.#ends.length >= rows) return;
    const ends = new Uint32Array(Math.max(rows, this.#ends.length * 2));
    ends.set(this.#ends);
    this.#ends = ends;
  }

  #seal(): void {
    if (this.#open.length === 0) return;
    const base = this.#firsts[this.#firsts.length - 1]!;
    this.#room(base + this.#open.length);
    let at = 0;
    for (let k = 0; k < this.#open.length; k++) this.#ends[base + k] = at += this.#open[k]!.length;
    this.#chunks.push(this.#open.join(''));
    this.#firsts.push(base + this.#open.length);
    this.#open = [];
  }

  /** The chunk holding a sealed row (the last chunk whose first row is at or before it). */
  #chunkOf(row: number): number {
    let lo = 0;
    let hi = this.#chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.#firsts[mid]! <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Row `row`'s text (rows only ever append, so a view over the first rows stays true). */
  get(row: number): string {
    const sealed = this.#firsts[this.#firsts.length - 1]!;
    if (row >= sealed) return this.#open[row - sealed]!;
    const chunk = this.#chunkOf(row);
    const start = row === this.#firsts[chunk] ? 0 : this.#ends[row - 1]!;
    return this.#chunks[chunk]!.slice(start, this.#ends[row]!);
  }

  /** The first `size` rows as a dictionary that reads this store (no copy). */
  view(size: number): { readonly size: number; get(code: number): string; values(): string[] } {
    return {
      size,
      get: (code) => this.get(code),
      values: () => Array.from({ length: size }, (_, code) => this.get(code)),
    };
  }

  /** Every row as one joined dictionary (the table's and the snapshot's form): a join of the chunks, not the rows. */
  joined(): StringDict {
    const offsets = new Uint32Array(this.#size + 1);
    let base = 0;
    for (let chunk = 0; chunk < this.#chunks.length; chunk++) {
      for (let row = this.#firsts[chunk]!; row < this.#firsts[chunk + 1]!; row++) offsets[row + 1] = base + this.#ends[row]!;
      base += this.#chunks[chunk]!.length;
    }
    const first = this.#firsts[this.#firsts.length - 1]!;
    for (let k = 0; k < this.#open.length; k++) offsets[first + k + 1] = base += this.#open[k]!.length;
    return new StringDict(this.#chunks.join('') + this.#open.join(''), offsets);
  }
}
