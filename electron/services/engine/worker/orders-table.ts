// Filtering, sorting and totals over the order columns, in the engine's worker (the tests hold it to a brute
// force over the order objects), built from the columns directly: opening a snapshot needs no order objects and no per-order strings. Sort orders are
// computed once per key (the paid-time one is kept in the snapshot), the last selection is kept for scrolling,
// and the text search lower-cases each distinct buyer name/email once instead of every order's.
import type { OrderFacets, OrderFilters, OrderSort, OrderSortKey } from '../../../../shared/ipc/data';
import type { CurrencyTotals, Order, OrderState, ProductKind } from '../../../../shared/model/orders';
import { OrderState as OrderStateSchema } from '../../../../shared/model/orders';
import type { DictColumn, Numbers, OrderColumns } from './order-columns';
import { orderAt } from './order-columns';

const STATES = OrderStateSchema.options;

interface Selection {
  key: string;
  positions: Uint32Array;
  totals: CurrencyTotals[];
}

interface TableQueryResult {
  rows: Order[];
  offset: number;
  total: number;
  loaded: number;
  totals: CurrencyTotals[];
}

function codeOf(column: DictColumn, value: string): number {
  // Dictionaries are small for the columns filtered by value (currency, state, course, product).
  const { dict } = column;
  for (let k = 0; k < dict.size; k++) if (dict.get(k) === value) return k;
  return -2;
}

export class OrdersTable {
  readonly size: number;
  readonly maxUpdatedAt: string | null;
  readonly #sortOrders = new Map<OrderSortKey, { ascending: Uint32Array; nullsAtEnd: number }>();
  #byId: Map<string, number> | null = null;
  #couponGroup: Int32Array | null = null; // per row: lower-cased coupon code group, -1 none
  #couponGroups: Map<string, number> | null = null;
  #couponDisplay: string[] = [];
  #tradeLower: string[] | null = null;
  #lastSelection: Selection | null = null;
  #facets: OrderFacets | null = null;

  constructor(readonly columns: OrderColumns) {
    this.size = columns.count;
    let max = -Infinity;
    let at = -1;
    const updated = columns.updatedAt.ms;
    for (let i = 0; i < this.size; i++) {
      if (updated[i]! > max) {
        max = updated[i]!;
        at = i;
      }
    }
    this.maxUpdatedAt = at < 0 ? null : orderAt(columns, at).updatedAt;
  }

  row(i: number): Order {
    return orderAt(this.columns, i);
  }

  /** The row of an order id (the map is built on first use). */
  rowOf(orderId: string): number | undefined {
    if (!this.#byId) {
      const { id } = this.columns;
      const map = new Map<string, number>();
      for (let i = 0; i < this.size; i++) map.set(id.dict.get(id.codes[i]!), i);
      this.#byId = map;
    }
    return this.#byId.get(orderId);
  }

  get(orderId: string): Order | undefined {
    const i = this.rowOf(orderId);
    return i === undefined ? undefined : this.row(i);
  }

  /** Seeds a sort order computed earlier (kept in the snapshot) so the default view needs no sort on open. */
  seedSortOrder(key: OrderSortKey, ascending: Uint32Array, nullsAtEnd: number): void {
    if (ascending.length === this.size) this.#sortOrders.set(key, { ascending, nullsAtEnd });
  }

  sortOrder(key: OrderSortKey): { ascending: Uint32Array; nullsAtEnd: number } {
    const cached = this.#sortOrders.get(key);
    if (cached) return cached;
    const n = this.size;
    const tie = this.columns.idRank;
    // Start from id order and sort stably by the key alone: ties stay in id order without a second compare.
    const ascending = new Uint32Array(n);
    for (let i = 0; i < n; i++) ascending[tie[i]!] = i;
    let nullsAtEnd = 0;
    const numeric = this.#numericColumn(key);
    if (numeric) {
      for (let i = 0; i < n; i++) if (Number.isNaN(numeric[i])) nullsAtEnd++;
      ascending.sort((a, b) => {
        const x = numeric[a]!;
        const y = numeric[b]!;
        if (x !== x || y !== y) return (x !== x ? 1 : 0) - (y !== y ? 1 : 0);
        return x - y;
      });
    } else {
      const ranks = this.#textRanks(key);
      ascending.sort((a, b) => ranks[a]! - ranks[b]!);
    }
    const entry = { ascending, nullsAtEnd };
    this.#sortOrders.set(key, entry);
    return entry;
  }

