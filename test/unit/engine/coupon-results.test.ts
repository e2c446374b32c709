// What each coupon brought (the Coupons page), computed by the data engine from its order columns: the same
// figures as the definition over the platform's order objects (docs/writes.md, "Coupons"), on a small hand-made
// list and on random data; and, through the app's wiring (data service + money handlers, the real worker), the
// Coupons page at 100,000 orders does no order work on the main thread.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallArgs, PlatformCaller } from '../../../electron/services/api/platform-caller';
import { createDataService } from '../../../electron/services/data/handlers';
import { couponResults } from '../../../electron/services/engine/worker/coupon-results';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { memoryLogger } from '../../../electron/services/log';
import { createMoneyHandlers } from '../../../electron/services/money/handlers';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { METHODS } from '../../../shared/ipc';
import type { CouponCurrencyResult } from '../../../shared/model/money';
import type { OperationId } from '../../../shared/platform/endpoints';
import type { Order } from '../../../shared/model/orders';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { StandInPlatform } from '../../bench/engine';
import { standInPage } from '../../bench/stand-in-pages';
import { prng, syntheticAppOrders } from '../data/synthetic-orders';

/** The definition, over order objects: per coupon and currency, the sale orders (paid, refunding, refunded). */
function bruteForce(orders: readonly Order[]): Map<string, CouponCurrencyResult[]> {
  const by = new Map<string, Map<string, CouponCurrencyResult>>();
  for (const o of orders) {
    if (!o.coupon || !['paid', 'refunding', 'refunded'].includes(o.state)) continue;
    const perCurrency = by.get(o.coupon.id) ?? new Map<string, CouponCurrencyResult>();
    by.set(o.coupon.id, perCurrency);
    const r = perCurrency.get(o.currency) ?? { currency: o.currency, orders: 0, gross: 0, discount: 0, refunded: 0, net: 0 };
    perCurrency.set(o.currency, r);
    r.orders += 1;
    r.gross += o.originalAmount;
    r.discount += o.discountAmount;
    r.refunded += o.refundedAmount;
    r.net += o.paidAmount - o.refundedAmount;
  }
  return new Map([...by].map(([id, m]) => [id, [...m.values()].sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency))]));
}

describe('coupon results from the order columns', () => {
  it('adds the sale orders that used each coupon per currency (largest net first), never across currencies, and ignores the rest', () => {
    const base = syntheticAppOrders(6, 1)[0]!;
    const order = (id: string, couponId: string | null, state: Order['state'], currency: string, original: number, discount: number, paid: number, refunded: number): Order =>
      ({ ...base, id, state, currency, originalAmount: original, discountAmount: discount, paidAmount: paid, refundedAmount: refunded, coupon: couponId ? { id: couponId, code: couponId.toUpperCase() } : null });
    const results = couponResults(columnsOf([
      order('1', 'c1', 'paid', 'USD', 1000, 100, 900, 0),
      order('2', 'c1', 'refunded', 'USD', 2000, 200, 1800, 1800),
      order('3', 'c1', 'paid', 'EUR', 500, 50, 450, 0),
      order('4', 'c1', 'notPaid', 'USD', 9999, 999, 0, 0),
      order('5', null, 'paid', 'USD', 100, 0, 100, 0),
      order('6', 'c2', 'refunding', 'USD', 300, 30, 270, 0),
    ]));
    const byCoupon = new Map(results.byCoupon);
    expect(byCoupon.get('c1')).toEqual([
      { currency: 'USD', orders: 2, gross: 3000, discount: 300, refunded: 1800, net: 900 },
      { currency: 'EUR', orders: 1, gross: 500, discount: 50, refunded: 0, net: 450 },
    ]);
    expect(byCoupon.get('c2')).toEqual([{ currency: 'USD', orders: 1, gross: 300, discount: 30, refunded: 0, net: 270 }]);
    expect(byCoupon.has('c3')).toBe(false);
    expect(results.ordersCounted).toBe(6);
    expect(results.currencies).toEqual(['EUR', 'USD']);
  });

  it('agrees with the definition over the order objects on random schools', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = prng(seed * 7);
      // Many coupons (ids unrelated to codes), every state, four currencies, some orders without a coupon.
      const orders = syntheticAppOrders(5000 + seed * 1000, seed).map((o) =>
        random() < 0.6 ? { ...o, coupon: { id: `cp_${Math.floor(random() * 300)}`, code: `CODE${Math.floor(random() * 50)}` } } : o,
      );
      const results = couponResults(columnsOf(orders));
      const expected = bruteForce(orders);
      expect(new Map(results.byCoupon), `seed ${seed}`).toEqual(expected);
      expect(expected.size).toBeGreaterThan(100);
      expect(results.ordersCounted).toBe(orders.length);
      expect(results.currencies).toEqual([...new Set(orders.map((o) => o.currency))].sort());
    }
  });
});

