// Each source of the palette's search over the real stores it reads: the orders through the real OrdersEngine
// (in-process; the worker runs the same object) from memory and from its sealed snapshot with the platform
// gone, never asking the platform; courses and coupons from a real encrypted QueryCache, the newest kept list.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineHost } from '../../../electron/services/engine/worker/orders-engine';
import { OrdersEngine } from '../../../electron/services/engine/worker/orders-engine';
import type { EngineArgs, EngineMethod, EngineResult } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { memoryLogger } from '../../../electron/services/log';
import { CACHE_KEYS } from '../../../electron/services/data/cache-keys';
import { searchAll } from '../../../electron/services/search/search-service';
import type { SearchSource } from '../../../electron/services/search/search-source';
import { COUPONS_CACHE_INPUT } from '../../../electron/services/money/handlers';
import { couponsSource } from '../../../electron/services/search/sources/coupons-source';
import { coursesSource } from '../../../electron/services/search/sources/courses-source';
import { ordersSource } from '../../../electron/services/search/sources/orders-source';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { cacheKey, QueryCache } from '../../../electron/services/store/query-cache';
import { AppError } from '../../../shared/errors';
import { setUiLocale } from '../../../shared/i18n/i18n';
import type { CouponView } from '../../../shared/model/money';
import type { Order } from '../../../shared/platform/resources';
import { syntheticOrders } from '../data/synthetic-orders';

const SCHOOL = 'https://school.example.test#admin-1';
let dir: string;
let pagesServed: number;
let offline: boolean;
const orders: Order[] = syntheticOrders(3000, 9);
const key = randomBytes(32);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palette-sources-'));
  pagesServed = 0;
  offline = false;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function ordersEngine(): OrdersEngine {
  const host: EngineHost = {
    page: async (request) => {
      if (offline) throw new AppError('offline', 'The platform cannot be reached.');
      pagesServed++;
      const start = Number(request.query.cursor ?? 0);
      const limit = Number(request.query.limit);
      return { data: orders.slice(start, start + limit), meta: { total: orders.length, limit, next_cursor: start + limit < orders.length ? String(start + limit) : null } };
    },
    emit: () => undefined,
    reachable: () => undefined,
    key: () => key,
    logger: memoryLogger(),
  };
  return new OrdersEngine(host, new SnapshotStore({ dir: join(dir, 'engine') }));
}

/** The engine as the orders source sees it through EngineClient.call. */
function asClient(engine: OrdersEngine) {
  const api = engine.api() as unknown as Record<EngineMethod, (args: unknown) => Promise<unknown>>;
  return { call: <M extends EngineMethod>(method: M, args: EngineArgs<M>) => api[method](args) as Promise<EngineResult<M>> };
}

describe('orders source', () => {
  it('nothing synced: says so, and asks the platform nothing', async () => {
    const found = await ordersSource(asClient(ordersEngine())).search(SCHOOL, { text: orders[0]!.trade_number, limit: 5 });
    expect(found.report).toEqual({ kind: 'order', state: 'not_saved', fetchedAt: null, records: null });
    expect(pagesServed).toBe(0);
  });

  it('finds a synced order by trade number and by buyer email, in the app model; offline from the snapshot after a restart', async () => {
    const first = ordersEngine();
    const loaded = await first.load(SCHOOL, 'full');
    await first.idle();
    const target = orders[2345]!;
    const online = await ordersSource(asClient(first)).search(SCHOOL, { text: target.trade_number, limit: 5 });
    expect(online.hits[0]).toEqual({
      kind: 'order', id: target.id, title: target.trade_number, subtitle: expect.stringContaining(target.buyer.email), match: 'exact', at: target.paid_at ?? target.created_at,
    });
    expect(online.report).toMatchObject({ state: 'ok', fetchedAt: loaded.fetchedAt, records: orders.length });

    offline = true;
    const served = pagesServed;
    const restarted = ordersSource(asClient(ordersEngine())); // a new process: only the sealed snapshot
    const byEmail = await restarted.search(SCHOOL, { text: target.buyer.email, limit: 5 });
    expect(byEmail.hits[0]).toMatchObject({ id: expect.any(String), match: 'exact' });
    expect(byEmail.hits.every((h) => h.subtitle.includes(target.buyer.email))).toBe(true);
    expect(byEmail.report).toMatchObject({ state: 'ok', fetchedAt: loaded.fetchedAt });
    expect(pagesServed).toBe(served);
  });
});

