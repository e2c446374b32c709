// The orders of a school as columns: typed arrays for numbers, dictionary-coded strings (one joined string and
// its offsets per dictionary, so a million ids are one string, not a million), line items in CSR form. This is
// both the engine's in-memory form and, byte for byte, what the snapshot holds: opening a snapshot is
// decrypting it and taking views on the buffer, no per-order parsing. An order object is built only for the
// rows that leave the engine (a window on screen, a CSV line). Filled from, and answering, the app's Order
// (shared/model/orders.ts): the platform's payloads were mapped in the worker as each page arrived.
import type { Order, OrderItem } from '../../../../shared/model/orders';

/** No value (a null coupon, a course-less line item). */
const NONE = 0xffffffff;

/** Distinct strings, held as one string plus UTF-16 offsets; `get` slices (V8 shares the parent's memory). */
export class StringDict {
  constructor(readonly joined: string, readonly offsets: Uint32Array) {}

  get size(): number {
    return this.offsets.length - 1;
  }

  get(code: number): string {
    return this.joined.slice(this.offsets[code]!, this.offsets[code + 1]!);
  }

  values(): string[] {
    const out = new Array<string>(this.size);
    for (let k = 0; k < out.length; k++) out[k] = this.get(k);
    return out;
  }

  static of(values: readonly string[]): StringDict {
    const offsets = new Uint32Array(values.length + 1);
    let at = 0;
    for (let k = 0; k < values.length; k++) {
      offsets[k] = at;
      at += values[k]!.length;
    }
    offsets[values.length] = at;
    return new StringDict(values.join(''), offsets);
  }
}

/** Codes as narrow as the dictionary allows: a 4-value column takes one byte per row in memory and on disk. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;
/** Whole numbers (amounts) as Int32 when every value fits, else Float64. */
export type Numbers = Float64Array | Int32Array;

/** A string column: a code per row (`none` for null: the max of the code type) into a dictionary of its distinct values. */
export interface DictColumn {
  codes: Codes;
  none: number;
  dict: StringDict;
}

export function noneOf(codes: Codes): number {
  return codes instanceof Uint8Array ? 0xff : codes instanceof Uint16Array ? 0xffff : NONE;
}

/** The narrowest code array for a dictionary of `size` values (one value kept free for null). */
export function codesFor(size: number, rows: number): Codes {
  return size < 0xff ? new Uint8Array(rows) : size < 0xffff ? new Uint16Array(rows) : new Uint32Array(rows);
}

function narrowCodes(codes: Uint32Array, size: number): Codes {
  if (size >= 0xffff) return codes;
  const out = codesFor(size, codes.length);
  const none = noneOf(out);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    out[i] = c === NONE ? none : c;
  }
  return out;
}

function narrowNumbers(values: Float64Array): Numbers {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if ((v | 0) !== v) return values;
  }
  return Int32Array.from(values);
}

/** Times as epoch ms (NaN for null); `text` only when some value is not in toISOString's form (an offset). */
export interface TimeColumn {
  ms: Float64Array;
  text: DictColumn | null;
}

export interface OrderColumns {
  count: number;
  id: DictColumn;
  tradeNumber: DictColumn;
  state: DictColumn;
  buyerId: DictColumn;
  buyerName: DictColumn;
  buyerEmail: DictColumn;
  paymentMethod: DictColumn;
  currency: DictColumn;
  original: Numbers;
  discount: Numbers;
  paid: Numbers;
  refunded: Numbers;
  couponId: DictColumn;
  couponCode: DictColumn;
  createdAt: TimeColumn;
  paidAt: TimeColumn;
  updatedAt: TimeColumn;
  /** Items of order i are [itemStart[i], itemStart[i + 1]). */
  itemStart: Uint32Array;
  itemId: DictColumn;
  itemKind: DictColumn;
  itemProduct: DictColumn;
  itemCourse: DictColumn;
  itemName: DictColumn;
  itemOriginal: Numbers;
  itemDiscount: Numbers;
  itemAmount: Numbers;
  /** Each order's rank by id (shorter first, then code units: how the platform breaks ties). */
  idRank: Uint32Array;
}

