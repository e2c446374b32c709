// Order columns filled as a sync's pages arrive: each page's orders go straight into growing typed arrays and
// dictionaries (no array of a whole school's orders waits for the end), a later copy of an order replaces the
// earlier one (the newer updatedAt wins), `view()` answers what has arrived so far (a first sync's partial
// table) without copying it, and `finish()` narrows the columns into the layout the table and the snapshot
// use. Plain logic: the orders engine drives it, the tests hold it to columns built from a plain list.
import type { Order } from '../../../../shared/model/orders';
import {
  finished, NONE, narrowNumbers, noneOf,
  type DictColumn, type OrderColumns, type TimeColumn,
} from './order-columns';
import { RowStrings } from './row-strings';
import { TextColumn, narrowed, pushRun, type TextKind } from './text-column';
import { IdRows } from './id-rows';
import {
  ESCAPED_TEXT, ITEM_TEXT as ITEM_TEXT_AT, ITEM_TEXTS, ORDER_TEXT as ORDER_TEXT_AT, ORDER_TEXTS, ROW_PAYMENT_METHODS, ROW_PRODUCT_KINDS, ROW_STATES, type OrderRows,
} from '../../platform/order-rows';
import { civilMs } from '../../../../shared/civil-ms';

const utf8 = new TextDecoder('utf-8');

/** What adding an order did: a new one, a newer copy of one held, the same copy again, or an older copy (ignored). */
type AddOutcome = 'added' | 'replaced' | 'same' | 'older';

/** The array at a new, larger length, its values kept. */
function resized<A extends Float64Array | Uint32Array | Uint8Array>(a: A, length: number): A {
  const out = new (a.constructor as new (n: number) => A)(length);
  out.set(a);
  return out;
}


/** The number written by `n` digits at `at`, or -1 if one of them is not a digit. */
function digitsAt(text: string, at: number, n: number): number {
  let v = 0;
  for (let k = at; k < at + n; k++) {
    const d = text.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * The epoch ms of `text` when it is exactly what toISOString gives ("2026-11-27T08:00:00.000Z"), else NaN: one
 * pass over the characters and some arithmetic. Three times per order, Date.parse and a check of the form were
 * the largest share of putting a page into the columns.
 */
export function canonicalIsoMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58
    || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90) return NaN; // - - T : : . Z
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hours = digitsAt(text, 11, 2);
  const minutes = digitsAt(text, 14, 2);
  const seconds = digitsAt(text, 17, 2);
  const ms = digitsAt(text, 20, 3);
  return civilMs(year, month, day, hours, minutes, seconds, ms);
}

/** Whether `text` is exactly what toISOString gives for the time it parses to (then the ms alone keep it). */
export function isCanonicalIso(text: string): boolean {
  return !Number.isNaN(canonicalIsoMs(text));
}

/** A platform time's epoch ms (NaN for null): the quick path for toISOString's form, Date.parse for any other. */
function msOf(text: string | null): number {
  if (text === null) return NaN;
  const ms = canonicalIsoMs(text);
  return Number.isNaN(ms) ? Date.parse(text) : ms;
}

/** A time column as it grows: epoch ms (NaN for null), and the text only once some value is not toISOString's own. */
class TimeColumnBuilder {
  ms: Float64Array;
  text: TextColumn | null = null;

  constructor(capacity: number) {
    this.ms = new Float64Array(capacity);
  }

  static seeded(column: TimeColumn, rows: number, capacity: number): TimeColumnBuilder {
    const out = new TimeColumnBuilder(capacity);
    out.ms.set(column.ms.subarray(0, rows));
    if (column.text) out.text = TextColumn.seeded(column.text, rows, capacity);
    return out;
  }

