// The data service's own behaviour (loading, progress, cancel, offline fallback, restart from the encrypted
// snapshot, incremental refresh, export, sign-out) with a stand-in for the engine: a PlatformCaller over an
// in-memory list of orders that can be switched offline. Real sign-in and the sandbox are in
// test/integration/data.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallArgs, PlatformCaller } from '../../../electron/services/api/platform-caller';
import { createDataService } from '../../../electron/services/data/handlers';
import { DownloadSlots } from '../../../electron/services/engine/client/export-destination';
import type { DataService } from '../../../electron/services/data/handlers';
import { memoryLogger } from '../../../electron/services/log';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { cacheKey } from '../../../electron/services/store/query-cache';
import { AppError } from '../../../shared/errors';
import { parseCsv } from '../../../shared/csv';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { EVENTS, METHODS } from '../../../shared/ipc';
import type { OperationId } from '../../../shared/platform/endpoints';
import type { Order } from '../../../shared/platform/resources';
import { syntheticOrders } from './synthetic-orders';
import { orderTotals } from '../../support/figures-oracle';

const ACCOUNT = 'https://school.example.test#admin-1';

class StandInCaller implements PlatformCaller {
  offline = false;
  calls: { operation: OperationId; query: CallArgs['query'] }[] = [];
  constructor(public orders: Order[]) {}

  async call<S extends z.ZodType>(_accountId: string, operation: OperationId, schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    this.calls.push({ operation, query: args.query });
    if (this.offline) throw new AppError('offline', 'The platform cannot be reached.');
    if (operation === 'listOrders') {
      // One page, as the data engine's worker asks for them (cursor = offset here).
      await new Promise((resolve) => setImmediate(resolve));
      if (args.signal?.aborted) throw args.signal.reason;
      if (this.offline) throw new AppError('offline', 'The platform cannot be reached.');
      const since = typeof args.query?.updated_since === 'string' ? Date.parse(args.query.updated_since) : -Infinity;
      const matching = this.orders.filter((o) => Date.parse(o.updated_at) >= since);
      // The newest change first, as the platform's sort=-updated_at (the sync's first question).
      if (args.query?.sort === '-updated_at') matching.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
      const limit = Number(args.query?.limit ?? 100);
      const start = Number(args.query?.cursor ?? 0);
      const next = start + limit < matching.length ? String(start + limit) : null;
      return schema.parse({ data: matching.slice(start, start + limit), meta: { total: matching.length, limit, next_cursor: next } });
    }
    if (operation === 'getOrder') {
      const order = this.orders.find((o) => o.id === args.path?.order_id);
      if (!order) throw new AppError('not_found', 'No such order.');
      return schema.parse(order);
    }
    throw new AppError('not_found', `stand-in does not serve ${operation}`);
  }

  async paginate<S extends z.ZodType>(_accountId: string, operation: OperationId, item: S, args: CallArgs & { onPage?: (loaded: number, total: number) => void } = {}): Promise<z.output<S>[]> {
    this.calls.push({ operation, query: args.query });
    if (operation !== 'listOrders') throw new AppError('not_found', `stand-in does not page ${operation}`);
    const since = typeof args.query?.updated_since === 'string' ? Date.parse(args.query.updated_since) : -Infinity;
    const matching = this.orders.filter((o) => Date.parse(o.updated_at) >= since);
    const limit = Number(args.query?.limit ?? 100);
    const out: z.output<S>[] = [];
    for (let start = 0; start < matching.length || start === 0; start += limit) {
      await new Promise((resolve) => setImmediate(resolve));
      if (args.signal?.aborted) throw args.signal.reason;
      if (this.offline) throw new AppError('offline', 'The platform cannot be reached.');
      for (const order of matching.slice(start, start + limit)) out.push(item.parse(order));
      args.onPage?.(out.length, matching.length);
      if (matching.length === 0) break;
    }
    return out;
  }
}

