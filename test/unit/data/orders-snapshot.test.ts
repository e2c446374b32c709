import { describe, expect, it } from 'vitest';
import { decodeOrders, encodeOrders } from '../../../electron/services/data/orders-snapshot';
import { Order } from '../../../shared/platform/resources';
import { syntheticOrders } from './synthetic-orders';

describe('orders snapshot encoding', () => {
  it('round-trips every field of every order through JSON, and is much shorter than the objects', () => {
    const orders = syntheticOrders(3000, 5);
    const text = JSON.stringify(encodeOrders(orders));
    const back = decodeOrders(JSON.parse(text) as unknown[]);
    expect(back).toEqual(orders);
    for (const order of back.slice(0, 50)) expect(Order.parse(order)).toEqual(order);
    expect(text.length).toBeLessThan(JSON.stringify(orders).length * 0.6);
  });

  it('refuses tuples of another shape instead of inventing orders', () => {
    expect(() => decodeOrders([{ id: 'x' }])).toThrow(/not an order tuple/);
    expect(() => decodeOrders([[1, 2, 3]])).toThrow(/not an order tuple/);
  });
});
