// The engine's order search (electron/services/engine/worker/orders-search.ts) against a brute force over the order
// objects with the shared ranking: the same hits in the same order, for trade numbers, emails, names and ids.
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import { searchOrders } from '../../../electron/services/engine/worker/orders-search';
import type { Order } from '../../../shared/model/orders';
import { bestMatch, compareHits, normalizeText } from '../../../shared/search/ranking';
import { syntheticAppOrders } from '../data/synthetic-orders';

const orders = syntheticAppOrders(5_000, 3);
const table = new OrdersTable(columnsOf(orders));

function bruteForce(text: string, limit: number) {
  const query = normalizeText(text);
  const hits = orders
    .map((o) => {
      const match = o.id === text.trim() ? ('exact' as const) : bestMatch([o.tradeNumber, o.buyer.email, o.buyer.name], query);
      return match ? { order: o, match, at: o.paidAt ?? o.createdAt, title: '' } : null;
    })
    .filter((h): h is NonNullable<typeof h> => h !== null);
  // Same recency as the engine (epoch ms); ties keep row order (stable sort), as the engine's insertion does.
  hits.sort((a, b) => compareHits(a, b));
  return { total: hits.length, top: hits.slice(0, limit).map((h) => ({ id: h.order.id, match: h.match })) };
}

describe('searchOrders', () => {
  it('an exact trade number is the first hit, exact', () => {
    const target = orders[1234]!;
    const found = searchOrders(table, target.tradeNumber, 10);
    expect(found.matches[0]).toMatchObject({ order: { id: target.id }, match: 'exact' });
    expect(found.searched).toBe(orders.length);
  });

  it('an exact buyer email (any case) puts that buyer\'s orders first, most recent first', () => {
    const target = orders[77]!;
    const found = searchOrders(table, target.buyer.email.toUpperCase(), 50);
    const theirs = orders.filter((o) => o.buyer.email === target.buyer.email);
    const exact = found.matches.filter((m) => m.match === 'exact');
    expect(exact.map((m) => m.order.id).sort()).toEqual(theirs.slice(0, 50).map((o) => o.id).sort());
    const times = exact.map((m) => Date.parse(m.order.paidAt ?? m.order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('finds an order by its id', () => {
    const target = orders[4321]!;
    expect(searchOrders(table, ` ${target.id} `, 5).matches[0]?.order.id).toBe(target.id);
  });

  it('answers as a brute force over the orders does, for prefixes, words and substrings', () => {
    const probes = [orders[10]!.tradeNumber.slice(0, 6), orders[20]!.buyer.name.split(' ')[0]!, orders[30]!.buyer.email.slice(2, 7), 'zzzz-none', orders[40]!.buyer.name.split(' ').at(-1)!];
    for (const text of probes) {
      const expected = bruteForce(text, 20);
      const found = searchOrders(table, text, 20);
      expect(found.total, text).toBe(expected.total);
      // Equal rank and time may come in either order; compare rank + time sequences and the sets per rank.
      const key = (m: { match: string }, o: Order) => `${m.match} ${Date.parse(o.paidAt ?? o.createdAt)}`;
      expect(found.matches.map((m) => key(m, m.order)), text).toEqual(expected.top.map((h) => key(h, orders.find((o) => o.id === h.id)!)));
    }
  });

  it('a text spanning two values of a dictionary matches neither; a dictionary whose lower case changes length is still searched', () => {
    const base = orders.slice(0, 3);
    const crafted: Order[] = [
      { ...base[0]!, tradeNumber: 'AB', buyer: { ...base[0]!.buyer, name: 'İpek Yılmaz', email: 'ipek@example.test' } },
      { ...base[1]!, tradeNumber: 'CD', buyer: { ...base[1]!.buyer, name: 'Cem Demir', email: 'cem@example.test' } },
      { ...base[2]!, tradeNumber: 'EF', buyer: { ...base[2]!.buyer, name: 'Efe Kaya', email: 'efe@example.test' } },
    ];
    const small = new OrdersTable(columnsOf(crafted));
    expect(searchOrders(small, 'bc', 5).total).toBe(0); // "ab" + "cd" joined is "abcd"
    expect(searchOrders(small, 'cd', 5).matches.map((m) => [m.order.tradeNumber, m.match])).toEqual([['CD', 'exact']]);
    // "İ".toLowerCase() is two code units: the names' dictionary takes the per-value path.
    expect(searchOrders(small, 'yılmaz', 5).matches.map((m) => [m.order.buyer.name, m.match])).toEqual([['İpek Yılmaz', 'word']]);
    expect(searchOrders(small, 'kaya', 5).matches.map((m) => m.order.buyer.name)).toEqual(['Efe Kaya']);
  });

  it('an empty text finds nothing', () => {
    expect(searchOrders(table, '   ', 10)).toEqual({ matches: [], total: 0, searched: orders.length });
  });
});
