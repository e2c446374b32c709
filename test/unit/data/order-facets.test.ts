import { describe, expect, it } from 'vitest';
import { withCourseTitles } from '../../../electron/services/data/order-facets';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../../electron/services/engine/worker/orders-table';
import type { Order } from '../../../shared/model/orders';

function order(id: string, paidAt: string | null, items: { product: string; course: string | null; name: string }[]): Order {
  return {
    id, tradeNumber: `T${id}`, state: paidAt ? 'paid' : 'notPaid', paidAt: paidAt, createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z',
    buyer: { id: 'u1', name: 'Lea', email: 'lea@example.org' }, paymentMethod: 'creditCard', currency: 'USD', coupon: null,
    originalAmount: 100, discountAmount: 0, paidAmount: 100, refundedAmount: 0,
    items: items.map((it, k) => ({ id: `${id}-${k}`, productKind: it.course ? 'coursePlan' : 'ticket', productId: it.product, courseId: it.course, name: it.name, originalAmount: 100, discountAmount: 0, amount: 100 })),
  } as Order;
}

describe('the Orders facets', () => {
  const index = new OrdersTable(columnsOf([
    order('1', '2024-03-01T00:00:00Z', [{ product: 'plan_a', course: 'c1', name: 'Zen Drawing · Lifetime access' }]),
    order('2', '2024-05-01T00:00:00Z', [{ product: 'tkt_1', course: null, name: 'Masterclass · General' }]),
    order('3', '2025-02-01T00:00:00Z', [{ product: 'tkt_2', course: null, name: 'Masterclass · General' }, { product: 'plan_b', course: 'c2', name: 'Art Basics · Free' }]),
    order('4', null, [{ product: 'tkt_2', course: null, name: 'Masterclass · General' }]),
  ]));

  it('give each product the latest paid time of its orders', () => {
    const tickets = index.facets().products.filter((p) => p.name === 'Masterclass · General');
    expect(tickets).toEqual([
      { id: 'tkt_1', name: 'Masterclass · General', kind: 'ticket', lastSoldAt: '2024-05-01T00:00:00.000Z' },
      { id: 'tkt_2', name: 'Masterclass · General', kind: 'ticket', lastSoldAt: '2025-02-01T00:00:00.000Z' },
    ]);
  });

  it('name courses by their titles, sorted, keeping the line name of a course the list lacks', () => {
    const facets = withCourseTitles(index.facets(), new Map([['c1', 'Zen Drawing']]));
    expect(facets.courses).toEqual([
      { id: 'c2', title: 'Art Basics · Free' },
      { id: 'c1', title: 'Zen Drawing' },
    ]);
  });
});
