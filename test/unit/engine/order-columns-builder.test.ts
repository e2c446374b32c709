// The order columns a sync fills page by page: held to columns built from the plain list they should equal,
// through growth from a small start, later copies of an order, views handed out while more arrive, a refresh
// added to a table's columns, and times the ms alone do not keep.
import { describe, expect, it } from 'vitest';
import { decodeColumns, encodeColumns } from '../../../electron/services/engine/worker/columns-codec';
import { finished, ordersOf, type OrderColumns } from '../../../electron/services/engine/worker/order-columns';
import { canonicalIsoMs, columnsOf, isCanonicalIso, OrderColumnsBuilder, rankIds } from '../../../electron/services/engine/worker/order-columns-builder';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import type { Order } from '../../../shared/model/orders';
import { prng, syntheticOrders } from '../data/synthetic-orders';

const orders = syntheticOrders(5000, 11).map(toOrder);
const byId = (list: readonly Order[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const later = (order: Order, ms: number): Order => ({ ...order, state: 'refunded', refundedAmount: order.paidAmount, updatedAt: new Date(Date.parse(order.updatedAt) + ms).toISOString() });
const rankByComparator = (ids: string[]) => {
  const order = ids.map((_, i) => i).sort((a, b) => ids[a]!.length - ids[b]!.length || (ids[a]! < ids[b]! ? -1 : 1));
  const ranks = new Uint32Array(ids.length);
  order.forEach((row, rank) => (ranks[row] = rank));
  return ranks;
};
const idsOf = (c: OrderColumns) => Array.from({ length: c.count }, (_, i) => c.id.dict.get(c.id.codes[i]!));

describe('order columns built page by page', () => {
  it('grow from a small start and end as the columns of the plain list, through the snapshot codec too', () => {
    const builder = new OrderColumnsBuilder(16, 16);
    for (let start = 0; start < orders.length; start += 777) for (const order of orders.slice(start, start + 777)) expect(builder.add(order)).toBe('added');
    const columns = finished(builder.finish());
    expect(ordersOf(columns)).toEqual(orders);
    expect(ordersOf(decodeColumns(encodeColumns(columns, null)).columns)).toEqual(orders);
    expect(Array.from(columns.idRank)).toEqual(Array.from(rankByComparator(orders.map((o) => o.id))));
  });

  it('keep the copy of an order changed last: a newer copy replaces it, the same or an older copy change nothing', () => {
    const builder = new OrderColumnsBuilder(64);
    for (const order of orders) builder.add(order);
    const changed = orders.filter((_, i) => i % 97 === 0).map((o) => later(o, 60_000));
    for (const order of changed) expect(builder.add(order)).toBe('replaced');
    expect(builder.add(orders[97]!)).toBe('older');
    expect(builder.add(changed[0]!)).toBe('same');
    expect(builder.size).toBe(orders.length);
    const expected = orders.map((o, i) => (i % 97 === 0 ? changed[i / 97]! : o));
    const columns = finished(builder.finish());
    expect(byId(ordersOf(columns))).toEqual(byId(expected));
    expect(columns.count).toBe(orders.length);
    // Values only the replaced copies held are gone from the dictionaries (the facets list what is there).
    expect(columns.state.dict.values().sort()).toEqual([...new Set(expected.map((o) => o.state))].sort());
    expect(Array.from(columns.idRank)).toEqual(Array.from(rankByComparator(idsOf(columns))));
  });

  it('hand out views of what has arrived that stay as they were while more arrives and copies are replaced', () => {
    const builder = new OrderColumnsBuilder(16, 16);
    for (const order of orders.slice(0, 1200)) builder.add(order);
    const first = builder.view();
    const firstOrders = ordersOf(first);
    expect(firstOrders).toEqual(orders.slice(0, 1200));
    expect(Array.from(first.idRank)).toEqual(Array.from(rankByComparator(orders.slice(0, 1200).map((o) => o.id))));
    for (const order of orders.slice(1200)) builder.add(order);
    builder.add(later(orders[5]!, 1000));
    const second = builder.view();
    expect(ordersOf(first)).toEqual(firstOrders);
    expect(byId(ordersOf(second))).toEqual(byId(orders.map((o, i) => (i === 5 ? later(o, 1000) : o))));
    expect(Array.from(second.idRank)).toEqual(Array.from(rankByComparator(idsOf(second))));
  });

  it("take a table's columns and the changes of a refresh: the columns of the merged list", () => {
    const base = columnsOf(orders.slice(0, 4000));
    const builder = OrderColumnsBuilder.from(base);
    const changes = [...orders.slice(3990, 4000).map((o) => later(o, 5000)), ...orders.slice(4000)];
    for (const order of changes) builder.add(order);
    const merged = [...orders.slice(0, 3990), ...changes];
    expect(byId(ordersOf(finished(builder.finish())))).toEqual(byId(merged));
  });

  it("keep each order's own buyer name and email, and each line's own name and course, when they change between orders, across a compaction", () => {
    const buyer = (o: Order, k: number): Order => ({
      ...o,
      buyer: { id: `stu_${k % 5}`, name: k % 3 === 0 ? `Name ${k % 4}` : 'Same Name', email: k % 7 === 0 ? `e${k}@x.example` : 'same@x.example' },
      // A product renamed or moved to another course between orders, and one without a course.
      items: o.items.map((line, j) => ({ ...line, productId: `prod_${(k + j) % 3}`, name: k % 5 === 0 ? `Renamed ${k % 2}` : line.name, courseId: k % 11 === 0 ? null : k % 4 === 0 ? 'crs_other' : line.courseId })),
    });
    const mixed = orders.slice(0, 2000).map(buyer);
    const builder = new OrderColumnsBuilder(16, 16);
    for (const order of mixed.slice(0, 1000)) builder.add(order);
    builder.add(later(mixed[3]!, 1000));
    builder.view(); // compacts: the codes change under the remembered ones
    for (const order of mixed.slice(1000)) builder.add(order);
    const expected = mixed.map((o, i) => (i === 3 ? later(o, 1000) : o));
    expect(byId(ordersOf(builder.view()))).toEqual(byId(expected));
    expect(byId(ordersOf(finished(builder.finish())))).toEqual(byId(expected));
  });

  it('keep the text of times the ms alone would not give back, even when the first such time comes late', () => {
    const odd = orders.slice(0, 300).map((o, i) => (i === 250 ? { ...o, createdAt: '2026-03-08T01:30:00-05:00', paidAt: '2026-03-08T06:31:00Z' } : o));
    const builder = new OrderColumnsBuilder(16, 16);
    for (const order of odd) builder.add(order);
    expect(ordersOf(builder.view())).toEqual(odd);
    expect(ordersOf(finished(builder.finish()))).toEqual(odd);
  });

  it("tells toISOString's own form from any other time text", () => {
    for (const text of ['2024-02-29T23:59:59.999Z', '1970-01-01T00:00:00.000Z', '2026-12-31T12:00:00.123Z']) expect(isCanonicalIso(text), text).toBe(true);
    for (const text of ['2023-02-29T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '2024-04-31T00:00:00.000Z', '2024-01-01T00:00:00Z', '2024-01-01T08:00:00.000+08:00', '+002024-01-01T00:00:00.000Z', '2024-13-01T00:00:00.000Z']) {
      expect(isCanonicalIso(text), text).toBe(false);
      expect(canonicalIsoMs(text), text).toBeNaN();
    }
  });

  it("reads toISOString's own form to the same ms as Date.parse, over the years 0000-9999, leap days and each ms of a day's ends", () => {
    const random = prng(7);
    const times = [0, -1, 951_782_400_000, 4_107_542_400_000, Date.parse('2024-02-29T23:59:59.999Z'), Date.parse('0000-03-01T00:00:00.000Z'), Date.parse('9999-12-31T23:59:59.999Z')];
    for (let k = 0; k < 20_000; k++) times.push(Math.floor((random() * 2 - 0.2) * 253_402_300_799_999));
    for (const t of times) {
      const text = new Date(t).toISOString();
      if (text.length !== 24) continue; // years past 9999 or before 0000 are written ±YYYYYY: not this form
      expect(canonicalIsoMs(text), text).toBe(Date.parse(text));
    }
  });

  it('ranks ids shorter first, then by code units, as the comparator does', () => {
    const ids = ['b', 'a', 'ab', 'Z', '€', 'ord_10', 'ord_9', 'ord_100', '\uD800x', 'aa'];
    const rows = new Map(ids.map((id, i) => [id, i]));
    expect(Array.from(rankIds(ids, ids.length, (id) => rows.get(id)!))).toEqual(Array.from(rankByComparator(ids)));
  });

  it('ranks ids that differ only in a tail of digits (ranked as numbers) as the comparator does, and groups of one length that do not', () => {
    const shuffled = (list: string[]) => list.map((id, k) => ({ id, k: (k * 7919) % list.length })).sort((a, b) => a.k - b.k).map(({ id }) => id);
    const numeric = Array.from({ length: 3000 }, (_, k) => `ord_1_${k + 1}`);
    const mixed = ['ord_2_5', 'ord_1_x', 'ord_10', 'ord_09', 'ord_1_0', 'ord_1_00', '123456', '023456', '1234567890123', '1234567890124', '99999999999'];
    const ids = shuffled([...numeric, ...mixed]);
    const rows = new Map(ids.map((id, i) => [id, i]));
    expect(Array.from(rankIds(ids, ids.length, (id) => rows.get(id)!))).toEqual(Array.from(rankByComparator(ids)));
  });
});
