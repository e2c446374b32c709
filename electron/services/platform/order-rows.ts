// A page of the platform's orders read straight from its bytes into rows of the app's fields (shared/model/
// orders.ts), for a first sync: no JSON.parse, no object per order, no validator pass and no mapping pass over
// objects. Texts stay where they are in the page's bytes (their ranges), the platform's words become the app's
// (by index into the app's lists), times become epoch ms, amounts numbers. The engine's columns take the rows
// from there (order-columns-builder.ts), looking texts up by their bytes.
//
// It reads only what it can tell is exactly what the schema (shared/platform/resources.ts) accepts: compact
// or spaced JSON, well-formed UTF-8, every required field once, integers written plainly, times in
// toISOString's form (what the platform sends). Anything else (another time form, an exponent, a repeated key,
// a value the schema refuses, malformed JSON) makes it decline the whole page, and the page goes the general
// way (JSON.parse, the compiled validator, the mapping), which accepts it or names the problem as a
// bad_response. So what the app ends with never depends on which way a page went (the tests hold the two to
// the same orders).
import { isUtf8 } from 'node:buffer';
import type { OrderState, PaymentMethod, ProductKind } from '../../../shared/model/orders';
import { civilMs } from '../../../shared/civil-ms';

/** A text field's start when the value is null. */
export const NULL_TEXT = 0xffffffff;
/** A text field's start when the value had escapes: its end is then the index of the decoded text in `escaped`. */
export const ESCAPED_TEXT = 0xfffffffe;

/** The app's words, in the order of the platform's (index = the code in the rows). */
export const ROW_STATES: readonly OrderState[] = ['notPaid', 'paid', 'expired', 'failed', 'manuallyEnrolled', 'refunded', 'refunding'];
export const ROW_PAYMENT_METHODS: readonly PaymentMethod[] = ['creditCard', 'atm', 'convenienceStore', 'paypal', 'linePay', 'applePay', 'free'];
export const ROW_PRODUCT_KINDS: readonly ProductKind[] = ['coursePlan', 'membershipPlan', 'ticket', 'digitalProduct', 'orderBump', 'meeting'];
const PLATFORM_STATES = ['not_paid', 'paid', 'expired', 'failed', 'manual_enrolled', 'refunded', 'refunding'];
const PLATFORM_PAYMENT_METHODS = ['credit_card', 'atm', 'cvs', 'paypal', 'line_pay', 'apple_pay', 'free'];
const PLATFORM_PRODUCT_KINDS = ['curriculum_plan', 'membership_plan', 'ticket', 'digital_product', 'order_bump', 'meeting'];

/** An order's texts, each a range of the page's bytes (start, end), in this order. */
export const ORDER_TEXTS = ['id', 'tradeNumber', 'buyerId', 'buyerName', 'buyerEmail', 'currency', 'couponId', 'couponCode'] as const;
/** A line item's texts, likewise. */
export const ITEM_TEXTS = ['itemId', 'itemProduct', 'itemCourse', 'itemName'] as const;
/** Each text's place among an order's (an item's) texts. */
export const ORDER_TEXT = Object.fromEntries(ORDER_TEXTS.map((name, k) => [name, k])) as Record<(typeof ORDER_TEXTS)[number], number>;
export const ITEM_TEXT = Object.fromEntries(ITEM_TEXTS.map((name, k) => [name, k])) as Record<(typeof ITEM_TEXTS)[number], number>;
const O = ORDER_TEXT;
const I = ITEM_TEXT;

/** A page's orders as rows of the app's fields. Order k's text field f is bytes[text[2·(k·F + f)] … text[2·(k·F + f) + 1]). */
export interface OrderRows {
  bytes: Uint8Array;
  count: number;
  /** Ranges of the orders' texts (ORDER_TEXTS per order). */
  text: Uint32Array;
  /** Ranges of the line items' texts (ITEM_TEXTS per item). */
  itemText: Uint32Array;
  /** Texts that had escapes, decoded (ESCAPED_TEXT). */
  escaped: string[];
  /** Indexes into ROW_STATES, ROW_PAYMENT_METHODS. */
  state: Uint8Array;
  paymentMethod: Uint8Array;
  original: Float64Array;
  discount: Float64Array;
  paid: Float64Array;
  refunded: Float64Array;
  /** Epoch ms; paidAt NaN when never paid. */
  createdAt: Float64Array;
  paidAt: Float64Array;
  updatedAt: Float64Array;
  /** Order k's items are [itemStart[k], itemStart[k + 1]). */
  itemStart: Uint32Array;
  itemCount: number;
  /** Indexes into ROW_PRODUCT_KINDS. */
  itemKind: Uint8Array;
  itemOriginal: Float64Array;
  itemDiscount: Float64Array;
  itemAmount: Float64Array;
  /** The page's meta. */
  total: number;
  next: string | null;
}

