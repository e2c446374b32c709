// The platform adapter for orders: the request for a batch, a page read into a batch of the app's orders (every
// field mapped, the platform's words turned into the app's), one order and a course's orders from the main
// process, and a page it does not understand refused with where.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallArgs, PlatformCaller } from '../../../electron/services/api/platform-caller';
import { allOrdersWalks, changedOrdersWalk, newestChangeIn, readOrdersBatch, readOrdersPage } from '../../../electron/services/platform/orders-feed';
import { RawPage, type PageRequest } from '../../../electron/services/platform/page-request';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { readCourseOrders, readOrder, readOrdersChangedSince } from '../../../electron/services/platform/orders-platform';
import { Order as AppOrder } from '../../../shared/model/orders';
import type { OperationId } from '../../../shared/platform/endpoints';
import type { Order } from '../../../shared/platform/resources';
import { syntheticOrders } from '../data/synthetic-orders';

const platformOrder: Order = {
  id: 'ord_9',
  trade_number: 'T-0009',
  state: 'manual_enrolled',
  buyer: { id: 'stu_3', name: 'Lin Mei', email: 'mei@example.test' },
  payment_method: 'cvs',
  currency: 'TWD',
  original_amount: 3000,
  discount_amount: 300,
  paid_amount: 2700,
  refunded_amount: 100,
  coupon: { coupon_id: 'cp_7', code: 'SPRING10' },
  items: [
    { id: 'li_1', kind: 'curriculum_plan', product_id: 'plan_2', course_id: 'course_2', name: 'Zen Drawing · Lifetime', original_amount: 2000, discount_amount: 200, amount: 1800 },
    { id: 'li_2', kind: 'order_bump', product_id: 'ob_1', course_id: null, name: 'Sketchbook', original_amount: 1000, discount_amount: 100, amount: 900 },
  ],
  created_at: '2026-03-08T01:30:00-05:00',
  paid_at: '2026-03-08T07:00:00.000Z',
  updated_at: '2026-03-09T00:00:00.000Z',
};

describe('orders mapping (platform adapter)', () => {
  it('maps every field to the app\'s Order, in its own words', () => {
    const order = toOrder(platformOrder);
    expect(order).toEqual({
      id: 'ord_9',
      tradeNumber: 'T-0009',
      state: 'manuallyEnrolled',
      buyer: { id: 'stu_3', name: 'Lin Mei', email: 'mei@example.test' },
      paymentMethod: 'convenienceStore',
      currency: 'TWD',
      originalAmount: 3000,
      discountAmount: 300,
      paidAmount: 2700,
      refundedAmount: 100,
      coupon: { id: 'cp_7', code: 'SPRING10' },
      items: [
        { id: 'li_1', productKind: 'coursePlan', productId: 'plan_2', courseId: 'course_2', name: 'Zen Drawing · Lifetime', originalAmount: 2000, discountAmount: 200, amount: 1800 },
        { id: 'li_2', productKind: 'orderBump', productId: 'ob_1', courseId: null, name: 'Sketchbook', originalAmount: 1000, discountAmount: 100, amount: 900 },
      ],
      createdAt: '2026-03-08T01:30:00-05:00',
      paidAt: '2026-03-08T07:00:00.000Z',
      updatedAt: '2026-03-09T00:00:00.000Z',
    });
    // What leaves the adapter is exactly the contract's Order: no platform field rides along.
    expect(AppOrder.strict().safeParse(order).success).toBe(true);
  });

  it('keeps what is absent absent: no coupon, never paid, no items', () => {
    const order = toOrder({ ...platformOrder, state: 'not_paid', coupon: null, paid_at: null, paid_amount: 0, items: [] });
    expect(order).toMatchObject({ state: 'notPaid', coupon: null, paidAt: null, paidAmount: 0, items: [] });
    expect(AppOrder.safeParse(order).success).toBe(true);
  });

  it('maps every platform state, payment method and product kind to one of the app\'s', () => {
    const states = ['not_paid', 'paid', 'expired', 'failed', 'manual_enrolled', 'refunded', 'refunding'] as const;
    const methods = ['credit_card', 'atm', 'cvs', 'paypal', 'line_pay', 'apple_pay', 'free'] as const;
    const kinds = ['curriculum_plan', 'membership_plan', 'ticket', 'digital_product', 'order_bump', 'meeting'] as const;
    const mapped = states.map((state, k) => toOrder({
      ...platformOrder, state, payment_method: methods[k]!, items: [{ ...platformOrder.items[0]!, kind: kinds[k % kinds.length]! }],
    }));
    for (const order of mapped) expect(AppOrder.safeParse(order).success, JSON.stringify(order)).toBe(true);
    expect(new Set(mapped.map((o) => o.state)).size).toBe(states.length);
    expect(new Set(mapped.map((o) => o.paymentMethod)).size).toBe(methods.length);
  });
});

