import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Comment as CommentSchema, Order, Subscription } from '../../../shared/platform/resources';
import { HttpError } from '../../sandbox/http/request';
import { recordOrderEvent } from '../../sandbox/order-events';
import { harness, NOW } from './helpers';

const CLOCK = NOW.getTime() + 3_600_000;
type Comment = z.infer<typeof CommentSchema>;

describe('recorded order events (POST /__sandbox/orders/record)', () => {
  it('a refund of the newest paid order shows up in updated_since queries, also after an earlier identical query was cached', async () => {
    const h = harness();
    const since = new Date(CLOCK - 1000).toISOString();
    // Asked once before the refund: the sandbox caches results per query, the refund must not hide behind that.
    expect((await h.all<Order>('listOrders', { query: { updated_since: since, sort: 'updated_at' } })).items).toEqual([]);
    const recorded = recordOrderEvent(h.platform, { kind: 'refund' });
    const changed = (await h.all<Order>('listOrders', { query: { updated_since: since, sort: 'updated_at' } })).items;
    expect(changed.map((o) => o.id)).toEqual([recorded.order_id]);
    expect(changed[0]).toMatchObject({ state: 'refunded', updated_at: new Date(CLOCK).toISOString() });
    expect(changed[0]!.refunded_amount).toBe(changed[0]!.paid_amount);
    expect(((await h.call('getOrder', { params: { order_id: recorded.order_id! } })).body as Order).state).toBe('refunded');
  });

  it('a named order is refunded only when paid', async () => {
    const h = harness();
    const { order_id } = recordOrderEvent(h.platform, { kind: 'refund' });
    expect(() => recordOrderEvent(h.platform, { kind: 'refund', order_id: order_id! })).toThrow(/not paid/);
    expect(() => recordOrderEvent(h.platform, { kind: 'refund', order_id: 'ord_1_99999999' })).toThrow(HttpError);
  });

  it('a subscription whose renewal failed goes past due, now', async () => {
    const h = harness();
    const { subscription_id } = recordOrderEvent(h.platform, { kind: 'subscription_past_due' });
    const pastDue = (await h.all<Subscription>('listSubscriptions', { query: { state: 'past_due' } })).items.find((s) => s.id === subscription_id);
    expect(pastDue).toMatchObject({ state: 'past_due', updated_at: new Date(CLOCK).toISOString() });
    expect(() => recordOrderEvent(h.platform, { kind: 'subscription_past_due', subscription_id: subscription_id! })).toThrow(/not active/);
  });

  it('comments can be asked for by created_since', async () => {
    const h = harness();
    const all = (await h.all<Comment>('listComments')).items;
    const middle = all[Math.floor(all.length / 2)]!.created_at;
    const newer = (await h.all<Comment>('listComments', { query: { created_since: middle } })).items;
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.every((c) => c.created_at >= middle)).toBe(true);
    expect(newer.length).toBe(all.filter((c) => Date.parse(c.created_at) >= Date.parse(middle)).length);
    expect((await h.fails('listComments', { query: { created_since: 'yesterday' } })).status).toBe(400);
  });
});

describe('a refund stamped with milliseconds', () => {
  it('still sorts and pages by updated_at correctly (keys with milliseconds sort exactly)', async () => {
    const h = harness({ clock: () => NOW.getTime() + 3_600_123 });
    const recorded = recordOrderEvent(h.platform, { kind: 'refund' });
    const newest = (await h.call('listOrders', { query: { sort: '-updated_at', limit: '1' } })).body as { data: Order[] };
    expect(newest.data[0]).toMatchObject({ id: recorded.order_id, updated_at: new Date(NOW.getTime() + 3_600_123).toISOString() });
  });
});