/** Thrown (one object, no stack) to leave a page to the general way. */
const DECLINE = Object.freeze({ declined: true });

const encoder = new TextEncoder();
const utf8 = new TextDecoder('utf-8');
const keyBytes = (names: readonly string[]) => names.map((name) => encoder.encode(name));
const wordBytes = keyBytes;

const ORDER_KEYS = keyBytes(['id', 'trade_number', 'state', 'buyer', 'payment_method', 'currency', 'original_amount', 'discount_amount', 'paid_amount', 'refunded_amount', 'coupon', 'items', 'created_at', 'paid_at', 'updated_at']);
const ITEM_KEYS = keyBytes(['id', 'kind', 'product_id', 'course_id', 'name', 'original_amount', 'discount_amount', 'amount']);
const BUYER_KEYS = keyBytes(['id', 'name', 'email']);
const COUPON_KEYS = keyBytes(['coupon_id', 'code']);
const PAGE_KEYS = keyBytes(['data', 'meta']);
const META_KEYS = keyBytes(['total', 'limit', 'next_cursor']);
const STATE_WORDS = wordBytes(PLATFORM_STATES);
const METHOD_WORDS = wordBytes(PLATFORM_PAYMENT_METHODS);
const KIND_WORDS = wordBytes(PLATFORM_PRODUCT_KINDS);
const ALL_KEYS = (n: number) => (1 << n) - 1;
const NO_KEYS: readonly Uint8Array[] = [];
/** firstKey/nextKey at an object's close. */
const END = -2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const NUMBER_DIGITS = 15; // below 2^53: every such integer is exact (the schema's int() bounds are ±(2^53 − 1))


/** `a` at length `n`, its values kept (a page's stores grow past their guess of 1,024 orders). */
function grown<A extends Float64Array | Uint32Array | Uint8Array>(a: A, n: number): A {
  const out = new (a.constructor as new (n: number) => A)(n);
  out.set(a);
  return out;
}

/** The scanner over one page's bytes. */
class PageScanner {
  p = 0;
  readonly b: Uint8Array;
  rows: OrderRows;

  constructor(bytes: Uint8Array) {
    this.b = bytes;
    const guess = 1024;
    this.rows = {
      bytes, count: 0, text: new Uint32Array(guess * ORDER_TEXTS.length * 2), itemText: new Uint32Array(guess * 2 * ITEM_TEXTS.length * 2), escaped: [],
      state: new Uint8Array(guess), paymentMethod: new Uint8Array(guess),
      original: new Float64Array(guess), discount: new Float64Array(guess), paid: new Float64Array(guess), refunded: new Float64Array(guess),
      createdAt: new Float64Array(guess), paidAt: new Float64Array(guess), updatedAt: new Float64Array(guess),
      itemStart: new Uint32Array(guess + 1), itemCount: 0, itemKind: new Uint8Array(guess * 2),
      itemOriginal: new Float64Array(guess * 2), itemDiscount: new Float64Array(guess * 2), itemAmount: new Float64Array(guess * 2),
      total: 0, next: null,
    };
  }

  ws(): void {
    const b = this.b;
    let p = this.p;
    while (p < b.length && (b[p] === 0x20 || b[p] === 0x0a || b[p] === 0x0d || b[p] === 0x09)) p++;
    this.p = p;
  }

  /** The next byte after whitespace must be `c`. */
  expect(c: number): void {
    this.ws();
    if (this.b[this.p] !== c) throw DECLINE;
    this.p++;
  }