let dir: string;
let cipher: KeyFileCipher;
let caller: StandInCaller;
let events: { event: EventName; payload: unknown }[];
/** Lets a test act on an event the moment it is emitted (e.g. cancel an export at its first progress). */
let onEvent: ((event: EventName, payload: unknown) => void) | null;
let removed: ((accountId: string) => void)[];
let onlineListeners: ((online: boolean) => void)[];
let services: DataService[];
const logger = memoryLogger();

function open(options: { appVersion?: string } = {}): DataService {
  const service = createDataService({
    caller,
    cipher,
    dataDir: dir,
    logger,
    appVersion: options.appVersion ?? '1.0.0',
    exportDestination: new DownloadSlots(join(dir, 'downloads')),
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      EVENTS[event].payload.parse(payload); // what the service emits must match the contract
      events.push({ event, payload });
      onEvent?.(event, payload);
    },
    onAccountRemoved: (listener) => removed.push(listener),
    onOnlineChange: (listener) => onlineListeners.push(listener),
  });
  services.push(service);
  return service;
}

const signal = new AbortController().signal;
type H = DataService['handlers'];
function call<M extends keyof H>(service: DataService, method: M, input: z.input<(typeof METHODS)[M]['input']>): ReturnType<H[M]> {
  const parsed = METHODS[method].input.parse(input);
  const handler = service.handlers[method] as (i: unknown, c: { signal: AbortSignal }) => ReturnType<H[M]>;
  return handler(parsed, { signal }).then((out: unknown) => METHODS[method].output.parse(out)) as ReturnType<H[M]>;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'data-service-'));
  cipher = await KeyFileCipher.open(join(dir, 'keys'));
  caller = new StandInCaller(syntheticOrders(12_345, 3));
  events = [];
  onEvent = null;
  removed = [];
  onlineListeners = [];
  services = [];
});
afterEach(async () => {
  for (const s of services) {
    await s.idle();
    await s.close();
  }
  await rm(dir, { recursive: true, force: true });
});

