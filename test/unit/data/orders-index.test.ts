import { describe, expect, it } from 'vitest';
import { OrdersIndex } from '../../../electron/services/data/orders-index';
import type { OrderFilters, OrderSort } from '../../../shared/ipc/data';
import { ORDER_SORT_KEYS } from '../../../shared/ipc/data';
import type { Order } from '../../../shared/platform/resources';
import { currencyTotalsOf } from '../../support/order-totals';
import { syntheticOrders } from './synthetic-orders';

// The brute-force answer: plain array filter, sort and sum over the order objects.
function matches(o: Order, f: OrderFilters): boolean {
  if (f.from !== undefined || f.to !== undefined) {
    if (o.paid_at === null) return false;
    const t = Date.parse(o.paid_at);
    if (f.from !== undefined && t < Date.parse(f.from)) return false;
    if (f.to !== undefined && t >= Date.parse(f.to)) return false;
  }
  if (f.states?.length && !f.states.includes(o.state)) return false;
  if (f.currency !== undefined && o.currency !== f.currency) return false;
  if (f.coupon !== undefined) {
    if (f.coupon === '' ? o.coupon !== null : o.coupon?.code.toLowerCase() !== f.coupon.toLowerCase()) return false;
  }
  if (f.courseId !== undefined || f.productId !== undefined) {
    const hit = o.items.some((it) => (f.courseId === undefined || it.course_id === f.courseId) && (f.productId === undefined || it.product_id === f.productId));
    if (!hit) return false;
  }
  if (f.text) {
    const t = f.text.trim().toLowerCase();
    if (t && o.id !== f.text.trim() && ![o.trade_number, o.buyer.name, o.buyer.email].some((s) => s.toLowerCase().includes(t))) return false;
  }
  return true;
}

function sortValue(o: Order, key: OrderSort['key']): number | string | null {
  switch (key) {
    case 'paidAt': return o.paid_at === null ? null : Date.parse(o.paid_at);
    case 'createdAt': return Date.parse(o.created_at);
    case 'updatedAt': return Date.parse(o.updated_at);
    case 'paidAmount': return o.paid_amount;
    case 'originalAmount': return o.original_amount;
    case 'discountAmount': return o.discount_amount;
    case 'refundedAmount': return o.refunded_amount;
    case 'buyerName': return o.buyer.name;
    case 'tradeNumber': return o.trade_number;
    case 'state': return o.state;
    case 'currency': return o.currency;
  }
}

/** Checks that `rows` are in order for the key, and that missing values (never paid) come last. */
function expectSorted(rows: Order[], sort: OrderSort): void {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  let seenNull = false;
  for (let i = 1; i < rows.length; i++) {
    const a = sortValue(rows[i - 1]!, sort.key);
    const b = sortValue(rows[i]!, sort.key);
    if (a === null) seenNull = true;
    if (seenNull) {
      expect(b, 'values after the first missing one are missing too').toBeNull();
      continue;
    }
    if (b === null) continue;
    const cmp = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
    expect(sort.direction === 'asc' ? cmp <= 0 : cmp >= 0, `${sort.key} ${sort.direction} at ${i}: ${String(a)} vs ${String(b)}`).toBe(true);
  }
}

const orders = syntheticOrders(100_000, 7);
const index = new OrdersIndex(orders);

const FILTERS: OrderFilters[] = [
  {},
  { currency: 'TWD' },
  { states: ['paid', 'refunded'] },
  { from: '2024-06-01T00:00:00.000Z', to: '2024-07-01T00:00:00.000Z' },
  { from: '2024-06-01T00:00:00+08:00' },
  { coupon: 'spring10' },
  { coupon: '' },
  { courseId: 'course_3' },
  { productId: 'dp_5', currency: 'JPY' },
  { text: 'GRACE' },
  { text: '林小明 12' },
  { text: 't1000042' },
  { text: 'ord_0000077' },
  { courseId: 'course_1', states: ['paid'], currency: 'USD', from: '2024-03-01T00:00:00Z', to: '2025-03-01T00:00:00Z', coupon: 'VIP' },
  { currency: 'GBP' },
  { courseId: 'no_such_course' },
];