  #numericColumn(key: OrderSortKey): Numbers | null {
    const c = this.columns;
    switch (key) {
      case 'paidAt': return c.paidAt.ms;
      case 'createdAt': return c.createdAt.ms;
      case 'updatedAt': return c.updatedAt.ms;
      case 'paidAmount': return c.paid;
      case 'originalAmount': return c.original;
      case 'discountAmount': return c.discount;
      case 'refundedAmount': return c.refunded;
      default: return null;
    }
  }

  /** Text keys sort by a rank per distinct value: one collator sort of the dictionary, not of the rows. */
  #textRanks(key: OrderSortKey): Uint32Array {
    const c = this.columns;
    const column = key === 'buyerName' ? c.buyerName : key === 'tradeNumber' ? c.tradeNumber : key === 'state' ? c.state : c.currency;
    const values = column.dict.values();
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const order = values.map((_, k) => k).sort((a, b) => collator.compare(values[a]!, values[b]!) || a - b);
    // Equal under the collator ("ada" and "Ada"): the same rank, so the id decides, as in the platform.
    const rankOfCode = new Uint32Array(values.length);
    let rank = 0;
    order.forEach((code, k) => {
      if (k > 0 && collator.compare(values[order[k - 1]!]!, values[code]!) !== 0) rank = k;
      rankOfCode[code] = rank;
    });
    const ranks = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i++) ranks[i] = rankOfCode[column.codes[i]!]!;
    return ranks;
  }

  #coupons(): { group: Int32Array; groups: Map<string, number> } {
    if (!this.#couponGroup || !this.#couponGroups) {
      const { couponCode } = this.columns;
      const groups = new Map<string, number>();
      const display: string[] = [];
      const groupOfCode = new Int32Array(couponCode.dict.size);
      for (let k = 0; k < couponCode.dict.size; k++) {
        const code = couponCode.dict.get(k);
        const lower = code.toLowerCase();
        let g = groups.get(lower);
        if (g === undefined) {
          g = display.length;
          groups.set(lower, g);
          display.push(code);
        }
        groupOfCode[k] = g;
      }
      const group = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) {
        const c = couponCode.codes[i]!;
        group[i] = c === couponCode.none ? -1 : groupOfCode[c]!;
      }
      this.#couponGroup = group;
      this.#couponGroups = groups;
      this.#couponDisplay = display;
    }
    return { group: this.#couponGroup, groups: this.#couponGroups };
  }

  facets(): OrderFacets {
    if (this.#facets) return this.#facets;
    const c = this.columns;
    const present = new Set(c.state.dict.values());
    this.#coupons();
    const courseTitle = new Map<string, string>();
    const product = new Map<string, { name: string; kind: ProductKind; code: number }>();
    const seenCourse = new Uint8Array(c.itemCourse.dict.size);
    const seenProduct = new Uint8Array(c.itemProduct.dict.size);
    // The latest paid time per product: several products may share a name (an event's tickets, year after year).
    const lastSold = new Float64Array(c.itemProduct.dict.size).fill(NaN);
    for (let i = 0; i < this.size; i++) {
      const paidAt = c.paidAt.ms[i]!;
      for (let j = c.itemStart[i]!, end = c.itemStart[i + 1]!; j < end; j++) {
        const course = c.itemCourse.codes[j]!;
        if (course !== c.itemCourse.none && !seenCourse[course]) {
          seenCourse[course] = 1;
          courseTitle.set(c.itemCourse.dict.get(course), c.itemName.dict.get(c.itemName.codes[j]!));
        }
        const p = c.itemProduct.codes[j]!;
        if (!seenProduct[p]) {
          seenProduct[p] = 1;
          product.set(c.itemProduct.dict.get(p), { name: c.itemName.dict.get(c.itemName.codes[j]!), kind: c.itemKind.dict.get(c.itemKind.codes[j]!) as ProductKind, code: p });
        }
        if (!Number.isNaN(paidAt) && !(lastSold[p]! >= paidAt)) lastSold[p] = paidAt;
      }
    }
    this.#facets = {
      currencies: c.currency.dict.values().sort(),
      states: STATES.filter((s) => present.has(s)),
      coupons: [...this.#couponDisplay].sort((a, b) => a.localeCompare(b)),
      courses: [...courseTitle].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title)),
      products: [...product]
        .map(([id, { name, kind, code }]) => ({ id, name, kind, lastSoldAt: Number.isNaN(lastSold[code]!) ? null : new Date(lastSold[code]!).toISOString() }))
        .sort((a, b) => a.name.localeCompare(b.name) || (a.lastSoldAt ?? '').localeCompare(b.lastSoldAt ?? '')),
    };
    return this.#facets;
  }

  query(filters: OrderFilters, sort: OrderSort, offset: number, limit: number): TableQueryResult {
    const selection = this.select(filters, sort);
    const end = Math.min(selection.positions.length, offset + limit);
    const rows: Order[] = [];
    for (let k = offset; k < end; k++) rows.push(this.row(selection.positions[k]!));
    return { rows, offset, total: selection.positions.length, loaded: this.size, totals: selection.totals };
  }

  select(filters: OrderFilters, sort: OrderSort): Selection {
    const key = JSON.stringify([normalizeFilters(filters), sort.key, sort.direction]);
    if (this.#lastSelection?.key === key) return this.#lastSelection;
    const mask = this.#filterMask(filters);
    const { ascending, nullsAtEnd } = this.sortOrder(sort.key);
    const positions = new Uint32Array(mask.count);
    let k = 0;
    if (sort.direction === 'asc') {
      for (let j = 0; j < ascending.length; j++) {
        const i = ascending[j]!;
        if (mask.bits[i]) positions[k++] = i;
      }
    } else {
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

  #textMatcher(filters: OrderFilters): ((i: number) => boolean) | null {
    const text = filters.text?.trim().toLowerCase() || null;
    if (text === null) return null;
    const c = this.columns;
    const dictHits = (column: DictColumn) => {
      const hits = new Uint8Array(column.dict.size);
      for (let k = 0; k < hits.length; k++) if (column.dict.get(k).toLowerCase().includes(text)) hits[k] = 1;
      return hits;
    };
    const names = dictHits(c.buyerName);
    const emails = dictHits(c.buyerEmail);
    if (!this.#tradeLower) {
      const trades = new Array<string>(c.tradeNumber.dict.size);
      for (let k = 0; k < trades.length; k++) trades[k] = c.tradeNumber.dict.get(k).toLowerCase();
      this.#tradeLower = trades;
    }
    const trades = this.#tradeLower;
    // The platform's q also finds an order by its exact id.
    const exact = this.rowOf(filters.text!.trim());
    return (i) =>
      names[c.buyerName.codes[i]!] === 1 || emails[c.buyerEmail.codes[i]!] === 1 || trades[c.tradeNumber.codes[i]!]!.includes(text) || i === exact;
  }

  #filterMask(filters: OrderFilters): { bits: Uint8Array; count: number; totals: CurrencyTotals[] } {
    const c = this.columns;
    const n = this.size;
    const bits = new Uint8Array(n);
    const from = filters.from ? Date.parse(filters.from) : -Infinity;
    const to = filters.to ? Date.parse(filters.to) : Infinity;
    const byDate = filters.from !== undefined || filters.to !== undefined;
    let states: Uint8Array | null = null;
    if (filters.states && filters.states.length > 0) {
      states = new Uint8Array(c.state.dict.size);
      const wanted = new Set<OrderState>(filters.states);
      for (let k = 0; k < states.length; k++) if (wanted.has(c.state.dict.get(k) as OrderState)) states[k] = 1;
    }
    // A value never seen matches nothing (-2), rather than being ignored.
    const currency = filters.currency === undefined ? -1 : codeOf(c.currency, filters.currency);
    let couponWanted = -3;
    let couponGroup: Int32Array | null = null;
    if (filters.coupon !== undefined) {
      const coupons = this.#coupons();
      couponGroup = coupons.group;
      couponWanted = filters.coupon === '' ? -1 : (coupons.groups.get(filters.coupon.toLowerCase()) ?? -2);
    }
    const course = filters.courseId === undefined ? -1 : codeOf(c.itemCourse, filters.courseId);
    const product = filters.productId === undefined ? -1 : codeOf(c.itemProduct, filters.productId);
    const textHit = this.#textMatcher(filters);
    const buyer = filters.buyerId === undefined ? -1 : codeOf(c.buyerId, filters.buyerId);
    const sums = new Float64Array(c.currency.dict.size * 5);
    let count = 0;
    if (currency === -2 || couponWanted === -2 || course === -2 || product === -2 || buyer === -2) return { bits, count, totals: [] };
    const paidAt = c.paidAt.ms;
    for (let i = 0; i < n; i++) {
      if (byDate) {
        const t = paidAt[i]!;
        if (!(t >= from && t < to)) continue;
      }
      if (states && !states[c.state.codes[i]!]) continue;
      if (currency >= 0 && c.currency.codes[i] !== currency) continue;
      if (buyer >= 0 && c.buyerId.codes[i] !== buyer) continue;
      if (couponGroup && couponGroup[i] !== couponWanted) continue;
      if (course >= 0 || product >= 0) {
        let hit = false;
        for (let j = c.itemStart[i]!, end = c.itemStart[i + 1]!; j < end; j++) {
          if ((course < 0 || c.itemCourse.codes[j] === course) && (product < 0 || c.itemProduct.codes[j] === product)) {
            hit = true;
            break;
          }
        }
        if (!hit) continue;
      }
      if (textHit && !textHit(i)) continue;
      bits[i] = 1;
      count++;
      const base = c.currency.codes[i]! * 5;
      sums[base] = sums[base]! + 1;
      sums[base + 1] = sums[base + 1]! + c.original[i]!;
      sums[base + 2] = sums[base + 2]! + c.discount[i]!;
      sums[base + 3] = sums[base + 3]! + c.paid[i]!;
      sums[base + 4] = sums[base + 4]! + c.refunded[i]!;
    }
    const totals: CurrencyTotals[] = [];
    for (let k = 0; k < c.currency.dict.size; k++) {
      const base = k * 5;
      if (sums[base] === 0) continue;
      const paid = sums[base + 3]!;
      const refunded = sums[base + 4]!;
      totals.push({ currency: c.currency.dict.get(k), count: sums[base]!, original: sums[base + 1]!, discount: sums[base + 2]!, paid, refunded, net: paid - refunded });
    }
    totals.sort((a, b) => a.currency.localeCompare(b.currency));
    return { bits, count, totals };
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
