import { describe, expect, it } from 'vitest';
import type { Order, Page } from '../../../shared/platform/resources';
import { recordOrderEvent } from '../../sandbox/order-events';
import { harness, NOW } from './helpers';

describe('GET /orders', () => {
  const h = harness({ orders: 3000 });
  const school = h.platform.schools[0]!.id;
  const data = h.platform.data.get(school)!;
  const everything: Order[] = Array.from({ length: data.orders.count }, (_, i) => data.orders.materialize(i, data.catalog, data.students));

  const keyOf = (o: Order, field: string): number | null =>
    field === 'paid_amount' ? o.paid_amount : (o[field as 'paid_at' | 'created_at' | 'updated_at'] === null ? null : Date.parse(o[field as 'paid_at']!));

  function expectSorted(items: Order[], sort: string): void {
    const field = sort.replace('-', '');
    const direction = sort.startsWith('-') ? -1 : 1;
    let sawNull = false;
    let problem: string | null = null;
    for (let k = 1; k < items.length && problem === null; k++) {
      const a = keyOf(items[k - 1]!, field);
      const b = keyOf(items[k]!, field);
      if (a === null) sawNull = true;
      if (sawNull && b !== null) problem = `${sort}: ${items[k]!.id} has ${field} after orders without one`;
      else if (!sawNull && b !== null && direction * (b - a!) < 0) problem = `${sort}: ${items[k - 1]!.id} before ${items[k]!.id}`;
    }
    expect(problem).toBeNull();
  }

  it('walks every page of every sort exactly once, in order, with meta.total orders', async () => {
    for (const sort of ['paid_at', '-paid_at', 'created_at', '-created_at', 'paid_amount', '-paid_amount', 'updated_at', '-updated_at']) {
      const { items, total, pages } = await h.all<Order>('listOrders', { school, query: { sort, limit: '250' } });
      expect(total).toBe(data.orders.count);
      expect(items.length).toBe(total);
      expect(new Set(items.map((o) => o.id)).size).toBe(total);
      expect(pages).toBe(Math.ceil(total / 250));
      expectSorted(items, sort);
    }
  });

  it('defaults to newest first, 100 per page', async () => {
    const page = (await h.call('listOrders', { school })).body as Page<Order>;
    expect(page.meta.limit).toBe(100);
    expect(page.data.length).toBe(100);
    expect(page.data[0]!.id).toBe(data.orders.id(data.orders.count - 1));
    expectSorted(page.data, '-created_at');
  });

  it('applies each filter exactly as a brute-force scan of all orders does', async () => {
    const coupon = everything.find((o) => o.coupon)!.coupon!.code;
    const course = everything.find((o) => o.items.some((i) => i.course_id))!.items.find((i) => i.course_id)!.course_id!;
    const buyer = everything[17]!.buyer;
    const cases: [Record<string, string>, (o: Order) => boolean][] = [
      [{ state: 'refunded,refunding' }, (o) => o.state === 'refunded' || o.state === 'refunding'],
      [{ paid_from: '2026-01-01T00:00:00Z', paid_to: '2026-03-01T00:00:00-05:00' }, (o) => o.paid_at !== null && Date.parse(o.paid_at) >= Date.parse('2026-01-01T00:00:00Z') && Date.parse(o.paid_at) < Date.parse('2026-03-01T05:00:00Z')],
      [{ updated_since: '2026-10-15' }, (o) => Date.parse(o.updated_at) >= Date.parse('2026-10-15T00:00:00Z')],
      [{ course_id: course }, (o) => o.items.some((i) => i.course_id === course)],
      [{ coupon: coupon.toLowerCase() }, (o) => o.coupon?.code === coupon],
      [{ currency: 'EUR' }, (o) => o.currency === 'EUR'],
      [{ currency: 'GBP' }, () => false],
      [{ q: buyer.email.toUpperCase() }, (o) => o.buyer.email === buyer.email],
      [{ q: everything[42]!.trade_number }, (o) => o.trade_number === everything[42]!.trade_number],
      [{ state: 'paid', currency: 'USD', paid_from: '2025-06-01T00:00:00Z', sort: '-paid_amount' }, (o) => o.state === 'paid' && o.currency === 'USD' && o.paid_at !== null && Date.parse(o.paid_at) >= Date.parse('2025-06-01T00:00:00Z')],
    ];
    for (const [query, predicate] of cases) {
      const { items, total } = await h.all<Order>('listOrders', { school, query: { ...query, limit: '400' } });
      const expected = everything.filter(predicate);
      expect(total, JSON.stringify(query)).toBe(expected.length);
      expect(new Set(items.map((o) => o.id)), JSON.stringify(query)).toEqual(new Set(expected.map((o) => o.id)));
      expectSorted(items, query.sort ?? '-created_at');
    }
  });

  it('refuses a cursor used with another query, and bad parameters, naming the parameter', async () => {
    const first = (await h.call('listOrders', { school, query: { state: 'paid', limit: '10' } })).body as Page<Order>;
    const cursor = first.meta.next_cursor!;
    const next = (await h.call('listOrders', { school, query: { state: 'paid', limit: '20', cursor } })).body as Page<Order>;
    expect(next.data[0]!.id).not.toBe(first.data[0]!.id);
    const mixed = await h.fails('listOrders', { school, query: { state: 'refunded', cursor } });
    expect(mixed).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(mixed.message).toContain('cursor');
    const otherSchool = await h.fails('listOrders', { school: h.platform.schools[1]!.id, query: { state: 'paid', cursor } });
    expect(otherSchool.status).toBe(400);
    const bad: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit'], [{ limit: '1001' }, 'limit'], [{ limit: 'ten' }, 'limit'], [{ sort: 'amount' }, 'sort'],
      [{ state: 'paid,lost' }, 'state'], [{ paid_from: 'yesterday' }, 'paid_from'], [{ paid_to: '2026-13-45T00:00:00Z' }, 'paid_to'],
      [{ updated_since: '2026-01-01T00:00:00' }, 'updated_since'], [{ currency: 'usd' }, 'currency'], [{ course_id: 'crs_9_9' }, 'course_id'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
    ];
    for (const [query, name] of bad) {
      const error = await h.fails('listOrders', { school, query });
      expect(error.status, JSON.stringify(query)).toBe(400);
      expect(error.message, JSON.stringify(query)).toContain(name);
    }
  });

  it('pages a limit of 1000 and ends with a null cursor', async () => {
    const { pages, items } = await h.all<Order>('listOrders', { school, query: { limit: '1000' } });
    expect(pages).toBe(Math.ceil(data.orders.count / 1000));
    expect(items.length).toBe(data.orders.count);
  });

  it('pages many distinct queries interleaved (more than it caches) each exactly once', async () => {
    const queries = ['paid_at', '-paid_at', 'created_at', 'paid_amount', '-paid_amount', 'updated_at', '-updated_at', '-created_at'].map((sort, k) => ({ sort, state: k % 2 ? 'paid' : 'paid,refunded', limit: '300' }));
    const cursors: (string | null | undefined)[] = queries.map(() => undefined);
    const seen = queries.map(() => [] as Order[]);
    while (cursors.some((c) => c !== null)) {
      for (let k = 0; k < queries.length; k++) {
        if (cursors[k] === null) continue;
        const query: Record<string, string> = { ...queries[k]! };
        if (cursors[k]) query.cursor = cursors[k]!;
        const page = (await h.call('listOrders', { school, query })).body as Page<Order>;
        seen[k]!.push(...page.data);
        cursors[k] = page.meta.next_cursor;
      }
    }
    queries.forEach((q, k) => {
      const expected = everything.filter((o) => q.state.split(',').includes(o.state));
      expect(new Set(seen[k]!.map((o) => o.id))).toEqual(new Set(expected.map((o) => o.id)));
      expect(seen[k]!.length).toBe(expected.length);
      expectSorted(seen[k]!, q.sort);
    });
  });

  it('answers from its sorted lists exactly as a scan does after orders are created, paid, failed and refunded (times with milliseconds)', async () => {
    const changed = harness({ orders: 3000, clock: () => NOW.getTime() + 3_600_250 });
    const id = changed.platform.schools[0]!.id;
    const store = changed.platform.data.get(id)!;
    const at = (iso: string) => ({ school_id: id, at: iso });
    const paidOnce = store.orders.id(Array.from({ length: 200 }, (_, i) => 200 + i).find((i) => store.orders.state[i] === 1)!);
    recordOrderEvent(changed.platform, { kind: 'refund', order_id: paidOnce, ...at('2026-03-01T00:00:00.750Z') });
    recordOrderEvent(changed.platform, { kind: 'create', paid: true, ...at('2026-03-01T00:00:00.250Z') });
    recordOrderEvent(changed.platform, { kind: 'create', ...at('2026-11-21T01:00:00.100Z') });
    recordOrderEvent(changed.platform, { kind: 'pay', ...at('2026-11-21T01:00:00.900Z') });
    recordOrderEvent(changed.platform, { kind: 'payment_failed', school_id: id });
    recordOrderEvent(changed.platform, { kind: 'refund', school_id: id });
    const all = Array.from({ length: store.orders.count }, (_, i) => store.orders.materialize(i, store.catalog, store.students));
    const time = (iso: string | null) => (iso === null ? NaN : Date.parse(iso));
    const cases: [Record<string, string>, (o: Order) => boolean][] = [
      [{ paid_from: '2026-03-01T00:00:00.500Z' }, (o) => time(o.paid_at) >= time('2026-03-01T00:00:00.500Z')],
      [{ paid_from: '2026-02-01T00:00:00Z', paid_to: '2026-03-01T00:00:00.500Z' }, (o) => time(o.paid_at) >= time('2026-02-01T00:00:00Z') && time(o.paid_at) < time('2026-03-01T00:00:00.500Z')],
      [{ paid_to: '2025-01-01T00:00:00Z', sort: '-created_at' }, (o) => time(o.paid_at) < time('2025-01-01T00:00:00Z')],
      [{ updated_since: '2026-03-01T00:00:00.500Z' }, (o) => time(o.updated_at) >= time('2026-03-01T00:00:00.500Z')],
      [{ state: 'not_paid,expired,failed,manual_enrolled' }, (o) => ['not_paid', 'expired', 'failed', 'manual_enrolled'].includes(o.state)],
      [{ state: 'refunded', updated_since: '2026-01-01T00:00:00Z', sort: '-created_at' }, (o) => o.state === 'refunded' && time(o.updated_at) >= time('2026-01-01T00:00:00Z')],
      [{ state: 'paid', paid_from: '2026-11-21T01:00:00.500Z' }, (o) => o.state === 'paid' && time(o.paid_at) >= time('2026-11-21T01:00:00.500Z')],
    ];
    for (const [query, predicate] of cases) {
      const sort = query.sort ?? 'created_at';
      const { items, total } = await changed.all<Order>('listOrders', { school: id, query: { sort, ...query, limit: '700' } });
      const expected = all.filter(predicate).map((o) => o.id);
      if (sort.startsWith('-')) expected.reverse();
      expect(total, JSON.stringify(query)).toBe(expected.length);
      expect(items.map((o) => o.id), JSON.stringify(query)).toEqual(expected);
    }
    for (const sort of ['paid_at', '-updated_at', 'paid_amount']) {
      const { items } = await changed.all<Order>('listOrders', { school: id, query: { sort, limit: '1000' } });
      expect(new Set(items.map((o) => o.id)).size).toBe(all.length);
      expectSorted(items, sort);
    }
  });
});
