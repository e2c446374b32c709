// The orders of a school as columns: typed arrays for numbers, dictionary-coded strings (one joined string and
// its offsets per dictionary, so a million ids are one string, not a million), line items in CSR form. This is
// both the engine's in-memory form and, byte for byte, what the snapshot holds: opening a snapshot is
// decrypting it and taking views on the buffer, no per-order parsing. An order object is built only for the
// rows that leave the engine (a window on screen, a CSV line). Filled from, and answering, the app's Order
// (shared/model/orders.ts): the platform's payloads were mapped in the worker as each page arrived.
import type { Order, OrderItem } from '../../../../shared/model/orders';

/** No value (a null coupon, a course-less line item). */
export const NONE = 0xffffffff;

/** Distinct strings in code order. */
interface Dict {
  readonly size: number;
  get(code: number): string;
  values(): string[];
}

/** Distinct strings, held as one string plus UTF-16 offsets; `get` slices (V8 shares the parent's memory). */
export class StringDict implements Dict {
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

  static of(values: readonly string[], size = values.length): StringDict {
    const offsets = new Uint32Array(size + 1);
    let at = 0;
    for (let k = 0; k < size; k++) {
      offsets[k] = at;
      at += values[k]!.length;
    }
    offsets[size] = at;
    return new StringDict(size === values.length ? values.join('') : values.slice(0, size).join(''), offsets);
  }

  /** The dictionary as one joined string (the snapshot's and the search's form): itself when it already is. */
  static from(dict: Dict): StringDict {
    return dict instanceof StringDict ? dict : StringDict.of(dict.values());
  }
}

/** The first `size` values of a list that only grows (a sync's dictionary so far): no copy, no join. */
export class ListDict implements Dict {
  constructor(private readonly list: readonly string[], readonly size: number) {}

  get(code: number): string {
    return this.list[code]!;
  }

  values(): string[] {
    return this.list.slice(0, this.size);
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
  dict: Dict;
}

export function noneOf(codes: Codes): number {
  return codes instanceof Uint8Array ? 0xff : codes instanceof Uint16Array ? 0xffff : NONE;
}

/** The narrowest code array for a dictionary of `size` values (one value kept free for null). */
export function codesFor(size: number, rows: number): Codes {
  return size < 0xff ? new Uint8Array(rows) : size < 0xffff ? new Uint16Array(rows) : new Uint32Array(rows);
}

export function narrowNumbers(values: Float64Array): Numbers {
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

/** Runs a builder's steps to the end at once. */
export function finished<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
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

/** Every order, in row order (tests; the engine builds order objects only for rows that leave it). */
export function ordersOf(c: OrderColumns): Order[] {
  const out = new Array<Order>(c.count);
  for (let i = 0; i < c.count; i++) out[i] = orderAt(c, i);
  return out;
}
