// A page of orders read in one scan of its bytes (platform/order-rows.ts) is held to the general way
// (JSON.parse, the compiled validator, the mapping): on every page the scan reads, both give the same orders and
// the same columns; every page it declines goes the general way, which reads it or names its problem; and a
// page the general way refuses is never read by the scan (random damage to a page included).
import { describe, expect, it } from 'vitest';
import { finished, ordersOf } from '../../../electron/services/engine/worker/order-columns';
import { OrderColumnsBuilder } from '../../../electron/services/engine/worker/order-columns-builder';
import { readOrdersBatch, readOrdersPage } from '../../../electron/services/platform/orders-feed';
import {
  ESCAPED_TEXT, ITEM_TEXTS, NULL_TEXT, ORDER_TEXTS, ROW_PAYMENT_METHODS, ROW_PRODUCT_KINDS, ROW_STATES, isoBytesMs, scanOrderRows, type OrderRows,
} from '../../../electron/services/platform/order-rows';
import { RawPage } from '../../../electron/services/platform/page-request';
import type { Order } from '../../../shared/model/orders';
import type { Order as PlatformOrder } from '../../../shared/platform/resources';
import { prng, syntheticOrders } from '../data/synthetic-orders';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const pageOf = (data: unknown[], meta: Record<string, unknown> = { total: data.length, limit: 1000, next_cursor: 'c2' }) => ({ data, meta });
const bytesOf = (value: unknown, space?: number) => encoder.encode(JSON.stringify(value, null, space));

/** The rows as the app's orders: read here from the rows' own fields, not through the columns' code. */
function ordersOfRows(rows: OrderRows): Order[] {
  const text = (ranges: Uint32Array, at: number): string | null => {
    const start = ranges[at]!;
    if (start === NULL_TEXT) return null;
    if (start === ESCAPED_TEXT) return rows.escaped[ranges[at + 1]!]!;
    return decoder.decode(rows.bytes.subarray(start, ranges[at + 1]!));
  };
  const iso = (ms: number) => (Number.isNaN(ms) ? null : new Date(ms).toISOString());
  return Array.from({ length: rows.count }, (_, k) => {
    const o = (name: (typeof ORDER_TEXTS)[number]) => text(rows.text, 2 * (k * ORDER_TEXTS.length + ORDER_TEXTS.indexOf(name)));
    const items = [];
    for (let j = rows.itemStart[k]!; j < rows.itemStart[k + 1]!; j++) {
      const i = (name: (typeof ITEM_TEXTS)[number]) => text(rows.itemText, 2 * (j * ITEM_TEXTS.length + ITEM_TEXTS.indexOf(name)));
      items.push({
        id: i('itemId')!, productKind: ROW_PRODUCT_KINDS[rows.itemKind[j]!]!, productId: i('itemProduct')!, courseId: i('itemCourse'), name: i('itemName')!,
        originalAmount: rows.itemOriginal[j]!, discountAmount: rows.itemDiscount[j]!, amount: rows.itemAmount[j]!,
      });
    }
    const couponId = o('couponId');
    return {
      id: o('id')!, tradeNumber: o('tradeNumber')!, state: ROW_STATES[rows.state[k]!]!,
      buyer: { id: o('buyerId')!, name: o('buyerName')!, email: o('buyerEmail')! },
      paymentMethod: ROW_PAYMENT_METHODS[rows.paymentMethod[k]!]!, currency: o('currency')!,
      originalAmount: rows.original[k]!, discountAmount: rows.discount[k]!, paidAmount: rows.paid[k]!, refundedAmount: rows.refunded[k]!,
      coupon: couponId === null ? null : { id: couponId, code: o('couponCode')! },
      items, createdAt: iso(rows.createdAt[k]!)!, paidAt: iso(rows.paidAt[k]!), updatedAt: iso(rows.updatedAt[k]!)!,
    };
  });
}

