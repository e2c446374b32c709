// Ids looked up by their number. A platform's ids are usually a fixed prefix and a number ("ord_1_1234",
// "stu_1_77"): those are found in an array by the number (a Map of 650,000 fresh id strings was most of the cost
// of taking a page into the columns; a hash of the id's bytes, most of what was left). Whether an id has a
// number depends only on the id and the first id ever numbered (its prefix), so it is found the way it was put.
const NOT_NUMBERED = -1;
/** Numbers below this go in the array (at most 64 MB of it); larger ones are not numbered. */
const MOST = 2 ** 24;
/** Tails of at most this many digits, without a leading zero ("ord_1_007" and "ord_1_7" are two ids). */
const TAIL_DIGITS = 9;
const ZERO = 48;

const encoder = new TextEncoder();

/** A value per numbered id (≥ 0; -1 for none): ids are numbered by the first one's prefix. */
export class IdNumbers {
  /** Null until the first id is numbered. */
  #prefix: Uint8Array | null = null;
  #prefixText = '';
  /** False when the first id had no tail of digits: then no id has a number. */
  #numbered = true;
  #values = new Int32Array(1024).fill(-1);

  /** The id's number when it is the prefix and a plain number below MOST, else -1. */
  numberOf(id: string): number {
    if (this.#prefix === null) {
      const bytes = encoder.encode(id);
      this.#learn(bytes, 0, bytes.length);
    }
    if (!this.#numbered || !id.startsWith(this.#prefixText)) return NOT_NUMBERED;
    const from = this.#prefixText.length;
    const digits = id.length - from;
    if (digits < 1 || digits > TAIL_DIGITS || (digits > 1 && id.charCodeAt(from) === ZERO)) return NOT_NUMBERED;
    let n = 0;
    for (let k = from; k < id.length; k++) {
      const d = id.charCodeAt(k) - ZERO;
      if (d < 0 || d > 9) return NOT_NUMBERED;
      n = n * 10 + d;
    }
    return n < MOST ? n : NOT_NUMBERED;
  }

  /** numberOf for an id given as UTF-8 bytes b[start, end). */
  numberOfBytes(b: Uint8Array, start: number, end: number): number {
    if (this.#prefix === null) this.#learn(b, start, end);
    if (!this.#numbered) return NOT_NUMBERED;
    const prefix = this.#prefix!;
    const from = start + prefix.length;
    const digits = end - from;
    if (digits < 1 || digits > TAIL_DIGITS || (digits > 1 && b[from] === ZERO)) return NOT_NUMBERED;
    for (let k = 0; k < prefix.length; k++) if (b[start + k] !== prefix[k]) return NOT_NUMBERED;
    let n = 0;
    for (let k = from; k < end; k++) {
      const d = b[k]! - ZERO;
      if (d < 0 || d > 9) return NOT_NUMBERED;
      n = n * 10 + d;
    }
    return n < MOST ? n : NOT_NUMBERED;
  }

  /** The prefix is the first id's all but its tail of digits; an id without such a tail numbers nothing. */
  #learn(b: Uint8Array, start: number, end: number): void {
    let cut = end;
    while (cut > start && end - cut < TAIL_DIGITS && b[cut - 1]! >= ZERO && b[cut - 1]! <= ZERO + 9) cut--;
    this.#prefix = b.slice(start, cut);
    this.#prefixText = new TextDecoder().decode(this.#prefix);
    this.#numbered = cut < end;
  }

  /** The value of a number (≥ 0), or -1. */
  get(number: number): number {
    return number < this.#values.length ? this.#values[number]! : -1;
  }

  set(number: number, value: number): void {
    if (number >= this.#values.length) {
      const grown = new Int32Array(Math.min(MOST, Math.max(number + 1, this.#values.length * 2))).fill(-1);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[number] = value;
  }
}

/** Which row holds an order, by its id: numbered ids by their number, any other in a Map. */
export class IdRows {
  #numbers = new IdNumbers();
  #other = new Map<string, number>();

  numberOf(id: string): number {
    return this.#numbers.numberOf(id);
  }

  numberOfBytes(b: Uint8Array, start: number, end: number): number {
    return this.#numbers.numberOfBytes(b, start, end);
  }

  /** The row of an id by its number (≥ 0) or, when it has none, by its text; undefined when not held. */
  get(number: number, id: () => string): number | undefined {
    const row = number >= 0 ? this.#numbers.get(number) : (this.#other.get(id()) ?? -1);
    return row < 0 ? undefined : row;
  }

  set(number: number, id: () => string, row: number): void {
    if (number < 0) this.#other.set(id(), row);
    else this.#numbers.set(number, row);
  }
}