describe('orders feed (platform adapter)', () => {
  it('asks for pages of 1,000 in creation order, changed since a time, from a position', () => {
    expect(changedOrdersWalk('acc').first).toEqual({ accountId: 'acc', operation: 'listOrders', query: { limit: 1000, sort: 'created_at' }, next: { cursorParam: 'cursor' } });
    expect(changedOrdersWalk('acc', '2026-11-01T00:00:00.000Z').at('c2').query).toEqual({ limit: 1000, sort: 'created_at', updated_since: '2026-11-01T00:00:00.000Z', cursor: 'c2' });
  });

  it('reads a page into a batch of the app\'s orders; an empty page ends the sync whatever its cursor says', () => {
    const orders = syntheticOrders(3, 2);
    expect(readOrdersBatch({ data: orders, meta: { total: 7, limit: 1000, next_cursor: 'n' } })).toEqual({ orders: orders.map(toOrder), total: 7, next: 'n' });
    expect(readOrdersBatch({ data: [], meta: { total: 7, limit: 1000, next_cursor: 'n' } }).next).toBeNull();
  });

  it('tells the newest change among a page\'s orders, whichever form the page was read in (none for an empty page)', () => {
    const orders = syntheticOrders(4, 2).map((o, k) => ({ ...o, updated_at: ['2026-11-02T00:00:00.000Z', '2026-11-05T03:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-04T00:00:00.000Z'][k]! }));
    const body = { data: orders, meta: { total: 4, limit: 1000, next_cursor: null } };
    const scanned = readOrdersPage(new RawPage(new TextEncoder().encode(JSON.stringify(body))));
    expect('rows' in scanned).toBe(true);
    expect(newestChangeIn(scanned)).toBe('2026-11-05T03:00:00.000Z');
    expect(newestChangeIn(readOrdersBatch(body))).toBe('2026-11-05T03:00:00.000Z');
    expect(newestChangeIn(readOrdersBatch({ data: [], meta: { total: 0, limit: 1000, next_cursor: null } }))).toBeNull();
  });

  it('refuses a page it does not understand, saying where (never the data itself)', () => {
    const [order] = syntheticOrders(1, 2);
    const bad = { data: [{ ...order, paid_amount: 'a lot' }], meta: { total: 1, limit: 1000, next_cursor: null } };
    expect(() => readOrdersBatch(bad)).toThrow(expect.objectContaining({ code: 'bad_response', message: expect.stringContaining('data.0.paid_amount') }));
    expect(() => readOrdersBatch(bad)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('a lot') }));
    const unknownState = { data: [{ ...order, state: 'chargeback' }], meta: { total: 1, limit: 1000, next_cursor: null } };
    expect(() => readOrdersBatch(unknownState)).toThrow(expect.objectContaining({ code: 'bad_response', message: expect.stringContaining('data.0.state') }));
    expect(() => readOrdersBatch({ data: [] })).toThrow(expect.objectContaining({ code: 'bad_response' }));
  });
});

