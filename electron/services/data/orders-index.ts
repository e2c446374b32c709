// All orders of a school, held once in the main process as columns (typed arrays) so that filtering and sorting
// 100,000 orders takes milliseconds and 1,000,000 well under a second, without touching the order objects.
// Sort orders are computed once per key (lazily) and reused in both directions; the last filtered+sorted
// result is kept so scrolling through it only slices.
import type { Order, OrderState } from '../../../shared/platform/resources';
import { OrderState as OrderStateSchema } from '../../../shared/platform/resources';
import type { CurrencyTotals, OrderFacets, OrderFilters, OrderSort, OrderSortKey } from '../../../shared/ipc/data';

const STATES = OrderStateSchema.options;
const STATE_INDEX = new Map<string, number>(STATES.map((s, i) => [s, i]));

export interface OrdersQueryResult {
  rows: Order[];
  offset: number;
  total: number;
  loaded: number;
  totals: CurrencyTotals[];
}

/** The filtered, sorted positions plus their totals: what one (filters, sort) pair costs once. */
interface Selection {
  key: string;
  positions: Uint32Array;
  totals: CurrencyTotals[];
}

/** Interns strings to small integers: a column of them is a typed array. */
class Dictionary {
  readonly values: string[] = [];
  readonly #index = new Map<string, number>();
  intern(value: string): number {
    let i = this.#index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.#index.set(value, i);
    }
    return i;
  }
  get(value: string): number | undefined {
    return this.#index.get(value);
  }
}

export class OrdersIndex {
  readonly size: number;
  readonly #orders: readonly Order[];
  readonly #byId = new Map<string, number>();

  readonly #paidAt: Float64Array; // NaN when never paid
  readonly #createdAt: Float64Array;
  readonly #updatedAt: Float64Array;
  readonly #original: Float64Array;
  readonly #discount: Float64Array;
  readonly #paid: Float64Array;
  readonly #refunded: Float64Array;
  readonly #state: Uint8Array;
  readonly #currency: Uint16Array;
  readonly #coupon: Int32Array; // -1: no coupon; index into #coupons (lower-cased codes)
  readonly #itemStart: Uint32Array; // items of order i are [#itemStart[i], #itemStart[i + 1])
  readonly #itemCourse: Int32Array; // -1: not a course item
  readonly #itemProduct: Int32Array;
  readonly #searchText: string[]; // lower-cased "trade number\nbuyer name\nbuyer email"

  readonly #currencies = new Dictionary();
  readonly #coupons = new Dictionary();
  readonly #couponDisplay: string[] = [];
  readonly #courses = new Dictionary();
  readonly #courseTitles: string[] = [];
  readonly #products = new Dictionary();
  readonly #productInfo: { name: string; kind: string }[] = [];

  readonly #sortOrders = new Map<OrderSortKey, { ascending: Uint32Array; nullsAtEnd: number }>();
  #lastSelection: Selection | null = null;
  #idRanks: Uint32Array | null = null;
  #facets: OrderFacets | null = null;
  readonly maxUpdatedAt: string | null;

