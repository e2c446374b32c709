// The platform adapter for the engine's orders: the request for a batch, and a page read into a batch.
import { describe, expect, it } from 'vitest';
import { ordersBatchRequest, readOrdersBatch } from '../../../electron/services/platform/orders-feed';
import { syntheticOrders } from '../data/synthetic-orders';

describe('orders feed (platform adapter)', () => {
  it('asks for pages of 1,000 in creation order, changed since a time, from a position', () => {
    expect(ordersBatchRequest('acc', undefined, null)).toEqual({ accountId: 'acc', operation: 'listOrders', query: { limit: 1000, sort: 'created_at' } });
    expect(ordersBatchRequest('acc', '2026-11-01T00:00:00.000Z', 'c2').query).toEqual({ limit: 1000, sort: 'created_at', updated_since: '2026-11-01T00:00:00.000Z', cursor: 'c2' });
  });

  it('reads a page into a batch; an empty page ends the sync whatever its cursor says', () => {
    const orders = syntheticOrders(3, 2);
    expect(readOrdersBatch({ data: orders, meta: { total: 7, limit: 1000, next_cursor: 'n' } })).toEqual({ orders, total: 7, next: 'n' });
    expect(readOrdersBatch({ data: [], meta: { total: 7, limit: 1000, next_cursor: 'n' } }).next).toBeNull();
  });

  it('refuses a page it does not understand, saying where (never the data itself)', () => {
    const [order] = syntheticOrders(1, 2);
    const bad = { data: [{ ...order, paid_amount: 'a lot' }], meta: { total: 1, limit: 1000, next_cursor: null } };
    expect(() => readOrdersBatch(bad)).toThrow(expect.objectContaining({ code: 'bad_response', message: expect.stringContaining('data.0.paid_amount') }));
    expect(() => readOrdersBatch({ data: [] })).toThrow(expect.objectContaining({ code: 'bad_response' }));
  });
});