  set(row: number, value: string | null): void {
    const canonical = value === null ? NaN : canonicalIsoMs(value);
    this.ms[row] = value === null || !Number.isNaN(canonical) ? canonical : Date.parse(value);
    if (!this.text && value !== null && Number.isNaN(canonical)) {
      // The first value the ms do not keep: every earlier row's text is its ms in toISOString's form.
      this.text = new TextColumn(this.ms.length);
      for (let i = 0; i < row; i++) this.text.set(i, Number.isNaN(this.ms[i]!) ? null : new Date(this.ms[i]!).toISOString());
    }
    this.text?.set(row, value);
  }

  /** Sets a row to epoch ms (NaN for null) read in toISOString's form. */
  setMs(row: number, ms: number): void {
    this.ms[row] = ms;
    this.text?.set(row, Number.isNaN(ms) ? null : new Date(ms).toISOString());
  }

  grow(capacity: number): void {
    this.ms = resized(this.ms, capacity);
    this.text?.grow(capacity);
  }

  view(rows: number): TimeColumn {
    return { ms: this.ms.subarray(0, rows), text: this.text ? this.text.view(rows) : null };
  }

  compacted(rows: Uint32Array, capacity: number): TimeColumnBuilder {
    const out = new TimeColumnBuilder(capacity);
    for (let j = 0; j < rows.length; j++) out.ms[j] = this.ms[rows[j]!]!;
    if (this.text) out.text = this.text.compacted(rows, capacity);
    return out;
  }

  finish(rows: number): TimeColumn {
    return { ms: this.ms.slice(0, rows), text: this.text ? this.text.finish(rows) : null };
  }
}

/** A row index packed below a number (exact in a double while number × ROWS < 2^53). */
const ROWS = 2 ** 22;
/** Tails of at most this many digits are ranked as numbers. */
const TAIL_DIGITS = 9;

/**
 * Each row's rank by id: shorter first, then by UTF-16 code units (how the platform breaks ties); row i's id is
 * ids[i]. Ids of one length are ranked together: when they share all but a tail of digits (a platform's usual
 * "ord_1_1234"), those tails compare as numbers, sorted packed with their rows in one native sort (a comparator
 * sort of 650,000 strings took seconds, and a first sync ranks its rows so far each time it shows them);
 * otherwise the group's ids are sorted natively as strings.
 */
export function rankIds(ids: readonly string[], count: number, rowOf: (id: string) => number): Uint32Array {
  let longest = 0;
  for (let i = 0; i < count; i++) if (ids[i]!.length > longest) longest = ids[i]!.length;
  const start = new Uint32Array(longest + 2);
  for (let i = 0; i < count; i++) start[ids[i]!.length + 1]!++;
  for (let k = 1; k < start.length; k++) start[k]! += start[k - 1]!;
  const byLength = new Uint32Array(count);
  const next = start.slice();
  for (let i = 0; i < count; i++) byLength[next[ids[i]!.length]!++] = i;
  const ranks = new Uint32Array(count);
  for (let length = 0; length <= longest; length++) {
    const rows = byLength.subarray(start[length]!, start[length + 1]!);
    if (rows.length > 0) rankGroup(ids, rows, start[length]!, ranks, rowOf);
  }
  return ranks;
}

/** Ranks `rows` (ids of one length) from `first` on. */
function rankGroup(ids: readonly string[], rows: Uint32Array, first: number, ranks: Uint32Array, rowOf: (id: string) => number): void {
  const head = ids[rows[0]!]!;
  let tail = 0;
  while (tail < Math.min(TAIL_DIGITS, head.length) && isDigit(head.charCodeAt(head.length - 1 - tail))) tail++;
  const cut = head.length - tail;
  const prefix = head.slice(0, cut);
  let numeric = tail > 0 && ids.length < ROWS;
  for (let k = 1; k < rows.length && numeric; k++) {
    const id = ids[rows[k]!]!;
    numeric = id.startsWith(prefix) && allDigits(id, cut);
  }
  if (numeric) {
    const packed = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) packed[k] = Number(ids[rows[k]!]!.slice(cut)) * ROWS + rows[k]!;
    packed.sort();
    for (let k = 0; k < rows.length; k++) ranks[packed[k]! % ROWS] = first + k;
    return;
  }
  const sorted = Array.from(rows, (row) => ids[row]!).sort();
  for (let k = 0; k < sorted.length; k++) ranks[rowOf(sorted[k]!)] = first + k;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