/** What the general way makes of a page's bytes: its orders and meta, or the error it names. */
function general(bytes: Uint8Array): { orders: Order[]; total: number; next: string | null } | { error: unknown } {
  try {
    return readOrdersBatch(new RawPage(bytes));
  } catch (error) {
    return { error };
  }
}

/** What the feed's first-sync reader makes of it (the scan, or the general way when the scan declines). */
function viaFeed(bytes: Uint8Array): { orders: Order[]; total: number; next: string | null } | { error: unknown } {
  try {
    const page = readOrdersPage(new RawPage(bytes));
    return 'rows' in page ? { orders: ordersOfRows(page.rows), total: page.total, next: page.next } : page;
  } catch (error) {
    return { error };
  }
}

/** What the scan makes of it, the same way, or null when it declines. */
function scanned(bytes: Uint8Array): { orders: Order[]; total: number; next: string | null } | null {
  const rows = scanOrderRows(bytes);
  return rows && { orders: ordersOfRows(rows), total: rows.total, next: rows.count === 0 ? null : rows.next };
}

const platformOrders = syntheticOrders(400, 5);
/** 0000-01-01 and the last ms of 9999: the years toISOString writes with four digits. */
const FIRST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

describe('a page of orders read in one scan of its bytes', () => {
  it('reads what the general way reads: every field, escapes, non-ASCII, nulls, the meta', () => {
    const bytes = bytesOf(pageOf(platformOrders, { total: 9000, limit: 1000, next_cursor: 'eyJpZCI6Im9yZF8xIn0=' }));
    const rows = scanOrderRows(bytes);
    expect(rows).not.toBeNull();
    const expected = general(bytes);
    expect(scanned(bytes)).toEqual(expected);
    // The synthetic orders hold names with quotes (escaped in JSON), Chinese and accented names, null coupons.
    expect(rows!.escaped.length).toBeGreaterThan(0);
    expect(ordersOfRows(rows!).some((o) => /[\u4e00-\u9fff]/u.test(o.buyer.name))).toBe(true);
    expect(ordersOfRows(rows!).some((o) => o.coupon === null)).toBe(true);
    expect(ordersOfRows(rows!).some((o) => o.paidAt === null)).toBe(true);
  });

  it('reads spaced JSON, keys in another order, fields it does not know (skipped), an empty page and a last page', () => {
    const shuffled = platformOrders.slice(0, 20).map((o, k) => {
      const entries = Object.entries({ ...o, extra: { nested: [1, -2.5e3, true, false, null, 'x\\"y'], more: {} }, note: 'ünïcödé 🎓' });
      return Object.fromEntries(k % 2 ? entries.reverse() : entries);
    });
    for (const bytes of [bytesOf(pageOf(shuffled), 2), bytesOf({ meta: { next_cursor: null, limit: 50, total: 20, x: [] }, data: shuffled, links: { self: '/orders' } }), bytesOf(pageOf([], { total: 0, limit: 1000, next_cursor: 'x' }))]) {
      expect(scanOrderRows(bytes)).not.toBeNull();
      expect(scanned(bytes)).toEqual(general(bytes));
    }
    expect(scanned(bytesOf(pageOf([], { total: 0, limit: 1000, next_cursor: 'x' })))!.next).toBeNull();
  });

  it('leaves to the general way what it cannot vouch for, which reads it or names the problem', () => {
    const one = platformOrders[0]!;
    const variants: [string, unknown][] = [
      ['a time in another form', { ...one, created_at: '2026-11-27T08:00:00Z' }],
      ['a time with an offset', { ...one, updated_at: '2026-11-27T16:00:00.000+08:00' }],
      ['an amount with an exponent', '1e3'],
      ['an amount written 1.0', '1.0'],
      ['an amount too long to be exact', '12345678901234567'],
      ['an unknown state', { ...one, state: 'lost' }],
      ['a missing field', Object.fromEntries(Object.entries(one).filter(([k]) => k !== 'currency'))],
      ['an empty id', { ...one, id: '' }],
      ['a currency in lower case', { ...one, currency: 'usd' }],
      ['a string amount', { ...one, paid_amount: '100' }],
      ['a buyer without email', { ...one, buyer: { id: 'stu_1', name: 'A' } }],
      ['a negative total', 'total'],
    ];
    for (const [what, variant] of variants) {
      let bytes: Uint8Array;
      if (variant === 'total') bytes = bytesOf(pageOf([one], { total: -1, limit: 1000, next_cursor: null }));
      else if (typeof variant === 'string') bytes = encoder.encode(JSON.stringify(pageOf([one])).replace(`"paid_amount":${one.paid_amount}`, `"paid_amount":${variant}`));
      else bytes = bytesOf(pageOf([variant]));
      expect(scanOrderRows(bytes), what).toBeNull();
      expect(viaFeed(bytes), what).toEqual(general(bytes));
    }
    // Some of those the general way reads (the schema allows them), the others it refuses.
    expect(variants.filter(([, v]) => v === '1e3' || (typeof v === 'object' && 'created_at' in (v as object) && (v as PlatformOrder).created_at.endsWith(':00Z'))).length).toBe(2);
    const repeated = encoder.encode(JSON.stringify(pageOf([one])).replace('"state":', '"state":"paid","state":'));
    expect(scanOrderRows(repeated)).toBeNull();
    const lost = encoder.encode(JSON.stringify(pageOf([{ ...one, state: 'lost' }])));
    expect(() => readOrdersPage(new RawPage(lost))).toThrow(expect.objectContaining({ code: 'bad_response', message: expect.stringContaining('data.0.state') }));
    for (const broken of [new Uint8Array([0x7b, 0xff, 0x7d]), encoder.encode('{"data":[],"meta":{"total":0,"limit":1,"next_cursor":null}} x'), encoder.encode('{"data":[')]) {
      expect(scanOrderRows(broken)).toBeNull();
      expect(() => readOrdersPage(new RawPage(broken))).toThrow(expect.objectContaining({ code: 'bad_response' }));
    }
  });

  it('never reads a page the general way refuses, and reads any damaged page it accepts as the general way does', () => {
    const source = bytesOf(pageOf(platformOrders.slice(0, 6)));
    const random = prng(42);
    const alphabet = encoder.encode('{}[]:,"\\ 0123456789-.eE+tfnulraxyz\u00e9');
    let read = 0;
    for (let round = 0; round < 6000; round++) {
      const bytes = source.slice();
      const cuts = 1 + Math.floor(random() * 3);
      for (let c = 0; c < cuts; c++) bytes[Math.floor(random() * bytes.length)] = random() < 0.1 ? Math.floor(random() * 256) : alphabet[Math.floor(random() * alphabet.length)]!;
      const scan = scanned(bytes);
      if (scan === null) continue;
      read++;
      expect(scan, `damaged page ${round}`).toEqual(general(bytes));
    }
    // Many damaged pages are still valid ones (a digit for a digit, a letter in a name): those were compared.
    expect(read).toBeGreaterThan(200);
  });

  it('fills the columns as the same orders taken one by one do, across pages, with later and repeated copies', () => {
    const all = syntheticOrders(2500, 9);
    const later = (o: PlatformOrder): PlatformOrder => ({ ...o, state: 'refunded', refunded_amount: o.paid_amount, updated_at: new Date(Date.parse(o.updated_at) + 60_000).toISOString() });
    const pages = [all.slice(0, 900), all.slice(900, 1800), [...all.slice(1800), ...all.slice(0, 50).map(later), all[100]!, all[1000]!], all.slice(0, 10)];
    const scanning = new OrderColumnsBuilder(16, 16);
    const oneByOne = new OrderColumnsBuilder(16, 16);
    const outcomes: { added: number; replaced: number }[] = [];
    for (const page of pages) {
      const bytes = bytesOf(pageOf(page));
      const taken = readOrdersPage(new RawPage(bytes));
      if (!('rows' in taken)) throw new Error('the scan declined a page the platform could send');
      outcomes.push(scanning.addRows(taken.rows));
      for (const order of readOrdersBatch(new RawPage(bytes)).orders) oneByOne.add(order);
      // A view between pages (what a first sync shows) answers the same too.
      expect(ordersOf(scanning.view())).toEqual(ordersOf(oneByOne.view()));
    }
    expect(outcomes).toEqual([{ added: 900, replaced: 0 }, { added: 900, replaced: 0 }, { added: 700, replaced: 50 }, { added: 0, replaced: 0 }]);
    const columns = finished(scanning.finish());
    expect(columns).toEqual(finished(oneByOne.finish()));
    expect(columns.count).toBe(2500);
  });

  it('keeps the copy changed last of an order that comes twice in one page, whichever comes first', () => {
    const [a, b, c] = syntheticOrders(3, 12);
    const later = (o: PlatformOrder): PlatformOrder => ({ ...o, state: 'refunded', refunded_amount: o.paid_amount, updated_at: new Date(Date.parse(o.updated_at) + 60_000).toISOString() });
    const page = [later(a!), a!, b!, later(b!), c!, c!];
    const scanning = new OrderColumnsBuilder(16, 16);
    const taken = readOrdersPage(new RawPage(bytesOf(pageOf(page))));
    if (!('rows' in taken)) throw new Error('the scan declined a page the platform could send');
    expect(scanning.addRows(taken.rows)).toEqual({ added: 3, replaced: 1 });
    const oneByOne = new OrderColumnsBuilder(16, 16);
    for (const order of readOrdersBatch(new RawPage(bytesOf(pageOf(page)))).orders) oneByOne.add(order);
    const columns = finished(scanning.finish());
    expect(columns).toEqual(finished(oneByOne.finish()));
    expect(ordersOf(columns).map((o) => [o.id, o.updatedAt])).toEqual([later(a!), later(b!), c!].map((o) => [o.id, o.updated_at]));
  });

  it('ranks numbered ids (a prefix and a plain number) as the platform orders them: shorter first, then by code units', () => {
    const random = prng(3);
    const numbers = Array.from({ length: 3000 }, () => Math.floor(random() * 2_000_000));
    const orders = [...new Set(numbers)].map((n, k) => ({ ...platformOrders[k % platformOrders.length]!, id: `ord_1_${n}` }));
    const builder = new OrderColumnsBuilder(16, 16);
    for (let start = 0; start < orders.length; start += 1000) {
      const taken = readOrdersPage(new RawPage(bytesOf(pageOf(orders.slice(start, start + 1000)))));
      if (!('rows' in taken)) throw new Error('the scan declined a page the platform could send');
      builder.addRows(taken.rows);
    }
    const columns = finished(builder.finish());
    const ids = orders.map((o) => o.id);
    const byPlatform = ids.map((_, i) => i).sort((a, b) => ids[a]!.length - ids[b]!.length || (ids[a]! < ids[b]! ? -1 : 1));
    expect(Array.from(columns.idRank)).toEqual(Array.from(new Uint32Array(ids.length).map((_, row) => byPlatform.indexOf(row))));
  });

  it("reads times in toISOString's form to Date.parse's ms, over the years 0000-9999 and leap days, and refuses what Date.parse would roll over", () => {
    const random = prng(8);
    for (let k = 0; k < 20_000; k++) {
      const ms = FIRST_MS + Math.floor(random() * (LAST_MS - FIRST_MS));
      const text = new Date(ms).toISOString();
      expect(isoBytesMs(encoder.encode(text), 0)).toBe(ms);
    }
    for (const text of ['2024-02-29T00:00:00.000Z', '2000-02-29T23:59:59.999Z']) expect(isoBytesMs(encoder.encode(text), 0)).toBe(Date.parse(text));
    for (const text of ['2023-02-29T00:00:00.000Z', '1900-02-29T00:00:00.000Z', '2026-11-27T24:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-11-31T00:00:00.000Z', '2026-11-27T08:00:00.00aZ', '2026-11-27 08:00:00.000Z']) {
      expect(isoBytesMs(encoder.encode(text), 0), text).toBeNaN();
    }
  });
});