describe('OrdersIndex over 100,000 orders', () => {
  it.each(FILTERS.map((f) => [JSON.stringify(f), f] as const))('filters %s to exactly the brute-force set, with its totals per currency', (_, filters) => {
    const expected = orders.filter((o) => matches(o, filters));
    const result = index.query(filters, { key: 'paidAt', direction: 'desc' }, 0, 1_000_000);
    expect(result.total).toBe(expected.length);
    expect(new Set(result.rows.map((o) => o.id))).toEqual(new Set(expected.map((o) => o.id)));
    expect(result.totals).toEqual(currencyTotalsOf(expected));
    expect(result.loaded).toBe(orders.length);
  });

  it('filters that match something are not vacuous', () => {
    expect(index.query({ coupon: 'spring10' }, { key: 'paidAt', direction: 'asc' }, 0, 0).total).toBeGreaterThan(1000);
    expect(index.query({ text: 'GRACE' }, { key: 'paidAt', direction: 'asc' }, 0, 0).total).toBeGreaterThan(1000);
    expect(index.query({ courseId: 'course_3' }, { key: 'paidAt', direction: 'asc' }, 0, 0).totals.length).toBe(4);
  });

  it.each(ORDER_SORT_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((direction) => [key, direction] as const)))('sorts by %s %s', (key, direction) => {
    const result = index.query({ states: ['paid', 'not_paid', 'refunded'] }, { key, direction }, 0, 1_000_000);
    expectSorted(result.rows, { key, direction });
  });

  it('answers windows of the same selection consistently (scrolling)', () => {
    const sort: OrderSort = { key: 'paidAmount', direction: 'desc' };
    const filters: OrderFilters = { currency: 'USD' };
    const all = index.query(filters, sort, 0, 1_000_000).rows.map((o) => o.id);
    const window = index.query(filters, sort, 5000, 100);
    expect(window.offset).toBe(5000);
    expect(window.rows.map((o) => o.id)).toEqual(all.slice(5000, 5100));
    const tail = index.query(filters, sort, all.length - 10, 100);
    expect(tail.rows).toHaveLength(10);
    expect(index.query(filters, sort, all.length + 5, 100).rows).toHaveLength(0);
  });

  it('breaks ties by order id in the direction of the sort, as the platform does', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const rows = index.query({}, { key: 'state', direction }, 0, 1_000_000).rows;
      for (let i = 1; i < rows.length; i++) {
        if (rows[i]!.state !== rows[i - 1]!.state) continue;
        expect(direction === 'asc' ? rows[i - 1]!.id < rows[i]!.id : rows[i - 1]!.id > rows[i]!.id).toBe(true);
      }
    }
  });

  it('puts never-paid orders last in both directions of paid time', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const rows = index.query({}, { key: 'paidAt', direction }, 0, 1_000_000).rows;
      const firstNull = rows.findIndex((o) => o.paid_at === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(rows.slice(firstNull).every((o) => o.paid_at === null)).toBe(true);
    }
  });

  it('offers facets from every loaded order', () => {
    const facets = index.facets();
    expect(facets.currencies).toEqual(['EUR', 'JPY', 'TWD', 'USD']);
    expect(facets.coupons.map((c) => c.toLowerCase()).sort()).toEqual(['spring10', 'vip', 'welcome']);
    expect(facets.courses).toHaveLength(12);
    expect(facets.products.length).toBe(24);
    expect(facets.states).toContain('refunding');
  });

  it('merges changed orders: replaces by id, appends new ones, and queries see them', () => {
    const changed: Order = { ...orders[10]!, state: 'refunded', refunded_amount: orders[10]!.paid_amount, buyer: { ...orders[10]!.buyer, name: 'Zelda Unique' } };
    const added: Order = { ...orders[11]!, id: 'ord_new', trade_number: 'TNEW1', buyer: { ...orders[11]!.buyer, name: 'Zelda Unique' } };
    const merged = index.merge([changed, added]);
    expect(merged.size).toBe(orders.length + 1);
    expect(merged.get(changed.id)?.state).toBe('refunded');
    const found = merged.query({ text: 'zelda unique' }, { key: 'tradeNumber', direction: 'asc' }, 0, 10);
    expect(found.rows.map((o) => o.id).sort()).toEqual([changed.id, 'ord_new'].sort());
    expect(index.get(changed.id)?.state).toBe(orders[10]!.state); // the old index is untouched
  });
});