class DictBuilder {
  readonly #index = new Map<string, number>();
  readonly #values: string[] = [];
  readonly codes: Uint32Array;
  constructor(rows: number) {
    this.codes = new Uint32Array(rows);
  }
  set(row: number, value: string | null): void {
    if (value === null) {
      this.codes[row] = NONE;
      return;
    }
    let code = this.#index.get(value);
    if (code === undefined) {
      code = this.#values.length;
      this.#values.push(value);
      this.#index.set(value, code);
    }
    this.codes[row] = code;
  }
  build(): DictColumn {
    const codes = narrowCodes(this.codes, this.#values.length);
    return { codes, none: noneOf(codes), dict: StringDict.of(this.#values) };
  }
}

function timeColumn(values: (string | null)[]): TimeColumn {
  const ms = new Float64Array(values.length);
  let exact = true;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === null) {
      ms[i] = NaN;
      continue;
    }
    const t = Date.parse(v);
    ms[i] = t;
    if (exact && (Number.isNaN(t) || new Date(t).toISOString() !== v)) exact = false;
  }
  if (exact) return { ms, text: null };
  const text = new DictBuilder(values.length);
  for (let i = 0; i < values.length; i++) text.set(i, values[i]!);
  return { ms, text: text.build() };
}

function idRanks(ids: DictColumn, count: number): Uint32Array {
  const byId = new Uint32Array(count);
  const strings = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    byId[i] = i;
    strings[i] = ids.dict.get(ids.codes[i]!);
  }
  byId.sort((a, b) => {
    const x = strings[a]!;
    const y = strings[b]!;
    return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
  });
  const ranks = new Uint32Array(count);
  for (let r = 0; r < count; r++) ranks[byId[r]!] = r;
  return ranks;
}

/** Rows between the pauses of the async builders: the worker answers queries in between. */
const CHUNK = 20_000;

function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

async function finishPausing<T>(steps: Generator<void, T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** Orders (ids unique) → columns. */
export function columnsOf(orders: readonly Order[]): OrderColumns {
  return finish(buildColumns(orders));
}

/** The same, pausing every 20,000 orders (a refresh of a big school must not hold the worker for seconds). */
export function columnsOfPausing(orders: readonly Order[], pause: () => Promise<void>): Promise<OrderColumns> {
  return finishPausing(buildColumns(orders), pause);
}

function* buildColumns(orders: readonly Order[]): Generator<void, OrderColumns> {
  const n = orders.length;
  let itemCount = 0;
  for (const o of orders) itemCount += o.items.length;
  const d = () => new DictBuilder(n);
  const id = d(), tradeNumber = d(), state = d(), buyerId = d(), buyerName = d(), buyerEmail = d(), paymentMethod = d(), currency = d(), couponId = d(), couponCode = d();
  const di = () => new DictBuilder(itemCount);
  const itemId = di(), itemKind = di(), itemProduct = di(), itemCourse = di(), itemName = di();
  const original = new Float64Array(n), discount = new Float64Array(n), paid = new Float64Array(n), refunded = new Float64Array(n);
  const itemOriginal = new Float64Array(itemCount), itemDiscount = new Float64Array(itemCount), itemAmount = new Float64Array(itemCount);
  const itemStart = new Uint32Array(n + 1);
  const created: string[] = new Array(n), paidAt: (string | null)[] = new Array(n), updated: string[] = new Array(n);
  let item = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % CHUNK === 0) yield;
    const o = orders[i]!;
    id.set(i, o.id);
    tradeNumber.set(i, o.tradeNumber);
    state.set(i, o.state);
    buyerId.set(i, o.buyer.id);
    buyerName.set(i, o.buyer.name);
    buyerEmail.set(i, o.buyer.email);
    paymentMethod.set(i, o.paymentMethod);
    currency.set(i, o.currency);
    original[i] = o.originalAmount;
    discount[i] = o.discountAmount;
    paid[i] = o.paidAmount;
    refunded[i] = o.refundedAmount;
    couponId.set(i, o.coupon?.id ?? null);
    couponCode.set(i, o.coupon?.code ?? null);
    created[i] = o.createdAt;
    paidAt[i] = o.paidAt;
    updated[i] = o.updatedAt;
    itemStart[i] = item;
    for (const line of o.items) {
      itemId.set(item, line.id);
      itemKind.set(item, line.productKind);
      itemProduct.set(item, line.productId);
      itemCourse.set(item, line.courseId);
      itemName.set(item, line.name);
      itemOriginal[item] = line.originalAmount;
      itemDiscount[item] = line.discountAmount;
      itemAmount[item] = line.amount;
      item++;
    }
  }
  itemStart[n] = item;
  const ids = id.build();
  return {
    count: n,
    id: ids,
    tradeNumber: tradeNumber.build(),
    state: state.build(),
    buyerId: buyerId.build(),
    buyerName: buyerName.build(),
    buyerEmail: buyerEmail.build(),
    paymentMethod: paymentMethod.build(),
    currency: currency.build(),
    original: narrowNumbers(original), discount: narrowNumbers(discount), paid: narrowNumbers(paid), refunded: narrowNumbers(refunded),
    couponId: couponId.build(),
    couponCode: couponCode.build(),
    createdAt: timeColumn(created),
    paidAt: timeColumn(paidAt),
    updatedAt: timeColumn(updated),
    itemStart,
    itemId: itemId.build(),
    itemKind: itemKind.build(),
    itemProduct: itemProduct.build(),
    itemCourse: itemCourse.build(),
    itemName: itemName.build(),
    itemOriginal: narrowNumbers(itemOriginal), itemDiscount: narrowNumbers(itemDiscount), itemAmount: narrowNumbers(itemAmount),
    idRank: idRanks(ids, n),
  };
}