function allDigits(text: string, from: number): boolean {
  for (let k = from; k < text.length; k++) if (!isDigit(text.charCodeAt(k))) return false;
  return true;
}

const ROW_TEXT = ['tradeNumber', 'state', 'buyerId', 'buyerName', 'buyerEmail', 'paymentMethod', 'currency', 'couponId', 'couponCode'] as const;
const ITEM_TEXT = ['itemId', 'itemKind', 'itemProduct', 'itemCourse', 'itemName'] as const;
/** How each text column is looked up (TextColumn): all but unique values per row, ids also by number. */
const KIND: Readonly<Partial<Record<string, TextKind>>> = { tradeNumber: 'perRow', itemId: 'perRow', buyerId: 'id', couponId: 'id', itemProduct: 'id', itemCourse: 'id' };
const ROW_NUMBERS = ['original', 'discount', 'paid', 'refunded'] as const;
const ITEM_NUMBERS = ['itemOriginal', 'itemDiscount', 'itemAmount'] as const;
const TIMES = ['createdAt', 'paidAt', 'updatedAt'] as const;
type RowText = (typeof ROW_TEXT)[number];
type ItemText = (typeof ITEM_TEXT)[number];
type RowNumber = (typeof ROW_NUMBERS)[number];
type ItemNumber = (typeof ITEM_NUMBERS)[number];
type Time = (typeof TIMES)[number];

const INITIAL_ROWS = 1024;
/** Where each of a scanned order's texts is among its ranges (platform/order-rows.ts). */
const ORDER_TEXTS_PER_ROW = ORDER_TEXTS.length * 2;
const ITEM_T = ITEM_TEXTS.length * 2;
const { id: ID, tradeNumber: TRADE_NUMBER, buyerId: BUYER_ID, buyerName: BUYER_NAME, buyerEmail: BUYER_EMAIL, currency: CURRENCY, couponId: COUPON_ID, couponCode: COUPON_CODE } = ORDER_TEXT_AT;
const { itemId: ITEM_ID, itemProduct: ITEM_PRODUCT, itemCourse: ITEM_COURSE, itemName: ITEM_NAME } = ITEM_TEXT_AT;

export class OrderColumnsBuilder {
  #rows = 0;
  #items = 0;
  #replaced = 0;
  /** Rows whose order came again later (their newer copy is another row): left out of views and the result. */
  #stale: Uint8Array;
  /** Each row's order id (ids are the rows' own dictionary: a code per row, in row order). */
  #ids = new RowStrings();
  #rowOf = new IdRows();
  /** Each row's id number (IdRows), -1 when it has none; how many rows have none. */
  #idNumber: Float64Array;
  #unnumbered = 0;
  #identity: Uint32Array;
  #itemStart: Uint32Array;
  #text: Record<RowText | ItemText, TextColumn>;
  #numbers: Record<RowNumber | ItemNumber, Float64Array>;
  #times: Record<Time, TimeColumnBuilder>;
  /** Per buyer id code: the name's and the email's code on the buyer's last order (checked before use). */
  #buyerName: number[] = [];
  #buyerEmail: number[] = [];
  /** Per product id code: the course's and the name's code on its last line item (checked before use). */
  #productCourse: number[] = [];
  #productName: number[] = [];
  /** The currency's code on the last scanned order (checked before use). */
  #lastCurrency: number | undefined;

