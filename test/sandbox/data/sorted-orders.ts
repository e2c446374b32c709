// A school's orders sorted by one key, kept sorted as orders change: what a database index is to a real
// platform. Built once when the orders are generated; a recorded change (a payment, a refund, a new order)
// moves one entry with a binary search and a shift, so no request ever pays for a sort or a scan to count.

/** Packing (whole unit, index) into one double keeps it exact below 2^53: indexes below 2^21. */
const INDEX_BITS = 2 ** 21;
/** Keys below this, whole and not negative, are sorted by counting. */
const SMALL_KEYS = 256;

export class SortedOrders {
  /** Order indexes by key ascending, ties by index; orders without a key (NaN) last, by index. Valid up to `count`. */
  order: Uint32Array;
  count = 0;
  /** How many orders have a key (they fill the front). */
  keyed = 0;

  /** `key(i)`: order i's key (NaN: none); `unit`: the key's whole step (1000 for ms times) for the packed sort. */
  constructor(private readonly key: (i: number) => number, count: number, private readonly unit = 1) {
    this.order = new Uint32Array(Math.max(16, count));
    this.#build(count);
  }

  #build(n: number): void {
    const { order, key } = this;
    let keyed = 0;
    let back = n;
    for (let i = n - 1; i >= 0; i--) if (Number.isNaN(key(i))) order[--back] = i;
    for (let i = 0; i < n; i++) if (!Number.isNaN(key(i))) order[keyed++] = i;
    this.count = n;
    this.keyed = keyed;
    if (this.#sortedBetween(0, keyed)) return;
    if (this.#countingSort(keyed)) return;
    if (n >= INDEX_BITS) {
      order.subarray(0, keyed).sort((a, b) => key(a) - key(b) || a - b);
      return;
    }
    // Sorting packed doubles natively is fast and stable; keys finer than the unit (a change stamped with
    // milliseconds) are put right within their unit afterwards.
    const packed = new Float64Array(keyed);
    let fine = false;
    for (let k = 0; k < keyed; k++) {
      const i = order[k]!;
      const whole = Math.floor(key(i) / this.unit);
      if (whole * this.unit !== key(i)) fine = true;
      packed[k] = whole * INDEX_BITS + i;
    }
    packed.sort();
    for (let k = 0; k < keyed; k++) order[k] = packed[k]! % INDEX_BITS;
    if (!fine) return;
    for (let start = 0; start < keyed; ) {
      const whole = Math.floor(packed[start]! / INDEX_BITS);
      let end = start + 1;
      while (end < keyed && Math.floor(packed[end]! / INDEX_BITS) === whole) end++;
      if (end - start > 1) order.subarray(start, end).sort((a, b) => key(a) - key(b) || a - b);
      start = end;
    }
  }

  /** Keys that are a few small integers (a state): placed by counting, keeping index order. False when they are not. */
  #countingSort(keyed: number): boolean {
    const { order, key } = this;
    const counts = new Uint32Array(SMALL_KEYS + 1);
    for (let k = 0; k < keyed; k++) {
      const v = key(order[k]!);
      if (!Number.isInteger(v) || v < 0 || v >= SMALL_KEYS) return false;
      counts[v + 1]!++;
    }
    for (let v = 1; v <= SMALL_KEYS; v++) counts[v]! += counts[v - 1]!;
    const sorted = new Uint32Array(keyed);
    for (let k = 0; k < keyed; k++) sorted[counts[key(order[k]!)]!++] = order[k]!;
    order.set(sorted);
    return true;
  }

  #sortedBetween(from: number, to: number): boolean {
    for (let p = from + 1; p < to; p++) if (this.#before(this.order[p]!, this.key(this.order[p]!), p - 1)) return false;
    return true;
  }

  /** Whether order i with key k sorts before the entry at position p. */
  #before(i: number, k: number, p: number): boolean {
    const j = this.order[p]!;
    const kj = this.key(j);
    return k < kj || (k === kj && i < j);
  }

  keyOf(i: number): number {
    return this.key(i);
  }

  /** The first position of a keyed order whose key is at least `k` (`keyed` when none is). */
  lowerBound(k: number): number {
    let lo = 0;
    let hi = this.keyed;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.key(this.order[mid]!) < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where order i, with key k, is (or would go). */
  #position(i: number, k: number): number {
    const unkeyed = Number.isNaN(k);
    let lo = unkeyed ? this.keyed : 0;
    let hi = unkeyed ? this.count : this.keyed;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const j = this.order[mid]!;
      const kj = unkeyed || j === i ? k : this.key(j);
      // Order i itself (when it leaves) is compared by the key it had, not the one it has now.
      if (j !== i && (unkeyed ? j < i : kj < k || (kj === k && j < i))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Order i leaves (its key was `k` until the change being recorded). */
  remove(i: number, k: number): void {
    const p = this.#position(i, k);
    if (this.order[p] !== i || p >= this.count) throw new Error(`order ${i} is not where its key says`);
    this.order.copyWithin(p, p + 1, this.count);
    this.count--;
    if (!Number.isNaN(k)) this.keyed--;
  }

  /** Order i enters with its key as it is now. */
  insert(i: number): void {
    const k = this.key(i);
    const p = this.#position(i, k);
    if (this.count === this.order.length) {
      const grown = new Uint32Array(this.order.length * 2);
      grown.set(this.order);
      this.order = grown;
    }
    this.order.copyWithin(p + 1, p, this.count);
    this.order[p] = i;
    this.count++;
    if (!Number.isNaN(k)) this.keyed++;
  }
}