  /** After a member or an element: true when another follows (a comma), false at `close`. */
  more(close: number): boolean {
    this.ws();
    const c = this.b[this.p];
    this.p++;
    if (c === COMMA) return true;
    if (c === close) return false;
    throw DECLINE;
  }

  /** Whether the container opened just now is empty (then its close is consumed). */
  empty(close: number): boolean {
    this.ws();
    if (this.b[this.p] !== close) return false;
    this.p++;
    return true;
  }

  /** A key (no escapes: the schema's keys have none) as its index in `keys`, or -1; then the colon. */
  key(keys: readonly Uint8Array[], guess: number): number {
    this.ws();
    const b = this.b;
    if (b[this.p] !== QUOTE) throw DECLINE;
    const start = ++this.p;
    // Keys come in the order the platform writes them: the expected one is tried first, in place (its bytes
    // and then a quote are the whole key: a key's bytes hold no quote or backslash).
    const expected = keys[guess];
    if (expected && b[start + expected.length] === QUOTE && same(b, start, expected.length, expected)) {
      this.p = start + expected.length + 1;
      this.expect(COLON);
      return guess;
    }
    let p = start;
    while (p < b.length && b[p] !== QUOTE) {
      if (b[p] === BACKSLASH || b[p]! < 0x20) throw DECLINE;
      p++;
    }
    if (p >= b.length) throw DECLINE;
    this.p = p + 1;
    this.expect(COLON);
    const length = p - start;
    for (let k = 0; k < keys.length; k++) if (k !== guess && same(b, start, length, keys[k]!)) return k;
    return -1;
  }

  /** A string's range into `out` at `at` (start, end), or ESCAPED_TEXT and its decoded index. */
  string(out: Uint32Array, at: number): void {
    this.ws();
    const b = this.b;
    if (b[this.p] !== QUOTE) throw DECLINE;
    const start = ++this.p;
    let p = start;
    let escaped = false;
    while (p < b.length) {
      const c = b[p]!;
      if (c === QUOTE) break;
      if (c < 0x20) throw DECLINE;
      if (c === BACKSLASH) {
        escaped = true;
        p++; // the escaped character (a quote included) is skipped; JSON.parse checks the escape itself
      }
      p++;
    }
    if (p >= b.length) throw DECLINE;
    this.p = p + 1;
    if (!escaped) {
      out[at] = start;
      out[at + 1] = p;
      return;
    }
    let text: unknown;
    try {
      text = JSON.parse(utf8.decode(b.subarray(start - 1, p + 1)));
    } catch {
      throw DECLINE;
    }
    out[at] = ESCAPED_TEXT;
    out[at + 1] = this.rows.escaped.push(text as string) - 1;
  }

  /** A non-empty string (the schema's ids). */
  id(out: Uint32Array, at: number): void {
    this.string(out, at);
    if (out[at] === ESCAPED_TEXT ? this.rows.escaped[out[at + 1]!] === '' : out[at] === out[at + 1]) throw DECLINE;
  }

  /** Whether the next value is null (then it is read). */
  isNull(): boolean {
    this.ws();
    const b = this.b;
    const p = this.p;
    if (b[p] !== 0x6e) return false;
    if (b[p + 1] !== 0x75 || b[p + 2] !== 0x6c || b[p + 3] !== 0x6c) throw DECLINE; // null
    this.p = p + 4;
    this.delimited();
    return true;
  }

  /** Opens an object: its first member's key (its index in `keys`, -1 for another key), or END when it is empty. */
  firstKey(keys: readonly Uint8Array[]): number {
    this.expect(OPEN_OBJECT);
    return this.empty(CLOSE_OBJECT) ? END : this.key(keys, 0);
  }

  /** After a member's value: the next member's key, or END at the object's close. */
  nextKey(keys: readonly Uint8Array[], guess: number): number {
    return this.more(CLOSE_OBJECT) ? this.key(keys, guess) : END;
  }

  /** What follows a literal or a number must end it. */
  delimited(): void {
    const c = this.b[this.p];
    if (c !== undefined && c !== COMMA && c !== CLOSE_OBJECT && c !== CLOSE_ARRAY && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) throw DECLINE;
  }