  constructor(rows = INITIAL_ROWS, items = rows * 2) {
    this.#stale = new Uint8Array(rows);
    this.#identity = new Uint32Array(rows);
    this.#idNumber = new Float64Array(rows);
    this.#itemStart = new Uint32Array(rows + 1);
    this.#text = Object.fromEntries([
      ...ROW_TEXT.map((name) => [name, new TextColumn(rows, KIND[name])]),
      ...ITEM_TEXT.map((name) => [name, new TextColumn(items, KIND[name])]),
    ]) as Record<RowText | ItemText, TextColumn>;
    this.#numbers = Object.fromEntries([
      ...ROW_NUMBERS.map((name) => [name, new Float64Array(rows)]),
      ...ITEM_NUMBERS.map((name) => [name, new Float64Array(items)]),
    ]) as Record<RowNumber | ItemNumber, Float64Array>;
    this.#times = Object.fromEntries(TIMES.map((name) => [name, new TimeColumnBuilder(rows)])) as Record<Time, TimeColumnBuilder>;
  }

  /** A builder holding the given columns' orders, to which a refresh adds what changed. */
  static from(c: OrderColumns): OrderColumnsBuilder {
    const rows = c.count;
    const items = c.itemStart[rows]!;
    const capacity = Math.max(INITIAL_ROWS, Math.ceil(rows * 1.25));
    const itemCapacity = Math.max(INITIAL_ROWS * 2, Math.ceil(items * 1.25));
    const out = new OrderColumnsBuilder(capacity, itemCapacity);
    for (let i = 0; i < rows; i++) {
      out.#holdId(c.id.dict.get(c.id.codes[i]!), i);
      out.#identity[i] = i;
    }
    out.#itemStart.set(c.itemStart.subarray(0, rows + 1));
    for (const name of ROW_TEXT) out.#text[name] = TextColumn.seeded(c[name], rows, capacity, KIND[name]);
    for (const name of ITEM_TEXT) out.#text[name] = TextColumn.seeded(c[name], items, itemCapacity, KIND[name]);
    for (const name of ROW_NUMBERS) out.#numbers[name].set(c[name].subarray(0, rows));
    for (const name of ITEM_NUMBERS) out.#numbers[name].set(c[name].subarray(0, items));
    for (const name of TIMES) out.#times[name] = TimeColumnBuilder.seeded(c[name], rows, capacity);
    out.#rows = rows;
    out.#items = items;
    return out;
  }

  /** Orders held (each id once). */
  get size(): number {
    return this.#rows - this.#replaced;
  }

  /** The updatedAt (epoch ms) of the copy held of an order, or undefined. */
  updatedAtOf(id: string): number | undefined {
    const row = this.#rowOf.get(this.#rowOf.numberOf(id), () => id);
    return row === undefined ? undefined : this.#times.updatedAt.ms[row];
  }

  /** Row `row`'s id is `id`: in the ids, the rows by id and the ranking's numbers. */
  #holdId(id: string, row: number): void {
    this.#ids.push(id);
    this.#number(this.#rowOf.numberOf(id), () => id, row);
  }

  #number(number: number, id: () => string, row: number): void {
    this.#rowOf.set(number, id, row);
    this.#idNumber[row] = number;
    if (number < 0) this.#unnumbered++;
  }

  /** Whether an order that is held at `held` (or not) should take a new row, given its copy's updatedAt. */
  #outcome(held: number | undefined, updatedAt: number): AddOutcome {
    if (held === undefined) return 'added';
    const was = this.#times.updatedAt.ms[held]!;
    // A list paged while it changes repeats an order: the copy changed last wins, the same copy is no news.
    if (updatedAt === was) return 'same';
    if (updatedAt < was) return 'older';
    this.#stale[held] = 1;
    this.#replaced++;
    return 'replaced';
  }

  add(o: Order): AddOutcome {
    const number = this.#rowOf.numberOf(o.id);
    const held = this.#rowOf.get(number, () => o.id);
    const outcome = this.#outcome(held, msOf(o.updatedAt));
    if (outcome === 'same' || outcome === 'older') return outcome;
    const i = this.#rows;
    this.#reserve(i + 1, this.#items + o.items.length);
    this.#ids.push(o.id);
    this.#number(number, () => o.id, i);
    this.#identity[i] = i;
    const text = this.#text;
    text.tradeNumber.set(i, o.tradeNumber);
    text.state.set(i, o.state);
    // A buyer's name and email are the same on most of their orders: one lookup (the id) finds all three codes.
    const buyer = text.buyerId.set(i, o.buyer.id);
    this.#buyerName[buyer] = text.buyerName.setKnown(i, o.buyer.name, this.#buyerName[buyer]);
    this.#buyerEmail[buyer] = text.buyerEmail.setKnown(i, o.buyer.email, this.#buyerEmail[buyer]);
    text.paymentMethod.set(i, o.paymentMethod);
    text.currency.set(i, o.currency);
    text.couponId.set(i, o.coupon?.id ?? null);
    text.couponCode.set(i, o.coupon?.code ?? null);
    const n = this.#numbers;
    n.original[i] = o.originalAmount;
    n.discount[i] = o.discountAmount;
    n.paid[i] = o.paidAmount;
    n.refunded[i] = o.refundedAmount;
    this.#times.createdAt.set(i, o.createdAt);
    this.#times.paidAt.set(i, o.paidAt);
    this.#times.updatedAt.set(i, o.updatedAt);
    let j = this.#items;
    for (const line of o.items) {
      text.itemId.set(j, line.id);
      text.itemKind.set(j, line.productKind);
      // Likewise a product's course and name: one lookup (the product) for the three.
      const product = text.itemProduct.set(j, line.productId);
      this.#productName[product] = text.itemName.setKnown(j, line.name, this.#productName[product]);
      if (line.courseId === null) text.itemCourse.set(j, null);
      else this.#productCourse[product] = text.itemCourse.setKnown(j, line.courseId, this.#productCourse[product]);
      n.itemOriginal[j] = line.originalAmount;
      n.itemDiscount[j] = line.discountAmount;
      n.itemAmount[j] = line.amount;
      j++;
    }
    this.#items = j;
    this.#rows = i + 1;
    this.#itemStart[i + 1] = j;
    return outcome;
  }

  /**
   * A page of scanned rows (platform/order-rows.ts) in, as `add` takes orders one by one: texts looked up by
   * their bytes, the page's order ids, trade numbers and line-item ids joined once; how many orders were new
   * and how many replaced an older copy.
   */
  addRows(rows: OrderRows): { added: number; replaced: number } {
    const T = ORDER_TEXTS_PER_ROW;
    const b = rows.bytes;
    const text = rows.text;
    // First which orders take a row (an id held, or twice in the page, keeps the copy changed last).
    const taken = new Uint32Array(rows.count);
    let count = 0;
    let added = 0;
    let itemCount = 0;
    const first = this.#rows;
    for (let k = 0; k < rows.count; k++) {
      const at = k * T + 2 * ID;
      const start = text[at]!;
      const escaped = start === ESCAPED_TEXT;
      const id = escaped ? () => rows.escaped[text[at + 1]!]! : () => utf8.decode(b.subarray(start, text[at + 1]!));
      const number = escaped ? this.#rowOf.numberOf(id()) : this.#rowOf.numberOfBytes(b, start, text[at + 1]!);
      const outcome = this.#outcome(this.#rowOf.get(number, id), rows.updatedAt[k]!);
      if (outcome === 'same' || outcome === 'older') continue;
      if (outcome === 'added') added++;
      const row = first + count;
      this.#reserve(row + 1, this.#items + itemCount + 1);
      this.#number(number, id, row);
      // Now, not with the other fields: the same order again later in this page is weighed against it.
      this.#times.updatedAt.ms[row] = rows.updatedAt[k]!;
      this.#identity[row] = row;
      taken[count++] = k;
      itemCount += rows.itemStart[k + 1]! - rows.itemStart[k]!;
    }
    this.#reserve(first + count, this.#items + itemCount);
    pushRun(this.#ids, rows, text, (c) => taken[c]! * T + 2 * ID, count);
    const t = this.#text;
    t.tradeNumber.setRun(first, rows, text, (j) => taken[j]! * T + 2 * TRADE_NUMBER, count);
    const n = this.#numbers;
    const times = this.#times;
    const itemText = rows.itemText;
    const itemRows = new Uint32Array(itemCount);
    let j = this.#items;
    for (let c = 0; c < count; c++) {
      const k = taken[c]!;
      const i = first + c;
      const at = k * T;
      t.state.set(i, ROW_STATES[rows.state[k]!]!);
      const buyer = t.buyerId.setRange(i, rows, text, at + 2 * BUYER_ID);
      this.#buyerName[buyer] = t.buyerName.setRange(i, rows, text, at + 2 * BUYER_NAME, this.#buyerName[buyer]);
      this.#buyerEmail[buyer] = t.buyerEmail.setRange(i, rows, text, at + 2 * BUYER_EMAIL, this.#buyerEmail[buyer]);
      t.paymentMethod.set(i, ROW_PAYMENT_METHODS[rows.paymentMethod[k]!]!);
      t.currency.setRange(i, rows, text, at + 2 * CURRENCY, this.#lastCurrency);
      this.#lastCurrency = t.currency.codes[i];
      t.couponId.setRange(i, rows, text, at + 2 * COUPON_ID);
      t.couponCode.setRange(i, rows, text, at + 2 * COUPON_CODE);
      n.original[i] = rows.original[k]!;
      n.discount[i] = rows.discount[k]!;
      n.paid[i] = rows.paid[k]!;
      n.refunded[i] = rows.refunded[k]!;
      times.createdAt.setMs(i, rows.createdAt[k]!);
      times.paidAt.setMs(i, rows.paidAt[k]!);
      times.updatedAt.setMs(i, rows.updatedAt[k]!);
      for (let item = rows.itemStart[k]!; item < rows.itemStart[k + 1]!; item++) {
        const ia = item * ITEM_T;
        itemRows[j - this.#items] = item;
        t.itemKind.set(j, ROW_PRODUCT_KINDS[rows.itemKind[item]!]!);
        const product = t.itemProduct.setRange(j, rows, itemText, ia + 2 * ITEM_PRODUCT);
        this.#productName[product] = t.itemName.setRange(j, rows, itemText, ia + 2 * ITEM_NAME, this.#productName[product]);
        const course = t.itemCourse.setRange(j, rows, itemText, ia + 2 * ITEM_COURSE, this.#productCourse[product]);
        if (course !== NONE) this.#productCourse[product] = course;
        n.itemOriginal[j] = rows.itemOriginal[item]!;
        n.itemDiscount[j] = rows.itemDiscount[item]!;
        n.itemAmount[j] = rows.itemAmount[item]!;
        j++;
      }
      this.#itemStart[i + 1] = j;
    }
    t.itemId.setRun(this.#items, rows, itemText, (m) => itemRows[m]! * ITEM_T + 2 * ITEM_ID, itemCount);
    this.#items = j;
    this.#rows = first + count;
    return { added, replaced: count - added };
  }

  /** Room for `rows` rows and `items` line items: every column of each kind grows together, doubling. */
  #reserve(rows: number, items: number): void {
    if (rows > this.#identity.length) {
      const capacity = Math.max(rows, this.#identity.length * 2);
      this.#stale = resized(this.#stale, capacity);
      this.#identity = resized(this.#identity, capacity);
      this.#idNumber = resized(this.#idNumber, capacity);
      this.#itemStart = resized(this.#itemStart, capacity + 1);
      for (const name of ROW_TEXT) this.#text[name].grow(capacity);
      for (const name of ROW_NUMBERS) this.#numbers[name] = resized(this.#numbers[name], capacity);
      for (const name of TIMES) this.#times[name].grow(capacity);
    }
    if (items > this.#numbers.itemAmount.length) {
      const capacity = Math.max(items, this.#numbers.itemAmount.length * 2);
      for (const name of ITEM_TEXT) this.#text[name].grow(capacity);
      for (const name of ITEM_NUMBERS) this.#numbers[name] = resized(this.#numbers[name], capacity);
    }
  }

  /** Drops the rows a newer copy replaced, into new memory (views already handed out keep theirs). */
  #compact(): void {
    if (this.#replaced === 0) return;
    const live = new Uint32Array(this.#rows - this.#replaced);
    let itemCount = 0;
    for (let i = 0, k = 0; i < this.#rows; i++) {
      if (this.#stale[i]) continue;
      live[k++] = i;
      itemCount += this.#itemStart[i + 1]! - this.#itemStart[i]!;
    }
    const liveItems = new Uint32Array(itemCount);
    const capacity = Math.max(INITIAL_ROWS, this.#identity.length);
    const itemCapacity = Math.max(itemCount, this.#numbers.itemAmount.length);
    const itemStart = new Uint32Array(capacity + 1);
    const ids = this.#ids;
    this.#ids = new RowStrings();
    this.#rowOf = new IdRows();
    const numbers = this.#idNumber;
    this.#idNumber = new Float64Array(capacity);
    this.#unnumbered = 0;
    for (let k = 0, j = 0; k < live.length; k++) {
      const i = live[k]!;
      const id = ids.get(i);
      this.#ids.push(id);
      this.#number(numbers[i]! >= 0 ? numbers[i]! : this.#rowOf.numberOf(id), () => id, k);
      for (let item = this.#itemStart[i]!; item < this.#itemStart[i + 1]!; item++) liveItems[j++] = item;
      itemStart[k + 1] = j;
    }
    for (const name of ROW_TEXT) this.#text[name] = this.#text[name].compacted(live, capacity);
    for (const name of ITEM_TEXT) this.#text[name] = this.#text[name].compacted(liveItems, itemCapacity);
    for (const name of ROW_NUMBERS) this.#numbers[name] = pick(this.#numbers[name], live, capacity);
    for (const name of ITEM_NUMBERS) this.#numbers[name] = pick(this.#numbers[name], liveItems, itemCapacity);
    for (const name of TIMES) this.#times[name] = this.#times[name].compacted(live, capacity);
    this.#buyerName = [];
    this.#buyerEmail = [];
    this.#productCourse = [];
    this.#productName = [];
    this.#lastCurrency = undefined;
    this.#itemStart = itemStart;
    this.#identity = new Uint32Array(capacity);
    for (let k = 0; k < live.length; k++) this.#identity[k] = k;
    this.#stale = new Uint8Array(capacity);
    this.#rows = live.length;
    this.#items = itemCount;
    this.#replaced = 0;
  }

  /**
   * Each row's rank by id. When every id is the prefix and a number (IdRows), the numbers rank them: the same
   * prefix, no leading zeros, so fewer digits is shorter and, at one length, numeric order is the code units'.
   */
  #rank(): Uint32Array {
    const rows = this.#rows;
    if (this.#unnumbered > 0) {
      const ids = this.#ids.view(rows).values();
      return rankIds(ids, rows, (id) => this.#rowOf.get(this.#rowOf.numberOf(id), () => id)!);
    }
    const packed = new Float64Array(rows);
    for (let i = 0; i < rows; i++) packed[i] = this.#idNumber[i]! * ROWS + i;
    packed.sort();
    const ranks = new Uint32Array(rows);
    for (let k = 0; k < rows; k++) ranks[packed[k]! % ROWS] = k;
    return ranks;
  }

  /**
   * The orders so far as columns, sharing the builder's memory (what a first sync shows while it runs): later
   * additions land past the view's end, and a replaced order makes the next view copy instead of changing this one.
   */
  view(): OrderColumns {
    this.#compact();
    const rows = this.#rows;
    const items = this.#items;
    const text = (name: RowText | ItemText, n: number) => this.#text[name].view(n);
    const f64 = (name: RowNumber | ItemNumber, n: number) => this.#numbers[name].subarray(0, n);
    return {
      count: rows,
      id: { codes: this.#identity.subarray(0, rows), none: NONE, dict: this.#ids.view(rows) },
      tradeNumber: text('tradeNumber', rows),
      state: text('state', rows),
      buyerId: text('buyerId', rows),
      buyerName: text('buyerName', rows),
      buyerEmail: text('buyerEmail', rows),
      paymentMethod: text('paymentMethod', rows),
      currency: text('currency', rows),
      original: f64('original', rows),
      discount: f64('discount', rows),
      paid: f64('paid', rows),
      refunded: f64('refunded', rows),
      couponId: text('couponId', rows),
      couponCode: text('couponCode', rows),
      createdAt: this.#times.createdAt.view(rows),
      paidAt: this.#times.paidAt.view(rows),
      updatedAt: this.#times.updatedAt.view(rows),
      itemStart: this.#itemStart.subarray(0, rows + 1),
      itemId: text('itemId', items),
      itemKind: text('itemKind', items),
      itemProduct: text('itemProduct', items),
      itemCourse: text('itemCourse', items),
      itemName: text('itemName', items),
      itemOriginal: f64('itemOriginal', items),
      itemDiscount: f64('itemDiscount', items),
      itemAmount: f64('itemAmount', items),
      idRank: this.#rank(),
    };
  }

  /** The columns in their final layout (codes and amounts as narrow as they allow, dictionaries joined), in steps. */
  *finish(): Generator<void, OrderColumns> {
    this.#compact();
    yield;
    const rows = this.#rows;
    const items = this.#items;
    const text = {} as Record<RowText | ItemText, DictColumn>;
    for (const name of ROW_TEXT) text[name] = this.#text[name].finish(rows);
    yield;
    for (const name of ITEM_TEXT) text[name] = this.#text[name].finish(items);
    yield;
    const idRank = this.#rank();
    yield;
    const number = (name: RowNumber | ItemNumber, n: number) => {
      const values = this.#numbers[name].subarray(0, n);
      const narrow = narrowNumbers(values);
      return narrow === values ? values.slice() : narrow;
    };
    const idCodes = narrowed(this.#identity, rows, rows);
    return {
      count: rows,
      id: { codes: idCodes, none: noneOf(idCodes), dict: this.#ids.joined() },
      tradeNumber: text.tradeNumber,
      state: text.state,
      buyerId: text.buyerId,
      buyerName: text.buyerName,
      buyerEmail: text.buyerEmail,
      paymentMethod: text.paymentMethod,
      currency: text.currency,
      original: number('original', rows),
      discount: number('discount', rows),
      paid: number('paid', rows),
      refunded: number('refunded', rows),
      couponId: text.couponId,
      couponCode: text.couponCode,
      createdAt: this.#times.createdAt.finish(rows),
      paidAt: this.#times.paidAt.finish(rows),
      updatedAt: this.#times.updatedAt.finish(rows),
      itemStart: this.#itemStart.slice(0, rows + 1),
      itemId: text.itemId,
      itemKind: text.itemKind,
      itemProduct: text.itemProduct,
      itemCourse: text.itemCourse,
      itemName: text.itemName,
      itemOriginal: number('itemOriginal', items),
      itemDiscount: number('itemDiscount', items),
      itemAmount: number('itemAmount', items),
      idRank,
    };
  }
}

function pick(values: Float64Array, rows: Uint32Array, capacity: number): Float64Array {
  const out = new Float64Array(capacity);
  for (let k = 0; k < rows.length; k++) out[k] = values[rows[k]!]!;
  return out;
}

/** Orders → columns (a later copy of an id replaces an earlier one, as in a sync). */
export function columnsOf(orders: readonly Order[]): OrderColumns {
  const builder = new OrderColumnsBuilder(Math.max(orders.length, 1));
  for (const order of orders) builder.add(order);
  return finished(builder.finish());
}
