// What each coupon brought (the Coupons page), computed by the data engine from its order columns: the figures
// oracle's (test/support/figures-oracle.ts, over the platform's raw orders; docs/business-api.md, "Coupons"), all
// time and for ranges of paid time, on a small hand-made list and on random data; and, through the app's wiring
// (data service + money handlers, the real worker), the Coupons page at 100,000 orders does no order work on the
// main thread (no page parsed there, one call to the worker).
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
import type { Order as RawOrder } from '../../../shared/platform/resources';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import * as oracle from '../../support/figures-oracle';
import { StandInPlatform } from '../../bench/engine';
import { standInPage } from '../../bench/stand-in-pages';
import { prng, syntheticAppOrders, syntheticOrders } from '../data/synthetic-orders';

/** The oracle's figures of every coupon the raw orders name, in the engine's order (largest net first). */
function expectedResults(orders: readonly RawOrder[], range: { from: number; to: number }): Map<string, CouponCurrencyResult[]> {
  const ids = [...new Set(orders.flatMap((o) => (o.coupon ? [o.coupon.coupon_id] : [])))];
  const out = new Map<string, CouponCurrencyResult[]>();
  for (const id of ids) {
    const figures = oracle.couponFigures(orders, id, range).map(({ redemptions, ...f }) => ({ ...f, orders: redemptions }));
    if (figures.length > 0) out.set(id, figures.sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency)));
  }
  return out;
}
const ALL_TIME = { from: -Infinity, to: Infinity };

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

  it('agrees with the oracle over the raw orders on random schools, all time and for ranges of paid time', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = prng(seed * 7);
      // Many coupons (ids unrelated to codes), every state, four currencies, some orders without a coupon.
      const raw = syntheticOrders(5000 + seed * 1000, seed).map((o) =>
        random() < 0.6 ? { ...o, coupon: { coupon_id: `cp_${Math.floor(random() * 300)}`, code: `CODE${Math.floor(random() * 50)}` } } : o,
      );
      const columns = columnsOf(raw.map(toOrder));
      const results = couponResults(columns);
      const expected = expectedResults(raw, ALL_TIME);
      expect(new Map(results.byCoupon), `seed ${seed}`).toEqual(expected);
      expect(expected.size).toBeGreaterThan(100);
      expect(results.ordersCounted).toBe(raw.length);
      expect(results.currencies).toEqual([...new Set(raw.map((o) => o.currency))].sort());
      const from = Date.UTC(2024, 0, 1) + Math.floor(random() * 500) * 86_400_000;
      const range = { from, to: from + Math.floor(1 + random() * 90) * 86_400_000 };
      const inRange = expectedResults(raw, range);
      expect(new Map(couponResults(columns, range).byCoupon), `seed ${seed} ${JSON.stringify(range)}`).toEqual(inRange);
      expect(inRange.size).toBeGreaterThan(10);
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
      const range = { from: '2024-03-01T00:00:00.000Z', to: '2024-06-01T00:00:00.000Z' };
      const answer = METHODS['money.coupons'].output.parse(await money['money.coupons']({ accountId: SCHOOL, ...range }, { signal: new AbortController().signal }));

      // The figures are the oracle's over every order the platform has, paid in the range.
      const all: RawOrder[] = [];
      for (let start = 0; start < COUNT; start += 1000) all.push(...standInPage(COUNT, start, 1000).data);
      const expected = expectedResults(all, { from: Date.parse(range.from), to: Date.parse(range.to) });
      expect(answer.data.ordersCounted).toBe(COUNT);
      expect(answer.data.range).toEqual(range);
      for (const coupon of answer.data.coupons) expect(coupon.results, coupon.code).toEqual(expected.get(coupon.id) ?? []);
      expect(answer.data.coupons.find((c) => c.code === 'VIP')!.results.length).toBeGreaterThan(0);
      expect(answer.data.currencies).toEqual([...new Set(['TWD', ...all.map((o) => o.currency)])].sort());

      // They came from the worker, in one call; the main thread never parsed an order page.
      expect(engineCalls.mock.calls.map(([method]) => method)).toEqual(['orders.couponResults']);
      expect(orders.parsedPages).toBe(0);
    } finally {
      engineCalls.mockRestore();
      data.close();
      await orders.close();
    }
  });
});