  /** An integer written plainly (-?(0|[1-9][0-9]*), at most 15 digits). */
  int(): number {
    this.ws();
    const b = this.b;
    let p = this.p;
    const negative = b[p] === MINUS;
    if (negative) p++;
    const first = p;
    let v = 0;
    while (p < b.length && b[p]! >= ZERO && b[p]! <= NINE) v = v * 10 + (b[p++]! - ZERO);
    const digits = p - first;
    if (digits === 0 || digits > NUMBER_DIGITS || (digits > 1 && b[first] === ZERO)) throw DECLINE;
    this.p = p;
    this.delimited();
    return negative ? -v : v;
  }

  /** A string that is one of `words` (the platform's), as its index. */
  word(words: readonly Uint8Array[]): number {
    this.ws();
    const b = this.b;
    if (b[this.p] !== QUOTE) throw DECLINE;
    const start = this.p + 1;
    let p = start;
    while (p < b.length && b[p] !== QUOTE && b[p] !== BACKSLASH) p++;
    if (b[p] !== QUOTE) throw DECLINE;
    this.p = p + 1;
    for (let k = 0; k < words.length; k++) if (same(b, start, p - start, words[k]!)) return k;
    throw DECLINE;
  }

  /** Three capital letters (the schema's currency). */
  currency(out: Uint32Array, at: number): void {
    this.string(out, at);
    const start = out[at]!;
    if (start === ESCAPED_TEXT || out[at + 1]! - start !== 3) throw DECLINE;
    for (let k = start; k < start + 3; k++) if (this.b[k]! < 0x41 || this.b[k]! > 0x5a) throw DECLINE;
  }

  /** A time exactly in toISOString's form, as epoch ms. */
  time(): number {
    this.ws();
    const b = this.b;
    const p = this.p;
    if (b[p] !== QUOTE || b[p + 25] !== QUOTE) throw DECLINE;
    const ms = isoBytesMs(b, p + 1);
    if (Number.isNaN(ms)) throw DECLINE;
    this.p = p + 26;
    return ms;
  }

  /** Skips any JSON value (a field the app does not read), checking its grammar. */
  skip(depth = 0): void {
    if (depth > 64) throw DECLINE;
    this.ws();
    const b = this.b;
    const c = b[this.p];
    if (c === QUOTE) {
      this.string(SKIPPED, 0);
    } else if (c === OPEN_OBJECT) {
      for (let k = this.firstKey(NO_KEYS); k !== END; k = this.nextKey(NO_KEYS, 0)) this.skip(depth + 1);
    } else if (c === OPEN_ARRAY) {
      this.p++;
      if (this.empty(CLOSE_ARRAY)) return;
      do this.skip(depth + 1);
      while (this.more(CLOSE_ARRAY));
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? TRUE : c === 0x66 ? FALSE : NULL;
      if (!same(b, this.p, word.length, word, true)) throw DECLINE;
      this.p += word.length;
      this.delimited();
    } else {
      this.number();
    }
  }

  /** Any JSON number (skipped). */
  number(): void {
    const b = this.b;
    let p = this.p;
    const digitsFrom = (at: number) => {
      let q = at;
      while (q < b.length && b[q]! >= ZERO && b[q]! <= NINE) q++;
      return q;
    };
    if (b[p] === MINUS) p++;
    if (b[p] === ZERO) p++;
    else {
      const end = digitsFrom(p);
      if (end === p) throw DECLINE;
      p = end;
    }
    if (b[p] === 0x2e) {
      const end = digitsFrom(p + 1);
      if (end === p + 1) throw DECLINE;
      p = end;
    }
    if (b[p] === 0x65 || b[p] === 0x45) {
      p++;
      if (b[p] === 0x2b || b[p] === MINUS) p++;
      const end = digitsFrom(p);
      if (end === p) throw DECLINE;
      p = end;
    }
    this.p = p;
    this.delimited();
  }

  page(): void {
    const b = this.b;
    if (!isUtf8(b)) throw DECLINE;
    let seen = 0;
    for (let k = this.firstKey(PAGE_KEYS); k !== END; k = this.nextKey(PAGE_KEYS, 1)) {
      if (k < 0) this.skip();
      else {
        seen = once(seen, k);
        if (k === 0) this.data();
        else this.meta();
      }
    }
    if (seen !== ALL_KEYS(PAGE_KEYS.length)) throw DECLINE;
    this.ws();
    if (this.p !== b.length) throw DECLINE;
  }