  constructor(orders: readonly Order[]) {
    const n = orders.length;
    this.size = n;
    this.#orders = orders;
    this.#paidAt = new Float64Array(n);
    this.#createdAt = new Float64Array(n);
    this.#updatedAt = new Float64Array(n);
    this.#original = new Float64Array(n);
    this.#discount = new Float64Array(n);
    this.#paid = new Float64Array(n);
    this.#refunded = new Float64Array(n);
    this.#state = new Uint8Array(n);
    this.#currency = new Uint16Array(n);
    this.#coupon = new Int32Array(n);
    this.#itemStart = new Uint32Array(n + 1);
    this.#searchText = new Array<string>(n);
    let itemCount = 0;
    for (const order of orders) itemCount += order.items.length;
    this.#itemCourse = new Int32Array(itemCount);
    this.#itemProduct = new Int32Array(itemCount);

    let item = 0;
    let maxUpdated = -Infinity;
    let maxUpdatedText: string | null = null;
    for (let i = 0; i < n; i++) {
      const o = orders[i]!;
      this.#byId.set(o.id, i);
      this.#paidAt[i] = o.paid_at === null ? NaN : Date.parse(o.paid_at);
      this.#createdAt[i] = Date.parse(o.created_at);
      const updated = Date.parse(o.updated_at);
      this.#updatedAt[i] = updated;
      if (updated > maxUpdated) {
        maxUpdated = updated;
        maxUpdatedText = o.updated_at;
      }
      this.#original[i] = o.original_amount;
      this.#discount[i] = o.discount_amount;
      this.#paid[i] = o.paid_amount;
      this.#refunded[i] = o.refunded_amount;
      this.#state[i] = STATE_INDEX.get(o.state) ?? 0;
      this.#currency[i] = this.#currencies.intern(o.currency);
      if (o.coupon) {
        const c = this.#coupons.intern(o.coupon.code.toLowerCase());
        if (c === this.#couponDisplay.length) this.#couponDisplay.push(o.coupon.code);
        this.#coupon[i] = c;
      } else this.#coupon[i] = -1;
      this.#itemStart[i] = item;
      for (const line of o.items) {
        if (line.course_id !== null) {
          const c = this.#courses.intern(line.course_id);
          if (c === this.#courseTitles.length) this.#courseTitles.push(line.name);
          this.#itemCourse[item] = c;
        } else this.#itemCourse[item] = -1;
        const p = this.#products.intern(line.product_id);
        if (p === this.#productInfo.length) this.#productInfo.push({ name: line.name, kind: line.kind });
        this.#itemProduct[item] = p;
        item++;
      }
      this.#searchText[i] = `${o.trade_number}\n${o.buyer.name}\n${o.buyer.email}`.toLowerCase();
    }
    this.#itemStart[n] = item;
    this.maxUpdatedAt = maxUpdatedText;
  }

  get orders(): readonly Order[] {
    return this.#orders;
  }

  get(orderId: string): Order | undefined {
    const i = this.#byId.get(orderId);
    return i === undefined ? undefined : this.#orders[i];
  }

  /** A new index with `changed` orders replacing those with the same id and the others appended. */
  merge(changed: readonly Order[]): OrdersIndex {
    if (changed.length === 0) return this;
    const next = this.#orders.slice();
    for (const order of changed) {
      const i = this.#byId.get(order.id);
      if (i === undefined) next.push(order);
      else next[i] = order;
    }
    return new OrdersIndex(next);
  }

  /** What every loaded order offers the filters; computed once per index. */
  facets(): OrderFacets {
    this.#facets ??= this.#computeFacets();
    return this.#facets;
  }

  #computeFacets(): OrderFacets {
    const states = new Set<OrderState>();
    for (let i = 0; i < this.size; i++) states.add(STATES[this.#state[i]!]!);
    // The latest paid time per product: several products may share a name (an event's tickets, year after year).
    const lastSold = new Float64Array(this.#productInfo.length).fill(NaN);
    for (let i = 0; i < this.size; i++) {
      const paidAt = this.#paidAt[i]!;
      if (Number.isNaN(paidAt)) continue;
      for (let k = this.#itemStart[i]!; k < this.#itemStart[i + 1]!; k++) {
        const p = this.#itemProduct[k]!;
        if (!(lastSold[p]! >= paidAt)) lastSold[p] = paidAt;
      }
    }
    return {
      currencies: [...this.#currencies.values].sort(),
      states: STATES.filter((s) => states.has(s)),
      coupons: [...this.#couponDisplay].sort((a, b) => a.localeCompare(b)),
      courses: this.#courses.values.map((id, i) => ({ id, title: this.#courseTitles[i]! })).sort((a, b) => a.title.localeCompare(b.title)),
      products: this.#products.values
        .map((id, i) => ({ id, ...this.#productInfo[i]!, lastSoldAt: Number.isNaN(lastSold[i]!) ? null : new Date(lastSold[i]!).toISOString() }))
        .sort((a, b) => a.name.localeCompare(b.name) || (a.lastSoldAt ?? '').localeCompare(b.lastSoldAt ?? '')),
    };
  }

  query(filters: OrderFilters, sort: OrderSort, offset: number, limit: number): OrdersQueryResult {
    const selection = this.select(filters, sort);
    const end = Math.min(selection.positions.length, offset + limit);
    const rows: Order[] = [];
    for (let k = offset; k < end; k++) rows.push(this.#orders[selection.positions[k]!]!);
    return { rows, offset, total: selection.positions.length, loaded: this.size, totals: selection.totals };
  }

  /** Positions of the filtered orders in sort order, with their totals per currency; the last one is reused. */
  select(filters: OrderFilters, sort: OrderSort): Selection {
    const key = JSON.stringify([normalizeFilters(filters), sort.key, sort.direction]);
    if (this.#lastSelection?.key === key) return this.#lastSelection;
    const mask = this.#filterMask(filters);
    const { ascending, nullsAtEnd } = this.#sortOrder(sort.key);
    const positions = new Uint32Array(mask.count);
    let k = 0;
    if (sort.direction === 'asc') {
      for (let j = 0; j < ascending.length; j++) {
        const i = ascending[j]!;
        if (mask.bits[i]) positions[k++] = i;
      }
    } else {
      // Descending keeps orders without a value (never paid) at the end, as ascending does; ties by id descending.
      const valued = ascending.length - nullsAtEnd;
      for (let j = valued - 1; j >= 0; j--) {
        const i = ascending[j]!;
        if (mask.bits[i]) positions[k++] = i;
      }
      for (let j = ascending.length - 1; j >= valued; j--) {
        const i = ascending[j]!;
        if (mask.bits[i]) positions[k++] = i;
      }
    }
    this.#lastSelection = { key, positions, totals: mask.totals };
    return this.#lastSelection;
  }

  #filterMask(filters: OrderFilters): { bits: Uint8Array; count: number; totals: CurrencyTotals[] } {
    const n = this.size;
    const bits = new Uint8Array(n);
    const from = filters.from ? Date.parse(filters.from) : -Infinity;
    const to = filters.to ? Date.parse(filters.to) : Infinity;
    const byDate = filters.from !== undefined || filters.to !== undefined;
    let states: Uint8Array | null = null;
    if (filters.states && filters.states.length > 0) {
      states = new Uint8Array(STATES.length);
      for (const s of filters.states) states[STATE_INDEX.get(s)!] = 1;
    }
    // A value the index has never seen matches nothing (-2), rather than being ignored.
    const currency = filters.currency === undefined ? -1 : (this.#currencies.get(filters.currency) ?? -2);
    const coupon = filters.coupon === undefined ? -3 : filters.coupon === '' ? -1 : (this.#coupons.get(filters.coupon.toLowerCase()) ?? -2);
    const course = filters.courseId === undefined ? -1 : (this.#courses.get(filters.courseId) ?? -2);
    const product = filters.productId === undefined ? -1 : (this.#products.get(filters.productId) ?? -2);
    const text = filters.text?.trim().toLowerCase() || null;
    // The platform's q also finds an order by its exact id; so does the index.
    const exactId = text === null ? undefined : this.#byId.get(filters.text!.trim());

    const sums = new Float64Array(this.#currencies.values.length * 5);
    let count = 0;
    if (currency === -2 || coupon === -2 || course === -2 || product === -2) return { bits, count, totals: [] };
    for (let i = 0; i < n; i++) {
      if (byDate) {
        const t = this.#paidAt[i]!;
        if (!(t >= from && t < to)) continue; // NaN (never paid) fails both
      }
      if (states && !states[this.#state[i]!]) continue;
      if (currency >= 0 && this.#currency[i] !== currency) continue;
      if (filters.buyerId !== undefined && this.#orders[i]!.buyer.id !== filters.buyerId) continue;
      if (coupon !== -3 && this.#coupon[i] !== coupon) continue;
      if (course >= 0 || product >= 0) {
        let hit = false;
        for (let j = this.#itemStart[i]!, end = this.#itemStart[i + 1]!; j < end; j++) {
          if ((course < 0 || this.#itemCourse[j] === course) && (product < 0 || this.#itemProduct[j] === product)) {
            hit = true;
            break;
          }
        }
        if (!hit) continue;
      }
      if (text !== null && !this.#searchText[i]!.includes(text) && exactId !== i) continue;
      bits[i] = 1;
      count++;
      const base = this.#currency[i]! * 5;
      sums[base] = sums[base]! + 1;
      sums[base + 1] = sums[base + 1]! + this.#original[i]!;
      sums[base + 2] = sums[base + 2]! + this.#discount[i]!;
      sums[base + 3] = sums[base + 3]! + this.#paid[i]!;
      sums[base + 4] = sums[base + 4]! + this.#refunded[i]!;
    }
    const totals: CurrencyTotals[] = [];
    this.#currencies.values.forEach((code, c) => {
      const base = c * 5;
      if (sums[base] === 0) return;
      const paid = sums[base + 3]!;
      const refunded = sums[base + 4]!;
      totals.push({ currency: code, count: sums[base]!, original: sums[base + 1]!, discount: sums[base + 2]!, paid, refunded, net: paid - refunded });
    });
    totals.sort((a, b) => a.currency.localeCompare(b.currency));
    return { bits, count, totals };
  }

  /** Ascending positions for a key, ties by order id (as the platform breaks them); orders without a value last. */
  #sortOrder(key: OrderSortKey): { ascending: Uint32Array; nullsAtEnd: number } {
    const cached = this.#sortOrders.get(key);
    if (cached) return cached;
    const n = this.size;
    const ascending = new Uint32Array(n);
    for (let i = 0; i < n; i++) ascending[i] = i;
    let nullsAtEnd = 0;
    const tie = this.#idRank();
    const numeric = this.#numericColumn(key);
    if (numeric) {
      for (let i = 0; i < n; i++) if (Number.isNaN(numeric[i])) nullsAtEnd++;
      ascending.sort((a, b) => {
        const x = numeric[a]!;
        const y = numeric[b]!;
        const xn = x !== x; // NaN
        const yn = y !== y;
        if (xn || yn) return xn === yn ? tie[a]! - tie[b]! : xn ? 1 : -1;
        return x - y || tie[a]! - tie[b]!;
      });
    } else {
      const ranks = this.#textRanks(key);
      ascending.sort((a, b) => ranks[a]! - ranks[b]! || tie[a]! - tie[b]!);
    }
    const entry = { ascending, nullsAtEnd };
    this.#sortOrders.set(key, entry);
    return entry;
  }

  /** Each order's rank by id (natural order for numbered ids), computed once. */
  #idRank(): Uint32Array {
    if (this.#idRanks) return this.#idRanks;
    const byId = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i++) byId[i] = i;
    const orders = this.#orders;
    byId.sort((a, b) => {
      const x = orders[a]!.id;
      const y = orders[b]!.id;
      // Shorter first, then code units: "ord_1_99" before "ord_1_100", as the platform numbers its orders.
      return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
    });
    const ranks = new Uint32Array(this.size);
    for (let r = 0; r < byId.length; r++) ranks[byId[r]!] = r;
    this.#idRanks = ranks;
    return ranks;
  }

  #numericColumn(key: OrderSortKey): Float64Array | null {
    switch (key) {
      case 'paidAt': return this.#paidAt;
      case 'createdAt': return this.#createdAt;
      case 'updatedAt': return this.#updatedAt;
      case 'paidAmount': return this.#paid;
      case 'originalAmount': return this.#original;
      case 'discountAmount': return this.#discount;
      case 'refundedAmount': return this.#refunded;
      default: return null;
    }
  }

  /** Text keys sort by a rank per distinct value, computed with one collator sort of the distinct values. */
  #textRanks(key: OrderSortKey): Uint32Array {
    const n = this.size;
    const valueOf: (o: Order) => string =
      key === 'buyerName' ? (o) => o.buyer.name
        : key === 'tradeNumber' ? (o) => o.trade_number
          : key === 'state' ? (o) => o.state
            : (o) => o.currency;
    const distinct = new Dictionary();
    const ids = new Uint32Array(n);
    for (let i = 0; i < n; i++) ids[i] = distinct.intern(valueOf(this.#orders[i]!));
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const order = distinct.values.map((_, i) => i).sort((a, b) => collator.compare(distinct.values[a]!, distinct.values[b]!) || a - b);
    const rankOfId = new Uint32Array(order.length);
    order.forEach((id, rank) => { rankOfId[id] = rank; });
    const ranks = new Uint32Array(n);
    for (let i = 0; i < n; i++) ranks[i] = rankOfId[ids[i]!]!;
    return ranks;
  }
}

function normalizeFilters(filters: OrderFilters): OrderFilters {
  const out: OrderFilters = {};
  if (filters.from) out.from = new Date(filters.from).toISOString();
  if (filters.to) out.to = new Date(filters.to).toISOString();
  if (filters.states?.length) out.states = [...new Set(filters.states)].sort();
  if (filters.courseId !== undefined) out.courseId = filters.courseId;
  if (filters.productId !== undefined) out.productId = filters.productId;
  if (filters.coupon !== undefined) out.coupon = filters.coupon.toLowerCase();
  if (filters.currency !== undefined) out.currency = filters.currency;
  if (filters.buyerId !== undefined) out.buyerId = filters.buyerId;
  const text = filters.text?.trim().toLowerCase();
  if (text) out.text = text;
  return out;
}
