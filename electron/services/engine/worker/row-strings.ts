// A string per row for the columns whose values are all but unique (trade numbers, line-item ids), as a first
// sync fills them: every CHUNK rows are joined into one string with their end offsets. A million orders held as
// millions of short strings kept the garbage collector busy (each one copied out of the young generation and
// then marked at every full collection); joined, the short strings die young and a chunk is one object.
import { StringDict } from './order-columns';

const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;

export class RowStrings {
  /** Rows [k·CHUNK, (k+1)·CHUNK) joined. */
  #chunks: string[] = [];
  /** Per row: where its text ends in its chunk (sealed chunks only). */
  #ends = new Uint32Array(CHUNK);
  /** The rows of the chunk being filled. */
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

  #seal(): void {
    const base = this.#chunks.length * CHUNK;
    if (this.#ends.length < base + CHUNK) {
      const ends = new Uint32Array(Math.max(base + CHUNK, this.#ends.length * 2));
      ends.set(this.#ends);
      this.#ends = ends;
    }
    let at = 0;
    for (let k = 0; k < this.#open.length; k++) this.#ends[base + k] = at += this.#open[k]!.length;
    this.#chunks.push(this.#open.join(''));
    this.#open = [];
  }

  /** Row `row`'s text (rows only ever append, so a view over the first rows stays true). */
  get(row: number): string {
    const chunk = row >>> CHUNK_BITS;
    if (chunk === this.#chunks.length) return this.#open[row - chunk * CHUNK]!;
    const start = (row & (CHUNK - 1)) === 0 ? 0 : this.#ends[row - 1]!;
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
      const first = chunk * CHUNK;
      for (let k = 0; k < CHUNK; k++) offsets[first + k + 1] = base + this.#ends[first + k]!;
      base += this.#chunks[chunk]!.length;
    }
    const first = this.#chunks.length * CHUNK;
    for (let k = 0; k < this.#open.length; k++) offsets[first + k + 1] = base += this.#open[k]!.length;
    return new StringDict(this.#chunks.join('') + this.#open.join(''), offsets);
  }
}
