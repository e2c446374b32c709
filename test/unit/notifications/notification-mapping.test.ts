import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Order } from '../../../shared/model/orders';
import type { Comment, SalesReport, Subscription, SalesTotals } from '../../../shared/platform/resources';
import { commentCandidates, largeSaleThresholds, LARGE_SALE_FACTOR, orderCandidates, subscriptionCandidate, todaySalesQuery } from '../../../electron/services/platform/notification-mapping';
import { dayStart, localDay } from '../../support/local-days';

const order = (over: Partial<Order>): Order => ({
  id: 'ord_1', tradeNumber: 'T1', state: 'paid', buyer: { id: 'stu_1', name: 'Dana', email: 'd@example.com' }, paymentMethod: 'creditCard', currency: 'USD',
  originalAmount: 5000, discountAmount: 0, paidAmount: 5000, refundedAmount: 0, coupon: null, items: [], createdAt: '2026-11-20T09:00:00Z', paidAt: '2026-11-20T09:01:00Z', updatedAt: '2026-11-20T09:01:00Z',
  ...over,
});
const totals = (orders: number, aov: number): SalesTotals => ({ gross: orders * aov, discounts: 0, refunds: 0, net: orders * aov, orders, refunded_orders: 0, average_order_value: aov, refund_rate: 0 });
const report = (rows: { currency: string; orders: number; aov: number }[]): SalesReport => ({
  from: '2026-08-22T00:00:00Z', to: '2026-11-20T00:00:00Z', interval: 'month', time_zone: 'UTC',
  currencies: rows.map((r) => ({ currency: r.currency, current: totals(r.orders, r.aov), previous: totals(0, 0), last_year: totals(0, 0), series: [] })),
});

describe('orders → candidates', () => {
  it('a refund (refunding or refunded) is one event per order, at its change, opening the order', () => {
    const [refunding] = orderCandidates(order({ state: 'refunding', updatedAt: '2026-11-20T10:00:00Z' }), {});
    const [refunded] = orderCandidates(order({ state: 'refunded', refundedAmount: 5000, updatedAt: '2026-11-20T11:00:00Z' }), {});
    expect(refunding).toMatchObject({ key: 'refund:ord_1', kind: 'refund', at: '2026-11-20T10:00:00Z', route: '/orders/ord_1' });
    expect(refunded!.key).toBe(refunding!.key);
    expect(refunded!.title).toBe('Refund: $50.00');
  });

  it('a failed order is a payment problem', () => {
    expect(orderCandidates(order({ state: 'failed', paidAt: null }), {})).toEqual([expect.objectContaining({ key: 'failed:ord_1', kind: 'paymentProblem' })]);
  });

  it(`a paid order at ${LARGE_SALE_FACTOR}× the currency's 90-day average order value or more is a large sale; other currencies and thin history are not`, () => {
    const thresholds = largeSaleThresholds(report([{ currency: 'USD', orders: 40, aov: 2000 }, { currency: 'EUR', orders: 5, aov: 2000 }]));
    expect(thresholds).toEqual({ USD: 10_000 });
    expect(orderCandidates(order({ paidAmount: 10_000 }), thresholds)).toEqual([expect.objectContaining({ key: 'largeSale:ord_1', kind: 'largeSale', at: '2026-11-20T09:01:00Z' })]);
    expect(orderCandidates(order({ paidAmount: 9_999 }), thresholds)).toEqual([]);
    expect(orderCandidates(order({ paidAmount: 50_000, currency: 'EUR' }), thresholds)).toEqual([]);
  });
});

describe('subscriptions → candidates', () => {
  const sub: Subscription = {
    id: 'sub_1', member_id: 'mem_1', member_name: 'Kai', plan_id: 'pln_1', state: 'past_due', currency: 'USD', amount: 1500, interval: 'month',
    started_at: '2026-01-01T00:00:00Z', current_period_start: '2026-11-01T00:00:00Z', current_period_end: '2026-12-01T00:00:00Z', next_charge_at: null, canceling: false, canceled_at: null, updated_at: '2026-11-20T10:00:00Z',
  };
  it('past due once per billing period, opening the member panel', () => {
    expect(subscriptionCandidate(sub)).toMatchObject({ key: 'pastDue:sub_1:2026-11-01T00:00:00Z', kind: 'paymentProblem', route: '/subscriptions/members/mem_1' });
    expect(subscriptionCandidate({ ...sub, state: 'active' })).toBeNull();
  });
});

describe('comments → candidates', () => {
  type C = z.infer<typeof Comment>;
  const c = (id: string, author: string, parent: string | null = null): C => ({ id, target: { kind: 'course', id: 'crs_1' }, parent_id: parent, author_name: author, body: 'Where is lesson 3?', created_at: '2026-11-20T10:00:00Z' });
  const staff = new Set(['alex morgan', 'prof. lee']);
  it('a top-level comment nobody on staff answered; a reply by another student does not count as an answer', () => {
    const list = [c('cmt_1', 'Dana'), c('cmt_2', 'Eli'), c('cmt_3', 'Prof. Lee', 'cmt_2'), c('cmt_4', 'Fay'), c('cmt_5', 'Gus', 'cmt_4')];
    expect(commentCandidates(list, staff).map((x) => x.key)).toEqual(['comment:cmt_1', 'comment:cmt_4']);
  });
  it("not the staff's own posts", () => {
    expect(commentCandidates([c('cmt_9', 'Alex Morgan')], staff)).toEqual([]);
  });
});

describe("the tray's today's sales", () => {
  it("are asked from midnight of the business zone, not the computer's, whatever the zone's offset", () => {
    // 03:30 UTC is still yesterday in New York, already today in Taipei and Lord Howe.
    const now = new Date('2026-11-27T03:30:00Z');
    for (const timeZone of ['America/New_York', 'Asia/Taipei', 'Australia/Lord_Howe', 'Europe/Berlin']) {
      const query = todaySalesQuery(now, timeZone);
      expect(query, timeZone).toEqual({ from: new Date(dayStart(localDay(now.getTime(), timeZone), timeZone)).toISOString(), to: now.toISOString(), interval: 'day', time_zone: timeZone });
    }
    expect(todaySalesQuery(now, 'America/New_York').from).toBe('2026-11-26T05:00:00.000Z');
    expect(todaySalesQuery(now, 'Asia/Taipei').from).toBe('2026-11-26T16:00:00.000Z');
  });
});
