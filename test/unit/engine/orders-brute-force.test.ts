// The engine's order table held to a brute force over the platform's order objects: every filter, sort and
// total, at 100,000 orders.
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import type { OrderFilters, OrderSort } from '../../../shared/ipc/data';
import { ORDER_SORT_KEYS } from '../../../shared/ipc/data';
import { currencyTotalsOf } from '../../support/order-totals';
import { expectSorted, matches } from '../../support/order-brute-force';
import { syntheticAppOrders } from '../data/synthetic-orders';

const orders = syntheticAppOrders(100_000, 7);
const index = new OrdersTable(columnsOf(orders));

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

describe('the engine\'s order table over 100,000 orders', () => {
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
    const result = index.query({ states: ['paid', 'notPaid', 'refunded'] }, { key, direction }, 0, 1_000_000);
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
      const firstNull = rows.findIndex((o) => o.paidAt === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(rows.slice(firstNull).every((o) => o.paidAt === null)).toBe(true);
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
});
