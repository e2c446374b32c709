// A column dictionary's values found by their UTF-8 bytes (a range of the page the platform sent), so a value
// already held costs a hash and a compare of bytes, not a string made from them and a Map lookup: a first sync
// looks up a buyer, a name, an email and a product per order, and most are values seen before.
const EMPTY = -1;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

const encoder = new TextEncoder();

/** FNV-1a over b[start, end). */
function hashOf(b: Uint8Array, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let k = start; k < end; k++) h = Math.imul(h ^ b[k]!, FNV_PRIME);
  return h | 0; // as the slots hold it (an empty value's hash is the offset, above 2^31)
}

const utf8 = new TextDecoder('utf-8');

export class ByteKeys {
  /** Open addressing: each slot a value's hash and its code (EMPTY: none), side by side (one cache line to look at); at least twice as many slots as codes. */
  #slots = new Int32Array(128).fill(EMPTY);
  /** Each code's hash (the slots are made again from them as they grow). */
  #hashes = new Int32Array(33);
  /** Code c's bytes are #arena[#start[c], #start[c + 1]). */
  #arena = new Uint8Array(1024);
  #start = new Uint32Array(33);
  #size = 0;
  #scratch = new Uint8Array(256);

  get size(): number {
    return this.#size;
  }

  /** The code of the value b[start, end), or -1. */
  find(b: Uint8Array, start: number, end: number): number {
    const h = hashOf(b, start, end);
    const slots = this.#slots;
    const mask = (slots.length >>> 1) - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const code = slots[2 * slot + 1]!;
      if (code === EMPTY) return -1;
      if (slots[2 * slot] === h && this.equals(code, b, start, end)) return code;
    }
  }

  /** Whether code's value is b[start, end). */
  equals(code: number, b: Uint8Array, start: number, end: number): boolean {
    const from = this.#start[code]!;
    const length = end - start;
    if (this.#start[code + 1]! - from !== length) return false;
    const arena = this.#arena;
    for (let k = 0; k < length; k++) if (arena[from + k] !== b[start + k]) return false;
    return true;
  }

  /** Adds the value b[start, end) (not held yet) as the next code; that code. */
  add(b: Uint8Array, start: number, end: number): number {
    const code = this.#size;
    const length = end - start;
    this.#room(length);
    const from = this.#start[code]!;
    const arena = this.#arena;
    for (let k = 0; k < length; k++) arena[from + k] = b[start + k]!;
    this.#start[code + 1] = from + length;
    const h = hashOf(b, start, end);
    this.#hashes[code] = h;
    this.#size = code + 1;
    this.#place(code, h);
    return code;
  }

  /** Adds a value given as text (not held yet) as the next code. */
  addText(value: string): number {
    if (this.#scratch.length < value.length * 3) this.#scratch = new Uint8Array(value.length * 3);
    const { written } = encoder.encodeInto(value, this.#scratch);
    return this.add(this.#scratch, 0, written);
  }

  /** The code of a value given as text, or -1. */
  findText(value: string): number {
    if (this.#scratch.length < value.length * 3) this.#scratch = new Uint8Array(value.length * 3);
    const { written } = encoder.encodeInto(value, this.#scratch);
    return this.find(this.#scratch, 0, written);
  }

  #place(code: number, h: number): void {
    const slots = this.#slots;
    const mask = (slots.length >>> 1) - 1;
    let slot = h & mask;
    while (slots[2 * slot + 1] !== EMPTY) slot = (slot + 1) & mask;
    slots[2 * slot] = h;
    slots[2 * slot + 1] = code;
  }

  /**
   * Appends the values from code `values.length` on to `values`, decoded: their bytes are side by side, so
   * they are decoded at once and cut (a decoder call per value cost more than the rest of taking it in).
   */
  decodeInto(values: string[]): void {
    const from = values.length;
    if (from >= this.#size) return;
    const { text, offsets } = this.#decoded(from);
    for (let c = 0; c < this.#size - from; c++) values.push(text.slice(offsets[c]!, offsets[c + 1]!));
  }

  /** Every value as one string and where each starts in it: a finished column's dictionary, with no string per value. */
  joined(): { text: string; offsets: Uint32Array } {
    return this.#decoded(0);
  }

  /** Codes `from` on decoded at once: the text and each one's start in it (UTF-16 units), then its end. */
  #decoded(from: number): { text: string; offsets: Uint32Array } {
    const starts = this.#start;
    const n = this.#size - from;
    const base = starts[from]!;
    const text = utf8.decode(this.#arena.subarray(base, starts[this.#size]!));
    const offsets = new Uint32Array(n + 1);
    if (text.length === starts[this.#size]! - base) {
      for (let c = 0; c <= n; c++) offsets[c] = starts[from + c]! - base;
      return { text, offsets };
    }
    // Not all ASCII: each value's length in UTF-16 units, from its bytes (a 4-byte sequence is two units).
    const arena = this.#arena;
    let at = 0;
    for (let c = 0; c < n; c++) {
      offsets[c] = at;
      for (let k = starts[from + c]!; k < starts[from + c + 1]!; k++) {
        const byte = arena[k]!;
        if ((byte & 0xc0) !== 0x80) at += byte >= 0xf0 ? 2 : 1;
      }
    }
    offsets[n] = at;
    return { text, offsets };
  }

  #room(length: number): void {
    const code = this.#size;
    if (code + 2 > this.#start.length) {
      const start = new Uint32Array(this.#start.length * 2);
      start.set(this.#start);
      this.#start = start;
      const hashes = new Int32Array(start.length);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    const needed = this.#start[code]! + length;
    if (needed > this.#arena.length) {
      const arena = new Uint8Array(Math.max(needed, this.#arena.length * 2));
      arena.set(this.#arena);
      this.#arena = arena;
    }
    if ((code + 1) * 4 > this.#slots.length) {
      this.#slots = new Int32Array(this.#slots.length * 2).fill(EMPTY);
      for (let c = 0; c < code; c++) this.#place(c, this.#hashes[c]!);
    }
  }
}