describe('data service: orders', () => {
  it('loads every order in pages of 1000 with progress, then queries them with totals', async () => {
    const service = open();
    const loaded = await call(service, 'data.orders.load', { accountId: ACCOUNT, jobId: 'job-1' });
    expect(loaded.data).toEqual({ count: 12_345, fetched: 12_345, mode: 'full' });
    expect(loaded.fromCache).toBe(false);
    // Every page of the list at the largest size (the one-order questions aside).
    expect(caller.calls.filter((c) => c.query?.limit !== 1).every((c) => c.query?.limit === 1000)).toBe(true);
    const progress = events.filter((e) => e.event === 'data.progress').map((e) => e.payload as EventPayload<'data.progress'>);
    expect(progress.every((p) => p.jobId === 'job-1' && p.accountId === ACCOUNT)).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(13);
    expect(progress.at(-1)).toMatchObject({ loaded: 12_345, done: true });

    const result = await call(service, 'data.orders.query', { accountId: ACCOUNT, filters: { currency: 'USD', states: ['paid'] }, sort: { key: 'paidAmount', direction: 'desc' }, offset: 0, limit: 50 });
    const expected = caller.orders.filter((o) => o.currency === 'USD' && o.state === 'paid');
    expect(result.data.total).toBe(expected.length);
    expect(result.data.rows).toHaveLength(50);
    expect(result.data.totals).toEqual(orderTotals(expected));
    expect(result.data.facets.currencies).toEqual(['EUR', 'JPY', 'TWD', 'USD']);
    expect(result.fetchedAt).toBe(loaded.fetchedAt);
  });

  it('cancels a load on data.cancel: the load fails with "cancelled" and nothing is half-loaded', async () => {
    const service = open();
    const pending = call(service, 'data.orders.load', { accountId: ACCOUNT, jobId: 'job-c' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await call(service, 'data.cancel', { jobId: 'job-c' })).toEqual({ cancelled: true });
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(await call(service, 'data.orders.status', { accountId: ACCOUNT })).toEqual({ count: null, fetchedAt: null, loadingJobId: null });
    expect(await call(service, 'data.cancel', { jobId: 'job-c' })).toEqual({ cancelled: false });
  });

  it('after a restart with no network, answers from the encrypted snapshot and says so; back online it refreshes only what changed', async () => {
    const first = open();
    const loaded = await call(first, 'data.orders.load', { accountId: ACCOUNT });
    await first.idle();
    // Everything the service keeps: the offline cache and the data engine's snapshot.
    const files = await readdir(dir, { recursive: true });
    const disk = Buffer.concat(await Promise.all(files.map((f) => readFile(join(dir, f)).catch(() => Buffer.alloc(0)))));
    expect(files.some((f) => f.startsWith('engine/') && f.endsWith('.snap'))).toBe(true);
    expect(disk.includes(Buffer.from(caller.orders[0]!.buyer.email))).toBe(false);
    expect(disk.includes(Buffer.from(caller.orders[0]!.trade_number))).toBe(false);

    caller.offline = true;
    const second = open();
    const offline = await call(second, 'data.orders.load', { accountId: ACCOUNT });
    expect(offline).toEqual({ data: { count: 12_345, fetched: 0, mode: 'disk' }, fetchedAt: loaded.fetchedAt, fromCache: true });
    const query = await call(second, 'data.orders.query', { accountId: ACCOUNT, filters: { coupon: 'vip' }, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 10 });
    expect(query.fromCache).toBe(true);
    expect(query.data.total).toBe(caller.orders.filter((o) => o.coupon?.code.toLowerCase() === 'vip').length);
    const info = await call(second, 'data.cacheInfo', { accountId: ACCOUNT });
    expect(info.orders).toEqual({ count: 12_345, fetchedAt: loaded.fetchedAt });
    expect(info.bytes).toBeGreaterThan(0);
    expect(info.bytes).toBeLessThanOrEqual(info.maxBytes);

    // Back online: one order changed on the platform, one is new.
    caller.offline = false;
    const lastSeen = Math.max(...caller.orders.map((o) => Date.parse(o.updated_at)));
    const later = new Date(Date.parse('2026-01-01T00:00:00Z')).toISOString();
    const changed: Order = { ...caller.orders[5]!, state: 'refunded', refunded_amount: caller.orders[5]!.paid_amount, updated_at: later };
    const added: Order = { ...caller.orders[6]!, id: 'ord_brand_new', trade_number: 'TNEW', updated_at: later };
    caller.orders = [...caller.orders.slice(0, 5), changed, ...caller.orders.slice(6), added];
    caller.calls = [];
    const refreshed = await call(second, 'data.orders.load', { accountId: ACCOUNT });
    // updated_since is inclusive: the last order seen comes again with the two changes.
    const expectedFetched = caller.orders.filter((o) => Date.parse(o.updated_at) >= lastSeen).length;
    expect(expectedFetched).toBeLessThan(10);
    expect(refreshed.data).toEqual({ count: 12_346, fetched: expectedFetched, mode: 'incremental' });
    expect(refreshed.fromCache).toBe(false);
    expect(caller.calls.some((c) => c.query?.updated_since)).toBe(true);
    expect(events.some((e) => e.event === 'data.invalidated' && (e.payload as { reason: string }).reason === 'back_online')).toBe(true);
    const after = await call(second, 'data.orders.get', { accountId: ACCOUNT, orderId: changed.id });
    expect(after.data.state).toBe('refunded');
  });

  it('on the next start answers from the saved orders at once, then brings in what changed in the background', async () => {
    const first = open();
    await call(first, 'data.orders.load', { accountId: ACCOUNT });
    await first.idle();
    const later = '2026-02-01T00:00:00.000Z';
    caller.orders = caller.orders.map((o, i) => (i === 42 ? { ...o, state: 'refunded' as const, refunded_amount: o.paid_amount, updated_at: later } : o));
    const second = open();
    const answer = await call(second, 'data.orders.load', { accountId: ACCOUNT });
    expect(answer.data.mode).toBe('disk');
    expect(answer.fromCache).toBe(true);
    // The refresh runs in the engine's worker after the answer; on a loaded box it can take more than the default 1 s.
    await expect.poll(() => events.some((e) => e.event === 'data.invalidated' && (e.payload as { reason: string }).reason === 'orders_refreshed'), { timeout: 15_000 }).toBe(true);
    const status = await call(second, 'data.orders.status', { accountId: ACCOUNT });
    expect(status.fetchedAt! > answer.fetchedAt).toBe(true);
    const order = await call(second, 'data.orders.query', { accountId: ACCOUNT, filters: { text: caller.orders[42]!.trade_number }, offset: 0, limit: 1 });
    expect(order.data.rows[0]?.state).toBe('refunded');
    expect(order.fromCache).toBe(false);
  });

  it('answers an order from the cache, then from the loaded set, when offline', async () => {
    const service = open();
    await call(service, 'data.orders.load', { accountId: ACCOUNT });
    const online = await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: caller.orders[1]!.id });
    caller.offline = true;
    const cached = await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: caller.orders[1]!.id });
    expect(cached).toEqual({ ...online, fromCache: true });
    const fromSet = await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: caller.orders[2]!.id });
    expect(fromSet.fromCache).toBe(true);
    expect(fromSet.data.id).toBe(caller.orders[2]!.id);
    await expect(call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: 'ord_unknown' })).rejects.toMatchObject({ code: 'offline' });
  });

  it("never shows an order or a course's orders cached in the platform's shape by an earlier version: offline, the synced copy or an error", async () => {
    const service = open();
    const old = caller.orders[4]!; // snake_case, as version 1 cached it
    const at = new Date().toISOString();
    await service.cache.put(ACCOUNT, cacheKey('data.orders.get', { orderId: old.id }), at, [old]);
    await service.cache.put(ACCOUNT, cacheKey('data.orders.get', { orderId: 'ord_only_cached' }), at, [{ ...old, id: 'ord_only_cached' }]);
    await service.cache.put(ACCOUNT, cacheKey('data.courses.orders', { courseId: 'course_1', limit: 25 }), at, [{ rows: [old], total: 1, nextCursor: null }]);
    await call(service, 'data.orders.load', { accountId: ACCOUNT });
    caller.offline = true;
    // The engine's synced copy, in the app's model (call() checks every answer against the contract).
    const order = await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: old.id });
    expect(order.data).toMatchObject({ id: old.id, tradeNumber: old.trade_number, paidAmount: old.paid_amount });
    expect(order.data).not.toHaveProperty('trade_number');
    // Only the old entry knows it: offline, not a wrong shape.
    await expect(call(service, 'data.orders.get', { accountId: ACCOUNT, orderId: 'ord_only_cached' })).rejects.toMatchObject({ code: 'offline' });
    await expect(call(service, 'data.courses.orders', { accountId: ACCOUNT, courseId: 'course_1', limit: 25 })).rejects.toMatchObject({ code: 'offline' });
  });

  it('answers sales from the synced orders (the engine), online and offline, with their age', async () => {
    const service = open();
    const loaded = await call(service, 'data.orders.load', { accountId: ACCOUNT });
    caller.offline = true;
    // May to July, midnight to midnight in Taipei.
    const from = '2024-05-01T00:00:00+08:00';
    const to = '2024-08-01T00:00:00+08:00';
    const answer = await call(service, 'data.sales.report', { accountId: ACCOUNT, from, to, interval: 'month', timeZone: 'Asia/Taipei' });
    // The records in memory from the last sync, not the offline cache: their age is the sync's.
    expect(answer.fromCache).toBe(false);
    expect(answer.fetchedAt).toBe(loaded.fetchedAt);
    const usd = answer.data.currencies.find((c) => c.currency === 'USD')!;
    const sold = caller.orders.filter((o) => o.currency === 'USD' && o.paid_at !== null && ['paid', 'refunding', 'refunded'].includes(o.state) && Date.parse(o.paid_at) >= Date.parse(from) && Date.parse(o.paid_at) < Date.parse(to));
    expect(usd.current.orders).toBe(sold.length);
    expect(usd.current.gross).toBe(sold.reduce((n, o) => n + o.original_amount, 0));
    expect(usd.series).toHaveLength(3);
    // Without a time zone asked, the buckets are UTC months.
    const utc = await call(service, 'data.sales.report', { accountId: ACCOUNT, from, to, interval: 'month' });
    expect(utc.data.timeZone).toBe('UTC');
    expect(utc.data.currencies.find((c) => c.currency === 'USD')!.current).toEqual(usd.current);
    caller.offline = false;
    expect(await call(service, 'data.sales.report', { accountId: ACCOUNT, from, to, interval: 'month', timeZone: 'Asia/Taipei' })).toEqual(answer);
  });

  it('on a platform without a sales report: a question that may not sync gets not_found and syncs nothing; one that may syncs and compares with the periods asked', async () => {
    const service = open();
    const from = '2024-05-01T00:00:00+08:00'; // 1–20 May in Taipei
    const to = '2024-05-21T00:00:00+08:00';
    const ask = { accountId: ACCOUNT, from, to, interval: 'month' as const, timeZone: 'Asia/Taipei' };
    await expect(call(service, 'data.sales.report', { ...ask, withoutSync: true })).rejects.toMatchObject({ code: 'not_found' });
    expect((await call(service, 'data.orders.status', { accountId: ACCOUNT })).count).toBeNull();
    const usdSales = (range: { from: string; to: string }) => {
      const sold = caller.orders.filter((o) => o.currency === 'USD' && o.paid_at !== null && ['paid', 'refunding', 'refunded'].includes(o.state) && Date.parse(o.paid_at) >= Date.parse(range.from) && Date.parse(o.paid_at) < Date.parse(range.to));
      return { orders: sold.length, gross: sold.reduce((n, o) => n + o.original_amount, 0) };
    };
    // The same days of the month before, as a month so far compares.
    const previous = { from: '2024-04-01T00:00:00+08:00', to: '2024-04-21T00:00:00+08:00' };
    const lastYear = { from: '2023-05-01T00:00:00+08:00', to: '2023-05-21T00:00:00+08:00' };
    const usd = (await call(service, 'data.sales.report', { ...ask, previous, lastYear })).data.currencies.find((c) => c.currency === 'USD')!;
    expect(usd.current).toMatchObject(usdSales({ from, to }));
    expect(usd.previous).toMatchObject(usdSales(previous));
    expect(usd.lastYear).toMatchObject(usdSales(lastYear));
    expect(usd.previous.orders).toBeGreaterThan(0);
    // Without periods: those of the days the range touches, 20 days just before and the same days a year before.
    const byDefault = (await call(service, 'data.sales.report', ask)).data.currencies.find((c) => c.currency === 'USD')!;
    expect(byDefault.previous).toMatchObject(usdSales({ from: '2024-04-11T00:00:00+08:00', to: from }));
    expect(byDefault.lastYear).toEqual(usd.lastYear);
  });

  it('tells the UI to refetch when the online probe sees the platform again after an answer from the cache', async () => {
    const service = open();
    const orderId = caller.orders[3]!.id;
    await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId });
    caller.offline = true;
    expect((await call(service, 'data.orders.get', { accountId: ACCOUNT, orderId })).fromCache).toBe(true);
    const invalidations = () => events.filter((e) => e.event === 'data.invalidated').map((e) => e.payload);
    for (const listener of onlineListeners) listener(false);
    expect(invalidations()).toEqual([]);
    caller.offline = false;
    for (const listener of onlineListeners) listener(true);
    expect(invalidations()).toEqual([{ accountId: ACCOUNT, reason: 'back_online' }]);
    for (const listener of onlineListeners) listener(true);
    expect(invalidations()).toHaveLength(1); // once per return, not on every probe
  });

  it('exports exactly the filtered, sorted view as guarded CSV in the time zone and money format', async () => {
    const service = open();
    await call(service, 'data.orders.load', { accountId: ACCOUNT });
    const filters = { currency: 'TWD', states: ['paid' as const, 'refunded' as const] };
    const out = await call(service, 'data.orders.exportCsvFile', { accountId: ACCOUNT, jobId: 'exp-1', filters, sort: { key: 'paidAt', direction: 'asc' }, timeZone: 'Asia/Taipei', locale: 'zh-TW' });
    const token = out.data.downloadUrl!.replace('/download/', '');
    const csv = await readFile(join(dir, 'downloads', `${token}.csv`), 'utf8');
    const expected = caller.orders
      .filter((o) => o.currency === 'TWD' && (o.state === 'paid' || o.state === 'refunded'))
      .sort((a, b) => Date.parse(a.paid_at!) - Date.parse(b.paid_at!) || caller.orders.indexOf(a) - caller.orders.indexOf(b));
    const records = parseCsv(csv);
    expect(records[0]).toContain('Paid at (Asia/Taipei)');
    expect(records).toHaveLength(expected.length + 1);
    expect(out.data.rows).toBe(expected.length);
    expect(records.slice(1).map((r) => r[0])).toEqual(expected.map((o) => o.trade_number));
    const first = expected[0]!;
    const paidLocal = new Date(Date.parse(first.paid_at!) + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(records[1]![3]).toBe(paidLocal);
    // Amounts are numbers a spreadsheet sums (major unit, no symbol), the currency in its own column; states
    // are the labels the screen shows.
    expect(records[0]![9]).toBe('Currency');
    expect(records[1]![9]).toBe('TWD');
    expect(records[1]![12]).toBe(String(first.paid_amount / 100));
    expect(records[1]![1]).toBe(first.state === 'paid' ? 'Paid' : 'Refunded');
    const paidSum = records.slice(1).reduce((n, r) => n + Math.round(Number(r[12]) * 100), 0);
    expect(paidSum).toBe(expected.reduce((n, o) => n + o.paid_amount, 0));
    const formulaRow = records.find((r) => r[4]!.includes('HYPERLINK'));
    expect(formulaRow?.[4]?.startsWith("'=")).toBe(true);
    expect(events.some((e) => e.event === 'data.progress' && (e.payload as { jobId: string; done: boolean }).jobId === 'exp-1' && (e.payload as { done: boolean }).done)).toBe(true);
    await expect(call(service, 'data.orders.exportCsvFile', { accountId: ACCOUNT, timeZone: 'Nowhere/Void', locale: 'en' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('cancels an export midway: it fails with "cancelled" and says it is done', async () => {
    const service = open();
    await call(service, 'data.orders.load', { accountId: ACCOUNT });
    onEvent = (event, payload) => {
      const p = payload as EventPayload<'data.progress'>;
      if (event === 'data.progress' && p.jobId === 'exp-cancel' && p.loaded > 0 && !p.done) void service.handlers['data.cancel']({ jobId: 'exp-cancel' }, { signal }).catch(() => undefined); // a late one may meet the engine closing after the test
    };
    await expect(call(service, 'data.orders.exportCsvFile', { accountId: ACCOUNT, jobId: 'exp-cancel', timeZone: 'UTC', locale: 'en' })).rejects.toMatchObject({ code: 'cancelled' });
    const progress = events.filter((e) => e.event === 'data.progress' && (e.payload as { jobId: string }).jobId === 'exp-cancel').map((e) => e.payload as EventPayload<'data.progress'>);
    expect(progress.at(-1)?.done).toBe(true);
    expect(progress.some((p) => p.loaded === 12_345)).toBe(false);
  });

  it('drops the school on sign-out: nothing in memory, nothing on disk', async () => {
    const service = open();
    await call(service, 'data.orders.load', { accountId: ACCOUNT });
    await service.idle();
    expect((await call(service, 'data.cacheInfo', { accountId: ACCOUNT })).entries).toBeGreaterThan(0);
    for (const listener of removed) listener(ACCOUNT);
    await service.idle();
    expect(await readdir(service.cache.schoolDir(ACCOUNT)).catch(() => 'gone')).toBe('gone');
    caller.offline = true;
    await expect(call(open(), 'data.orders.load', { accountId: ACCOUNT })).rejects.toMatchObject({ code: 'offline' });
  });

  it('drops the offline copy when the app version changes', async () => {
    const first = open();
    await call(first, 'data.orders.load', { accountId: ACCOUNT });
    await first.idle();
    caller.offline = true;
    await expect(call(open({ appVersion: '2.0.0' }), 'data.orders.load', { accountId: ACCOUNT })).rejects.toMatchObject({ code: 'offline' });
  });
});