const SCHOOL = 'https://school.example.test#admin-1';
const COUNT = 100_000;

/** The bench's stand-in platform (orders as JSON bytes made in a thread of its own), plus the few calls the Coupons page makes. */
class CouponsPlatform implements PlatformCaller {
  constructor(readonly orders: StandInPlatform) {}
  callBytes(accountId: string, operation: OperationId, args?: CallArgs): Promise<Uint8Array> {
    return this.orders.callBytes(accountId, operation, args);
  }
  async call<S extends z.ZodType>(accountId: string, operation: OperationId, schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    if (operation === 'getSchool') return { id: 'sch_1', name: 'School', subdomain: 'school', url: 'https://school.example.test', currency: 'TWD', time_zone: 'Asia/Taipei', created_at: '2024-01-01T00:00:00Z' } as z.output<S>;
    return this.orders.call(accountId, operation, schema, args);
  }
  async paginate<S extends z.ZodType>(_accountId: string, operation: OperationId): Promise<z.output<S>[]> {
    if (operation === 'listCourses') return [{ id: 'course_1', title: 'Course 1' }] as z.output<S>[];
    if (operation === 'listCoupons') {
      return ['spring10', 'vip', 'welcome', 'unused'].map((code) => ({
        id: `cp_${code}`, code: code.toUpperCase(), kind: 'percent', percent_off: 10, amount_off: null, currency: null, starts_at: '2024-01-01T00:00:00Z',
        ends_at: null, usage_limit: null, redemptions: 0, state: 'active',
      })) as z.output<S>[];
    }
    throw new Error(`the stand-in platform does not page ${operation}`);
  }
}

describe('the Coupons page at 100,000 orders', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coupons-engine-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  });

  it('gets its results from the engine: no order page parsed, indexed or counted on the main thread', { timeout: 180_000 }, async () => {
    const orders = new StandInPlatform(COUNT);
    const caller = new CouponsPlatform(orders);
    const cipher = await KeyFileCipher.open(join(dir, 'keys'));
    const noop = () => undefined;
    const data = createDataService({ caller, cipher, dataDir: dir, logger: memoryLogger(), emit: noop, onAccountRemoved: noop, appVersion: '1.0.0' });
    const money = createMoneyHandlers({ caller, cache: data.cache, engine: data.engine, emit: noop, logger: memoryLogger() });
    const engineCalls = vi.spyOn(data.engine, 'call');
    try {
      await data.handlers['data.orders.load']({ accountId: SCHOOL, mode: 'full' }, { signal: new AbortController().signal });
      await data.idle();
      engineCalls.mockClear();
      const cpu = process.threadCpuUsage();
      const answer = METHODS['money.coupons'].output.parse(await money['money.coupons']({ accountId: SCHOOL }, { signal: new AbortController().signal }));
      const used = process.threadCpuUsage(cpu);

      // The figures are the definition's over every order the platform has.
      const all: Order[] = [];
      for (let start = 0; start < COUNT; start += 1000) all.push(...standInPage(COUNT, start, 1000).data.map(toOrder));
      const expected = bruteForce(all);
      expect(answer.data.ordersCounted).toBe(COUNT);
      for (const coupon of answer.data.coupons) expect(coupon.results, coupon.code).toEqual(expected.get(coupon.id) ?? []);
      expect(answer.data.coupons.find((c) => c.code === 'VIP')!.results.length).toBeGreaterThan(0);
      expect(answer.data.currencies).toEqual([...new Set(['TWD', ...all.map((o) => o.currency)])].sort());

      // They came from the worker, in one call; the main thread never parsed an order page, and spent next to
      // nothing (parsing and counting 100,000 orders here takes seconds of this thread's CPU).
      expect(engineCalls.mock.calls.map(([method]) => method)).toEqual(['orders.couponResults']);
      expect(orders.parsedPages).toBe(0);
      expect((used.user + used.system) / 1000).toBeLessThan(300);
    } finally {
      engineCalls.mockRestore();
      data.close();
      await orders.close();
    }
  });
});