describe('courses and coupons sources', () => {
  let cache: QueryCache;
  beforeEach(async () => {
    const cipher = await KeyFileCipher.open(join(dir, 'keys'));
    let clock = 1000;
    cache = new QueryCache({ dir: join(dir, 'query-cache'), cipher, appVersion: '1', logger: memoryLogger(), now: () => ++clock });
  });

  const course = (id: string, title: string, state: 'draft' | 'published' | 'hidden', publishedAt: string | null) => ({
    id, title, slug: id, state, categories: ['Design'], tags: [], lecturerIds: [], pricingPlans: [], createdAt: '2026-01-01T00:00:00Z', publishedAt,
    sectionsCount: 1, lecturesCount: 1, updatedAt: null, revenue: [],
  });

  it('courses: not saved until a list is kept; then the newest kept list, whatever its range or method', async () => {
    const source = coursesSource(cache);
    expect((await source.search(SCHOOL, { text: 'design', limit: 5 })).report.state).toBe('not_saved');
    // A list an older app kept in the platform's shape, under the method's plain name, is not read.
    await cache.put(SCHOOL, cacheKey('data.courses.list', { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }), '2026-11-19T10:00:00.000Z', [
      { courses: [{ id: 'c0', title: 'Design Legacy', state: 'published', categories: [], created_at: '2026-01-01T00:00:00Z', published_at: null }] },
    ]);
    expect((await source.search(SCHOOL, { text: 'design', limit: 5 })).report.state).toBe('not_saved');

    await cache.put(SCHOOL, cacheKey(CACHE_KEYS.courseList, { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }), '2026-11-20T10:00:00.000Z', [
      { range: {}, courses: [course('c1', 'Design Basics', 'published', '2026-03-01T00:00:00Z'), course('c2', 'Web Design Pro', 'published', '2026-06-01T00:00:00Z'), course('c3', 'Photography', 'draft', null)], facets: {} },
    ]);
    const found = await source.search(SCHOOL, { text: 'DESIGN', limit: 5 });
    expect(found.hits.map((h) => [h.title, h.match])).toEqual([['Design Basics', 'prefix'], ['Web Design Pro', 'word']]);
    expect(found.hits[0]).toMatchObject({ kind: 'course', id: 'c1', subtitle: 'Published · Design', at: '2026-03-01T00:00:00Z' });
    expect(found.report).toEqual({ kind: 'course', state: 'ok', fetchedAt: '2026-11-20T10:00:00.000Z', records: 3 });

    // A newer title list (the Orders filters') wins.
    await cache.put(SCHOOL, cacheKey('data.orders.courseTitles', {}), '2026-11-21T10:00:00.000Z', [[['c9', 'Design Systems']]]);
    const newer = await source.search(SCHOOL, { text: 'design', limit: 5 });
    expect(newer.hits.map((h) => h.id)).toEqual(['c9']);
    expect(newer.report.fetchedAt).toBe('2026-11-21T10:00:00.000Z');

    // The Courses page's list as it is kept now, in the app's model (under its own key), newer still.
    const appCourse = { id: 'c4', title: 'Design Thinking', slug: 'c4', state: 'published', categories: ['Strategy'], tags: [], lecturerIds: [], pricingPlans: [], createdAt: '2026-01-01T00:00:00Z', publishedAt: '2026-04-01T00:00:00Z' };
    await cache.put(SCHOOL, cacheKey(CACHE_KEYS.courseList, { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }), '2026-11-22T10:00:00.000Z', [{ range: {}, courses: [appCourse], facets: {} }]);
    const kept = await source.search(SCHOOL, { text: 'design', limit: 5 });
    expect(kept.hits).toEqual([{ kind: 'course', id: 'c4', title: 'Design Thinking', subtitle: 'Published · Strategy', match: 'prefix', at: '2026-04-01T00:00:00Z' }]);
  });

  it('coupons: by code, from the app-model list kept for the Coupons page; a kept answer of another shape (the platform\'s coupons an older app kept) counts as not saved', async () => {
    const source = couponsSource(cache);
    const coupon = (id: string, code: string, state: 'active' | 'disabled'): CouponView => ({
      id, code, discount: { kind: 'percent', percentOff: 20 }, startsAt: '2026-01-01T00:00:00Z', endsAt: null, usageLimit: null, perBuyerLimit: null,
      courseIds: [], redemptions: 3, state, updatedAt: '2026-01-02T00:00:00Z',
    });
    await cache.put(SCHOOL, cacheKey('money.coupons', COUPONS_CACHE_INPUT), '2026-11-22T08:00:00.000Z', [{ coupons: [coupon('k1', 'SPRING20', 'active'), coupon('k2', 'WINTER', 'disabled')], currency: 'USD', courses: [] }]);
    const found = await source.search(SCHOOL, { text: 'spring', limit: 5 });
    expect(found.hits).toEqual([{ kind: 'coupon', id: 'k1', title: 'SPRING20', subtitle: 'Active · 20% off · used 3×', match: 'prefix', at: '2026-01-01T00:00:00Z' }]);
    // Phrased when asked, in the UI language of that moment.
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    try {
      expect((await source.search(SCHOOL, { text: 'spring', limit: 5 })).hits[0]!.subtitle).toBe('使用中 · 8 折 · 已使用 3 次');
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }

    const platformCoupon = {
      id: 'k1', code: 'SPRING20', kind: 'percent', percent_off: 20, amount_off: null, currency: null, starts_at: '2026-01-01T00:00:00Z', ends_at: null, usage_limit: null,
      redemptions: 3, state: 'active', course_ids: [], updated_at: '2026-01-02T00:00:00Z',
    };
    await cache.put(SCHOOL, cacheKey('money.coupons', {}), '2026-11-22T09:00:00.000Z', [{ coupons: [platformCoupon], currency: 'USD', courses: [] }]);
    expect((await source.search(SCHOOL, { text: 'spring', limit: 5 })).report.state).toBe('not_saved');

    await cache.put(SCHOOL, cacheKey('money.coupons', COUPONS_CACHE_INPUT), '2026-11-22T10:00:00.000Z', [{ something: 'else' }]);
    expect((await source.search(SCHOOL, { text: 'spring', limit: 5 })).report.state).toBe('not_saved');
  });
});

describe('searchAll', () => {
  it('groups best first, reports every source, and a failing source does not sink the others', async () => {
    const failing: SearchSource = { kind: 'student', search: () => Promise.reject(new Error('boom')) };
    const found: SearchSource = {
      kind: 'course',
      search: async () => ({ hits: [{ kind: 'course', id: 'c', title: 'Orders 101', subtitle: '', match: 'prefix', at: null }], total: 1, report: { kind: 'course', state: 'ok', fetchedAt: null, records: 1 } }),
    };
    const logger = memoryLogger();
    const answer = await searchAll([failing, found], SCHOOL, 'orders', 5, logger);
    expect(answer.groups.map((g) => g.kind)).toEqual(['course']);
    expect(answer.sources.map((s) => [s.kind, s.state])).toEqual([['student', 'failed'], ['course', 'ok']]);
  });
});