  meta(): void {
    let seen = 0;
    for (let k = this.firstKey(META_KEYS); k !== END; k = this.nextKey(META_KEYS, k + 1)) {
      if (k < 0) {
        this.skip();
        continue;
      }
      seen = once(seen, k);
      if (k === 0) {
        this.rows.total = this.int();
        if (this.rows.total < 0) throw DECLINE;
      } else if (k === 1) {
        if (this.int() <= 0) throw DECLINE;
      } else if (!this.isNull()) {
        this.string(SKIPPED, 0);
        this.rows.next = SKIPPED[0] === ESCAPED_TEXT ? this.rows.escaped.pop()! : utf8.decode(this.b.subarray(SKIPPED[0], SKIPPED[1]));
      }
    }
    if (seen !== ALL_KEYS(META_KEYS.length)) throw DECLINE;
  }

  data(): void {
    this.expect(OPEN_ARRAY);
    if (this.empty(CLOSE_ARRAY)) return;
    do this.order();
    while (this.more(CLOSE_ARRAY));
  }

  #room(): void {
    const r = this.rows;
    const k = r.count;
    if (k < r.state.length) return;
    const n = r.state.length * 2;
    r.text = grown(r.text, n * ORDER_TEXTS.length * 2);
    r.itemStart = grown(r.itemStart, n + 1);
    r.state = grown(r.state, n);
    r.paymentMethod = grown(r.paymentMethod, n);
    for (const name of ['original', 'discount', 'paid', 'refunded', 'createdAt', 'paidAt', 'updatedAt'] as const) r[name] = grown(r[name], n);
  }

  #itemRoom(): void {
    const r = this.rows;
    const j = r.itemCount;
    if (j < r.itemKind.length) return;
    const n = r.itemKind.length * 2;
    r.itemKind = grown(r.itemKind, n);
    r.itemText = grown(r.itemText, n * ITEM_TEXTS.length * 2);
    for (const name of ['itemOriginal', 'itemDiscount', 'itemAmount'] as const) r[name] = grown(r[name], n);
  }

  order(): void {
    this.#room();
    const r = this.rows;
    const k = r.count;
    const at = k * ORDER_TEXTS.length * 2;
    const t = r.text;
    r.itemStart[k] = r.itemCount;
    let seen = 0;
    for (let key = this.firstKey(ORDER_KEYS); key !== END; key = this.nextKey(ORDER_KEYS, key + 1)) {
      if (key < 0) {
        this.skip();
        continue;
      }
      seen = once(seen, key);
      switch (key) {
        case 0: this.id(t, at + 2 * O.id); break;
        case 1: this.string(t, at + 2 * O.tradeNumber); break;
        case 2: r.state[k] = this.word(STATE_WORDS); break;
        case 3: this.buyer(t, at); break;
        case 4: r.paymentMethod[k] = this.word(METHOD_WORDS); break;
        case 5: this.currency(t, at + 2 * O.currency); break;
        case 6: r.original[k] = this.int(); break;
        case 7: r.discount[k] = this.int(); break;
        case 8: r.paid[k] = this.int(); break;
        case 9: r.refunded[k] = this.int(); break;
        case 10:
          if (this.isNull()) t[at + 2 * O.couponId] = t[at + 2 * O.couponCode] = NULL_TEXT;
          else this.coupon(t, at);
          break;
        case 11: this.items(); break;
        case 12: r.createdAt[k] = this.time(); break;
        case 13: r.paidAt[k] = this.isNull() ? NaN : this.time(); break;
        default: r.updatedAt[k] = this.time();
      }
    }
    if (seen !== ALL_KEYS(ORDER_KEYS.length)) throw DECLINE;
    r.count = k + 1;
    r.itemStart[k + 1] = r.itemCount;
  }

  buyer(t: Uint32Array, at: number): void {
    let seen = 0;
    for (let k = this.firstKey(BUYER_KEYS); k !== END; k = this.nextKey(BUYER_KEYS, k + 1)) {
      if (k < 0) this.skip();
      else {
        seen = once(seen, k);
        if (k === 0) this.id(t, at + 2 * O.buyerId);
        else this.string(t, at + 2 * (k === 1 ? O.buyerName : O.buyerEmail));
      }
    }
    if (seen !== ALL_KEYS(BUYER_KEYS.length)) throw DECLINE;
  }

  coupon(t: Uint32Array, at: number): void {
    let seen = 0;
    for (let k = this.firstKey(COUPON_KEYS); k !== END; k = this.nextKey(COUPON_KEYS, k + 1)) {
      if (k < 0) this.skip();
      else {
        seen = once(seen, k);
        if (k === 0) this.id(t, at + 2 * O.couponId);
        else this.string(t, at + 2 * O.couponCode);
      }
    }
    if (seen !== ALL_KEYS(COUPON_KEYS.length)) throw DECLINE;
  }

  items(): void {
    this.expect(OPEN_ARRAY);
    if (this.empty(CLOSE_ARRAY)) return;
    do this.item();
    while (this.more(CLOSE_ARRAY));
  }

  item(): void {
    this.#itemRoom();
    const r = this.rows;
    const j = r.itemCount;
    const t = r.itemText;
    const at = j * ITEM_TEXTS.length * 2;
    let seen = 0;
    for (let k = this.firstKey(ITEM_KEYS); k !== END; k = this.nextKey(ITEM_KEYS, k + 1)) {
      if (k < 0) {
        this.skip();
        continue;
      }
      seen = once(seen, k);
      switch (k) {
        case 0: this.id(t, at + 2 * I.itemId); break;
        case 1: r.itemKind[j] = this.word(KIND_WORDS); break;
        case 2: this.id(t, at + 2 * I.itemProduct); break;
        case 3:
          if (this.isNull()) t[at + 2 * I.itemCourse] = NULL_TEXT;
          else this.id(t, at + 2 * I.itemCourse);
          break;
        case 4: this.string(t, at + 2 * I.itemName); break;
        case 5: r.itemOriginal[j] = this.int(); break;
        case 6: r.itemDiscount[j] = this.int(); break;
        default: r.itemAmount[j] = this.int();
      }
    }
    if (seen !== ALL_KEYS(ITEM_KEYS.length)) throw DECLINE;
    r.itemCount = j + 1;
  }
}