describe('the slices of a first sync (orders feed)', () => {
  /** A platform of 5,000 orders paid through 2026 (1,000 never paid), answering each one-order question when told to. */
  const platform = () => {
    const asked: PageRequest[] = [];
    const held: (() => void)[] = [];
    const ask = (request: PageRequest) => {
      asked.push(request);
      const { sort, state, paid_from: from, paid_to: to } = request.query as Record<string, string | undefined>;
      const count = state ? 1000 : from || to ? 500 : 5000;
      const paidAt = sort === '-paid_at' ? '2026-12-31T00:00:00.000Z' : '2026-01-01T00:00:00.000Z';
      return new Promise<unknown>((resolve) => held.push(() => resolve({ data: [{ ...platformOrder, paid_at: paidAt }], meta: { total: count, limit: 1, next_cursor: null } })));
    };
    const answerAll = async () => {
      while (held.length) held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { asked, ask, answerAll };
  };

  it('asks for the first and last paid time while the count of all orders is still on its way, then slices without counting the slices', async () => {
    const { asked, ask, answerAll } = platform();
    let count!: (n: number) => void;
    const walks = allOrdersWalks('acc', new Promise<number>((resolve) => (count = resolve)), ask);
    await answerAll();
    // Both bounds were asked for before the count came; the slices' sizes come with their first pages (the engine's).
    expect(asked.map((r) => r.query.sort)).toEqual(['paid_at', '-paid_at']);
    count(5000);
    await answerAll();
    const planned = await walks;
    expect(asked).toHaveLength(2);
    expect(planned).toHaveLength(9);
    expect(planned.filter((w) => w.mayLose).map((w) => w.first.query.state)).toEqual(['not_paid,expired,failed,manual_enrolled']);
    // Paid-time slices that meet end to end, the first and the last open-ended.
    const paid = planned.filter((w) => !w.mayLose).map((w) => w.first.query as Record<string, string | undefined>);
    expect(paid[0]!.paid_from).toBeUndefined();
    expect(paid.at(-1)!.paid_to).toBeUndefined();
    for (let k = 1; k < paid.length; k++) expect(paid[k]!.paid_from).toBe(paid[k - 1]!.paid_to);
    expect(planned.every((w) => w.first.query.limit === 1000)).toBe(true);
  });

  it('asks for the first and last paid time one order each, the slices planned once the count comes', async () => {
    const { asked, ask, answerAll } = platform();
    let count!: (n: number) => void;
    const walks = allOrdersWalks('acc', new Promise<number>((resolve) => (count = resolve)), ask);
    await answerAll();
    expect(asked.map((r) => [r.query.sort, r.query.limit])).toEqual([['paid_at', 1], ['-paid_at', 1]]);
    count(5000);
    await answerAll();
    expect(await walks).toHaveLength(9);
  });

  it('walks the whole list when one page holds every order', async () => {
    const { ask, answerAll } = platform();
    const walks = allOrdersWalks('acc', 1000, ask);
    await answerAll();
    expect((await walks).map((w) => w.first.query)).toEqual([changedOrdersWalk('acc').first.query]);
  });
});

describe('orders the main process reads (orders-platform.ts)', () => {
  /** A caller that records what it was asked and answers platform payloads, parsed by the schema it was given (as the API client does). */
  function fakeCaller(answer: (operation: OperationId, args: CallArgs) => unknown) {
    const asked: { operation: OperationId; args: CallArgs }[] = [];
    const caller = {
      async call<S extends z.ZodType>(_a: string, operation: OperationId, schema: S, args: CallArgs = {}): Promise<z.output<S>> {
        asked.push({ operation, args });
        return schema.parse(answer(operation, args));
      },
      async paginate<S extends z.ZodType>(_a: string, operation: OperationId, item: S, args: CallArgs = {}): Promise<z.output<S>[]> {
        asked.push({ operation, args });
        return (answer(operation, args) as unknown[]).map((x) => item.parse(x));
      },
    } as unknown as PlatformCaller;
    return { caller, asked };
  }

  it('one order: getOrder by id, as the app\'s Order', async () => {
    const { caller, asked } = fakeCaller(() => platformOrder);
    expect(await readOrder(caller, 'acc', 'ord_9')).toEqual(toOrder(platformOrder));
    expect(asked).toEqual([{ operation: 'getOrder', args: { path: { order_id: 'ord_9' } } }]);
  });

  it("a course's orders: one page of listOrders for the course, newest paid first, with the cursor to go on", async () => {
    const { caller, asked } = fakeCaller(() => ({ data: [platformOrder], meta: { total: 51, limit: 50, next_cursor: 'c50' } }));
    expect(await readCourseOrders(caller, 'acc', { courseId: 'course_2', limit: 50, cursor: 'c0' })).toEqual({ rows: [toOrder(platformOrder)], total: 51, nextCursor: 'c50' });
    expect(asked[0]).toEqual({ operation: 'listOrders', args: { query: { course_id: 'course_2', limit: 50, cursor: 'c0', sort: '-paid_at' } } });
  });

  it('the orders changed since a time (notifications): listOrders by updated_since, as the app\'s orders', async () => {
    const { caller, asked } = fakeCaller(() => [platformOrder]);
    expect(await readOrdersChangedSince(caller, 'acc', '2026-03-01T00:00:00Z')).toEqual([toOrder(platformOrder)]);
    expect(asked[0]!.operation).toBe('listOrders');
    expect(asked[0]!.args.query).toMatchObject({ updated_since: '2026-03-01T00:00:00Z', sort: 'updated_at' });
  });
});
