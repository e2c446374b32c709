// The engine's columns and table: a snapshot's columns decode to exactly the orders they were built from, and
// every filter and sort answers as a brute force over the order objects does (test/support/order-brute-force.ts).
import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns } from '../../../electron/services/engine/worker/columns-codec';
import { ordersOf } from '../../../electron/services/engine/worker/order-columns';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import type { OrderFilters, OrderSort } from '../../../shared/ipc/data';
import { ORDER_SORT_KEYS } from '../../../shared/ipc/data';
import type { Order } from '../../../shared/model/orders';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { prng, syntheticOrders } from '../data/synthetic-orders';
import { bruteIds, matches } from '../../support/order-brute-force';
import { courseShareTotals, orderTotals } from '../../support/figures-oracle';

const raw = syntheticOrders(20_000, 7);
const orders = raw.map(toOrder);
const rawById = new Map(raw.map((o) => [o.id, o]));

describe('order columns', () => {
  it('encode → decode gives back every order exactly, nulls, offsets in times and odd strings included', () => {
    const odd: Order[] = orders.slice(0, 50).map((o, k) => ({
      ...o,
      buyer: { ...o.buyer, name: k === 0 ? 'lone \ud800 surrogate' : k === 1 ? '' : o.buyer.name },
      createdAt: k === 2 ? '2026-03-08T01:30:00-05:00' : o.createdAt,
    }));
    for (const list of [orders, odd, []]) {
      const decoded = decodeColumns(encodeColumns(columnsOf(list), { hello: 1 }));
      expect(decoded.meta).toEqual({ hello: 1 });
      expect(ordersOf(decoded.columns)).toEqual(list);
    }
  });

  it('refuses a buffer whose structure is inconsistent (a code out of range, a truncated section)', () => {
    const plain = encodeColumns(columnsOf(orders.slice(0, 100)), null);
    expect(() => decodeColumns(plain.subarray(0, plain.length - 8))).toThrow(/snapshot columns/);
    const header = plain.readUInt32LE(0);
    const json = JSON.parse(plain.subarray(4, 4 + header).toString('utf8')) as { sections: { name: string; bytes: number }[] };
    // Find the state codes (one byte each) and point one past the dictionary.
    let at = (4 + header + 7) & ~7;
    for (const s of json.sections) {
      if (s.name === 'state.codes') break;
      at += (s.bytes + 7) & ~7;
    }
    const bad = Buffer.from(plain);
    bad[at] = 200;
    expect(() => decodeColumns(bad)).toThrow(/code out of range/);
  });
});

describe('orders table', () => {
  const table = new OrdersTable(decodeColumns(encodeColumns(columnsOf(orders), null)).columns);
  const random = prng(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  it('facets, get and maxUpdatedAt as the orders have them', () => {
    const facets = table.facets();
    expect(facets.currencies).toEqual([...new Set(orders.map((o) => o.currency))].sort());
    expect(new Set(facets.states)).toEqual(new Set(orders.map((o) => o.state)));
    expect(facets.coupons.map((c) => c.toLowerCase()).sort()).toEqual([...new Set(orders.flatMap((o) => (o.coupon ? [o.coupon.code.toLowerCase()] : [])))].sort());
    expect(facets.courses.map((c) => c.id).sort()).toEqual([...new Set(orders.flatMap((o) => o.items.flatMap((i) => (i.courseId ? [i.courseId] : []))))].sort());
    expect(facets.products.map((p) => p.id).sort()).toEqual([...new Set(orders.flatMap((o) => o.items.map((i) => i.productId)))].sort());
    expect(table.maxUpdatedAt).toBe(orders.reduce((max, o) => (o.updatedAt > max ? o.updatedAt : max), ''));
    expect(table.get(orders[1234]!.id)).toEqual(orders[1234]);
    expect(table.get('nope')).toBeUndefined();
  });

  // 200 rounds of brute force over 20,000 orders: a long test on a busy machine, not a speed claim.
  it('answers 200 random filter + sort queries exactly as the brute force does (rows, totals, count)', { timeout: 180_000 }, () => {
    const facets = table.facets();
    for (let round = 0; round < 200; round++) {
      const filters: OrderFilters = {};
      if (random() < 0.3) {
        const from = Date.UTC(2024, 0, 1) + Math.floor(random() * 600) * 86_400_000;
        filters.from = new Date(from).toISOString();
        filters.to = new Date(from + Math.floor(random() * 90 + 1) * 86_400_000).toISOString();
      }
      if (random() < 0.3) filters.states = [pick(facets.states), pick(facets.states)];
      if (random() < 0.3) filters.currency = random() < 0.1 ? 'XXX' : pick(facets.currencies);
      if (random() < 0.2) filters.coupon = random() < 0.3 ? '' : pick(facets.coupons).toUpperCase();
      if (random() < 0.2) filters.courseId = pick(facets.courses).id;
      if (random() < 0.2) filters.productId = pick(facets.products).id;
      if (random() < 0.15) filters.buyerId = random() < 0.1 ? 'stu_nobody' : pick(orders).buyer.id;
      if (random() < 0.2) filters.changedFrom = pick(orders).updatedAt;
      if (random() < 0.2) filters.text = pick(['ada', ' GRACE ', '林', '@', 'zola 1', orders[5]!.id, 'hyperlink']);
      const sort: OrderSort = { key: pick(ORDER_SORT_KEYS), direction: random() < 0.5 ? 'asc' : 'desc' };
      const offset = Math.floor(random() * 50);
      const hits = orders.filter((o) => matches(o, filters));
      const got = table.query(filters, sort, offset, 100);
      expect(got.total, JSON.stringify({ filters, sort })).toBe(hits.length);
      const rawShown = hits.map((o) => rawById.get(o.id)!);
      expect(got.totals).toEqual(orderTotals(rawShown));
      expect(got.courseTotals).toEqual(filters.courseId === undefined ? null : courseShareTotals(rawShown, filters.courseId));
      if (['buyerName', 'tradeNumber', 'state', 'currency'].includes(sort.key)) {
        // Text keys: the same set (test/unit/engine/orders-brute-force.test.ts checks their order).
        expect(new Set(table.select(filters, sort).positions).size).toBe(hits.length);
      } else expect(got.rows.map((o) => o.id)).toEqual(bruteIds(orders, filters, sort).slice(offset, offset + 100));
    }
  });

  it("finds the orders in given states changed at or after an instant (Today's failed payments and new refunds)", () => {
    const since = [...orders].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))[Math.floor(orders.length * 0.8)]!.updatedAt;
    const expected = orders.filter((o) => (o.state === 'refunded' || o.state === 'refunding') && Date.parse(o.updatedAt) >= Date.parse(since)).map((o) => o.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    const got = table.query({ states: ['refunded', 'refunding'], changedFrom: since }, { key: 'paidAt', direction: 'desc' }, 0, 10_000);
    expect(got.rows.map((o) => o.id).sort()).toEqual(expected);
  });

  it("finds exactly one buyer's orders (a student's profile), and none for an unknown buyer", () => {
    const buyer = orders[321]!.buyer.id;
    const expected = orders.filter((o) => o.buyer.id === buyer).map((o) => o.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    const sort: OrderSort = { key: 'paidAt', direction: 'desc' };
    expect(table.query({ buyerId: buyer }, sort, 0, 1000).rows.map((o) => o.id).sort()).toEqual(expected);
    expect(table.query({ buyerId: 'stu_nobody' }, sort, 0, 10).total).toBe(0);
  });
});