/** `seen` with key k's bit set; a key seen before declines the page (JSON.parse would keep the last, unchecked here). */
function once(seen: number, k: number): number {
  if (seen & (1 << k)) throw DECLINE;
  return seen | (1 << k);
}

const SKIPPED = new Uint32Array(2);
const TRUE = encoder.encode('true');
const FALSE = encoder.encode('false');
const NULL = encoder.encode('null');

/** Whether b[start, start + length) is `word` (with `prefix`, whether it starts with it). */
function same(b: Uint8Array, start: number, length: number, word: Uint8Array, prefix = false): boolean {
  if (prefix ? start + word.length > b.length : length !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (b[start + k] !== word[k]) return false;
  return true;
}

function digits(b: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let k = at; k < at + n; k++) {
    const d = b[k]! - ZERO;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** The epoch ms of the 24 bytes at `at` when they are exactly toISOString's form ("2026-11-27T08:00:00.000Z"), else NaN. */
export function isoBytesMs(b: Uint8Array, at: number): number {
  if (b[at + 4] !== 0x2d || b[at + 7] !== 0x2d || b[at + 10] !== 0x54 || b[at + 13] !== 0x3a || b[at + 16] !== 0x3a || b[at + 19] !== 0x2e || b[at + 23] !== 0x5a) return NaN;
  const year = digits(b, at, 4);
  const month = digits(b, at + 5, 2);
  const day = digits(b, at + 8, 2);
  const hours = digits(b, at + 11, 2);
  const minutes = digits(b, at + 14, 2);
  const seconds = digits(b, at + 17, 2);
  const ms = digits(b, at + 20, 3);
  return civilMs(year, month, day, hours, minutes, seconds, ms);
}

/** The page's orders as rows, or null when the page is not one this reader can vouch for (the general way reads it then). */
export function scanOrderRows(bytes: Uint8Array): OrderRows | null {
  const scanner = new PageScanner(bytes);
  try {
    scanner.page();
  } catch (error) {
    if (error === DECLINE) return null;
    throw error;
  }
  return scanner.rows;
}