function str(column: DictColumn, row: number): string {
  return column.dict.get(column.codes[row]!);
}

function strOrNull(column: DictColumn, row: number): string | null {
  const code = column.codes[row]!;
  return code === column.none ? null : column.dict.get(code);
}

function time(column: TimeColumn, row: number): string | null {
  if (column.text) return strOrNull(column.text, row);
  const t = column.ms[row]!;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Row i as the app's Order (the shape the IPC contract carries). */
export function orderAt(c: OrderColumns, i: number): Order {
  const items: OrderItem[] = [];
  for (let j = c.itemStart[i]!, end = c.itemStart[i + 1]!; j < end; j++) {
    items.push({
      id: str(c.itemId, j),
      productKind: str(c.itemKind, j) as OrderItem['productKind'],
      productId: str(c.itemProduct, j),
      courseId: strOrNull(c.itemCourse, j),
      name: str(c.itemName, j),
      originalAmount: c.itemOriginal[j]!,
      discountAmount: c.itemDiscount[j]!,
      amount: c.itemAmount[j]!,
    });
  }
  const couponId = strOrNull(c.couponId, i);
  return {
    id: str(c.id, i),
    tradeNumber: str(c.tradeNumber, i),
    state: str(c.state, i) as Order['state'],
    buyer: { id: str(c.buyerId, i), name: str(c.buyerName, i), email: str(c.buyerEmail, i) },
    paymentMethod: str(c.paymentMethod, i) as Order['paymentMethod'],
    currency: str(c.currency, i),
    originalAmount: c.original[i]!,
    discountAmount: c.discount[i]!,
    paidAmount: c.paid[i]!,
    refundedAmount: c.refunded[i]!,
    coupon: couponId === null ? null : { id: couponId, code: str(c.couponCode, i) },
    items,
    createdAt: time(c.createdAt, i)!,
    paidAt: time(c.paidAt, i),
    updatedAt: time(c.updatedAt, i)!,
  };
}

/** Every order, in row order (for merging a refresh; the engine never does this on the main process). */
export function ordersOf(c: OrderColumns): Order[] {
  return finish(allOrders(c));
}

export function ordersOfPausing(c: OrderColumns, pause: () => Promise<void>): Promise<Order[]> {
  return finishPausing(allOrders(c), pause);
}

function* allOrders(c: OrderColumns): Generator<void, Order[]> {
  const out = new Array<Order>(c.count);
  for (let i = 0; i < c.count; i++) {
    if (i > 0 && i % CHUNK === 0) yield;
    out[i] = orderAt(c, i);
  }
  return out;
}
