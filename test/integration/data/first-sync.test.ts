// A school's first orders sync against the real sandbox over HTTP (signed in through a real Chromium), as the
// engine runs it: slices a few at a time, the rows so far answering while it runs. Whatever happens meanwhile
// (the admin stops it and loads again, orders are created, refunded and paid on the platform, the platform
// changes its page size from one page to the next), it ends with exactly the platform's orders: each test
// compares the engine's every order with the platform's own raw list.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../electron/services/api/api-client';
import type { EngineClient } from '../../../electron/services/engine/client/engine-client';
import type { DataService } from '../../../electron/services/data/handlers';
import type { z } from 'zod';
import { METHODS } from '../../../shared/ipc';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import type { AccountView } from '../../../shared/model/accounts';
import type { Order as AppOrder } from '../../../shared/model/orders';
import { Order } from '../../../shared/platform/resources';
import type { Sandbox, ServedPage } from '../../sandbox';
import { STATE } from '../../sandbox/data/orders';
import { recordOrderEvent } from '../../sandbox/order-events';
import { startSignedInDataService, type SignedInDataService } from './signed-in-data-service';

let world: SignedInDataService;
let sandbox: Sandbox;
let api: ApiClient;
let account: AccountView;
let engine: EngineClient;

beforeAll(async () => {
  world = await startSignedInDataService('first-sync-');
  ({ sandbox, api, account } = world);
  engine = world.service.engine!;
}, 90_000);

afterAll(async () => {
  await world?.close();
});

afterEach(async () => {
  sandbox.knobs.set({ pageSizes: null, latencyMs: 0, ignoredFilters: null });
  // The next test's sync is a first one again.
  await engine.call('engine.forget', { accountId: account.id });
});

/** The feed's slices of every order: 8 of paid time and one of the orders never paid (platform/orders-feed.ts). */
const SLICES = 9;
const byId = (orders: AppOrder[]) => [...orders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The platform's every order, from its own list (whatever page size it serves), in the app's model. */
async function platformOrders(): Promise<AppOrder[]> {
  return byId((await api.paginate(account.id, 'listOrders', Order, { query: { limit: 1000 } })).map(toOrder));
}

async function engineOrders(): Promise<{ orders: AppOrder[]; partial: unknown }> {
  const answer = await engine.call('orders.query', { accountId: account.id, filters: {}, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 100_000, partial: true });
  return { orders: byId(answer.data.rows), partial: answer.data.partial ?? null };
}

const school = () => sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
const record = (input: Parameters<typeof recordOrderEvent>[1]) => recordOrderEvent(sandbox.platform, input);
/** The offset a page of the sandbox's list starts at (its cursor is "v1.<offset>.<hash>", base64url). */
const offsetOf = (page: ServedPage) => {
  const cursor = page.query.get('cursor');
  return cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8').split('.')[1]) : 0;
};
/** Pages of the orders list a sync read (the one-order questions aside). */
const isListPage = (page: ServedPage) => page.operationId === 'listOrders' && page.query.get('limit') !== '1';

async function progressReached(jobId: string, loaded: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (!world.events.some((e) => e.event === 'data.progress' && (e.payload as { jobId: string; loaded: number }).jobId === jobId && (e.payload as { loaded: number }).loaded >= loaded)) {
    if (Date.now() > end) throw new Error(`the sync ${jobId} did not reach ${loaded} orders`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a first orders sync against the sandbox', { timeout: 180_000 }, () => {
  it('stopped by the admin shows what it has, marked partial; loaded again it goes on from there and ends with exactly the platform\'s orders', async () => {
    const unpaid = record({ kind: 'create', paid: false }).order_id!;
    sandbox.knobs.set({ pageSizes: [40] });
    const pages: ServedPage[] = [];
    const listen = sandbox.onListPage((page) => isListPage(page) && pages.push(page));
    try {
      const total = (await platformOrders()).length;
      pages.length = 0;
      const first = engine.call('orders.load', { accountId: account.id, mode: 'auto', jobId: 'stop-me' });
      await progressReached('stop-me', 600);
      expect(await engine.call('jobs.cancel', { jobId: 'stop-me' })).toBe(true);
      await expect(first).rejects.toMatchObject({ code: 'cancelled' });
      const stopped = await engineOrders();
      expect(stopped.partial).toEqual({ expected: total, running: false });
      expect(stopped.orders.length).toBeGreaterThanOrEqual(600);
      expect(stopped.orders.length).toBeLessThan(total);

      // Meanwhile on the platform: a refund, a new order, a payment.
      record({ kind: 'refund' });
      record({ kind: 'create', paid: true });
      record({ kind: 'pay', order_id: unpaid });

      const resumed = await engine.call('orders.load', { accountId: account.id, mode: 'auto', jobId: 'go-on' });
      expect(resumed.data).toMatchObject({ mode: 'full', count: total + 1 });
      // It went on from where each slice was: both syncs together read each order about once; only the pages out
      // when it stopped (a current one and two asked for ahead for each of the 3 slices at once, and the second
      // and third pages of each slice whose turn had not come, asked for ahead with its first) were asked for
      // again, and the newest paid orders shown first (one page) come again in their slice.
      const read = pages.reduce((sum, page) => sum + page.records, 0);
      expect(read).toBeLessThan(total + 3 * 3 * 40 + (SLICES - 3) * 2 * 40 + 40 + 40);
      const now = await engineOrders();
      expect(now.partial).toBeNull();
      expect(now.orders).toEqual(await platformOrders());
    } finally {
      listen();
    }
  });

  it('shows the newest paid orders after one round trip, before any slice of the walks has a page served', async () => {
    sandbox.knobs.set({ pageSizes: [40], latencyMs: 300 });
    const platform = await platformOrders();
    let slicePages = 0;
    let pastNewest = 0;
    const listen = sandbox.onListPage((page) => {
      if (isListPage(page) && page.query.get('sort') === 'created_at') slicePages++;
      if (isListPage(page) && page.query.get('sort') === '-paid_at' && page.query.has('cursor')) pastNewest++;
    });
    try {
      const load = engine.call('orders.load', { accountId: account.id, mode: 'full', jobId: 'newest-first' });
      let first = await engineOrders();
      while (first.orders.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        first = await engineOrders();
      }
      expect(slicePages).toBe(0);
      const newest = platform.filter((o) => o.paidAt !== null).sort((a, b) => (a.paidAt! < b.paidAt! ? 1 : -1)).slice(0, 40);
      expect(first.orders).toEqual(byId(newest));
      expect(first.partial).toEqual({ expected: platform.length, running: true });
      await load;
      expect((await engineOrders()).orders).toEqual(platform);
      // Only that one page of the newest paid orders was read: none after it was asked for ahead.
      expect(pastNewest).toBe(0);
    } finally {
      listen();
    }
  });

  it('stopped and loaded again the way the Orders page does it (its load, Cancel and reads of the rows so far through the data service) answers at the end with the platform\'s every order, its filters\' choices included', async () => {
    sandbox.knobs.set({ pageSizes: [40] });
    const platform = await platformOrders();
    const { signal } = new AbortController();
    const call = <M extends 'data.orders.load' | 'data.orders.query' | 'data.cancel'>(method: M, input: z.input<(typeof METHODS)[M]['input']>) =>
      (world.service.handlers[method] as (i: unknown, c: { signal: AbortSignal }) => ReturnType<DataService['handlers'][M]>)(METHODS[method].input.parse(input), { signal });
    // A window of every order, newest paid first, of the rows so far while a first sync runs; the first is the page's head.
    const window = (offset: number) => call('data.orders.query', { accountId: account.id, filters: {}, sort: { key: 'paidAt', direction: 'desc' }, offset, limit: 1000, partial: true });
    const head = () => window(0);

    // A platform slow enough that the page reads the rows so far while each load runs.
    sandbox.knobs.set({ latencyMs: 100 });
    const first = call('data.orders.load', { accountId: account.id, jobId: 'page-load', mode: 'auto' });
    await progressReached('page-load', 400);
    expect((await head()).data.partial).toEqual({ expected: platform.length, running: true });
    expect(await call('data.cancel', { jobId: 'page-load' })).toEqual({ cancelled: true });
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    const stopped = (await head()).data;
    expect(stopped.partial).toEqual({ expected: platform.length, running: false });
    expect(stopped.total).toBeLessThan(platform.length);

    const again = call('data.orders.load', { accountId: account.id, jobId: 'page-resume', mode: 'auto' });
    await progressReached('page-resume', stopped.total + 200);
    // Read while it runs, as the page does every moment: the rows so far.
    expect((await head()).data.partial).toMatchObject({ running: true });
    expect((await again).data).toMatchObject({ mode: 'full', count: platform.length });

    const done = (await head()).data;
    expect(done.partial).toBeNull();
    expect(done.total).toBe(platform.length);
    const rows = [...done.rows];
    while (rows.length < done.total) rows.push(...(await window(rows.length)).data.rows);
    expect(byId(rows)).toEqual(platform);
    // The filters' choices are those of every order, not of the rows in when the page last looked.
    const lastSold = new Map<string, string | null>();
    for (const order of platform) {
      for (const item of order.items) {
        const known = lastSold.get(item.productId) ?? null;
        lastSold.set(item.productId, order.paidAt !== null && (known === null || order.paidAt > known) ? order.paidAt : known);
      }
    }
    expect(new Map(done.facets.products.map((p) => [p.id, p.lastSoldAt ?? null]))).toEqual(lastSold);
    expect(new Set(done.facets.coupons.map((c) => c.toLowerCase()))).toEqual(new Set(platform.flatMap((o) => (o.coupon ? [o.coupon.code.toLowerCase()] : []))));
    expect(done.facets.states).toEqual(expect.arrayContaining([...new Set(platform.map((o) => o.state))]));
    expect(done.facets.states).toHaveLength(new Set(platform.map((o) => o.state)).size);
  });

  it('started in the background (a question that needs every order, as Today asks), then asked for by a page: the page sees its progress under its own job id, and the page\'s Cancel stops it', async () => {
    sandbox.knobs.set({ pageSizes: [40], latencyMs: 100 });
    const platform = await platformOrders();
    // A question with no job of its own starts the first sync.
    const background = engine.call('orders.query', { accountId: account.id, filters: {}, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = engine.call('orders.load', { accountId: account.id, mode: 'auto', jobId: 'page-joined' });
    await progressReached('page-joined', 200);
    expect(await engine.call('jobs.cancel', { jobId: 'page-joined' })).toBe(true);
    await expect(page).rejects.toMatchObject({ code: 'cancelled' });
    await expect(background).rejects.toMatchObject({ code: 'cancelled' });
    const stopped = await engineOrders();
    expect(stopped.partial).toEqual({ expected: platform.length, running: false });
    expect(stopped.orders.length).toBeLessThan(platform.length);
    // The joined id is let go with the sync it followed: nothing is left to cancel under it.
    expect(await engine.call('jobs.cancel', { jobId: 'page-joined' })).toBe(false);
  });

  it('ends with exactly the platform\'s orders when orders are created, refunded and paid while it runs, even one leaving a slice behind its walk', async () => {
    // Unpaid orders at the end of the never-paid slice, enough for two of its pages, made a second before the
    // platform's newest change when the sync starts (which the platform tells to the second), so reading what
    // changed since then does not bring them back: only the re-read of that slice can.
    for (let k = 0; k < 60; k++) record({ kind: 'create', paid: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    record({ kind: 'refund' });
    sandbox.knobs.set({ pageSizes: [40] });
    const orders = school().orders;
    const firstNew = orders.count - 60;
    const changes: string[] = [];
    let listPages = 0;
    const listen = sandbox.onListPage((page) => {
      if (!isListPage(page)) return;
      listPages++;
      // The never-paid slice has just served the page holding the first of them, and more pages follow: that
      // order is paid now, so it leaves the list behind the walk and the next page starts one order later.
      if (page.query.has('state') && !changes.includes('paid-behind')) {
        const offset = offsetOf(page);
        const position = neverPaidPosition(firstNew);
        if (position >= offset && position < offset + 40) {
          expect(orders.recordPaid(firstNew, sandbox.platform.clock())).toBe(true);
          changes.push('paid-behind');
        }
      }
      if (listPages === 3) changes.push(`refund ${record({ kind: 'refund' }).order_id}`);
      if (listPages === 5) changes.push(`created ${record({ kind: 'create', paid: true }).order_id}`);
      if (listPages === 7) changes.push(`created ${record({ kind: 'create', paid: false }).order_id}`);
      if (listPages === 9) changes.push(`paid ${record({ kind: 'pay' }).order_id}`);
    });
    try {
      await engine.call('orders.load', { accountId: account.id, mode: 'full', jobId: 'busy-platform' });
      expect(changes).toContain('paid-behind');
      expect(changes.filter((c) => !c.startsWith('paid-behind'))).toHaveLength(4);
      const now = await engineOrders();
      expect(now.partial).toBeNull();
      expect(now.orders).toEqual(await platformOrders());
    } finally {
      listen();
    }
  });

  it.each([['state'], ['paid_from', 'paid_to']])("ends with exactly the platform's orders, walking the whole list once, when the platform ignores the filter %s (its slices overlap)", async (...ignored) => {
    sandbox.knobs.set({ pageSizes: [50], ignoredFilters: ignored });
    // The records of the sync's pages past a first one, bar the reads of what changed: each order once when the
    // whole list is walked, with each slice's second and third pages (asked for ahead with its first, before the
    // slices' sizes are known), and far more had the overlapping slices been walked to their ends.
    let walked = 0;
    const listen = sandbox.onListPage((page) => {
      if (isListPage(page) && page.query.get('sort') === 'created_at' && page.query.has('cursor') && !page.query.has('updated_since')) walked += page.records;
    });
    try {
      await engine.call('orders.load', { accountId: account.id, mode: 'full', jobId: `ignores-${ignored[0]}` });
      const now = await engineOrders();
      expect(now.partial).toBeNull();
      const all = await platformOrders();
      expect(now.orders).toEqual(all);
      const count = all.length;
      expect(count).toBeGreaterThan(1000);
      expect(walked).toBeGreaterThanOrEqual(count - 50);
      expect(walked).toBeLessThanOrEqual(count + SLICES * 2 * 50);
    } finally {
      listen();
    }
  });

  it("ends with exactly the platform's orders when the platform changes its page size from one page to the next, and so does the next sync of changes", async () => {
    sandbox.knobs.set({ pageSizes: [1000, 7, 250, 1, 333, 64] });
    await engine.call('orders.load', { accountId: account.id, mode: 'full', jobId: 'odd-pages' });
    expect((await engineOrders()).orders).toEqual(await platformOrders());
    record({ kind: 'refund' });
    record({ kind: 'create', paid: false });
    const refresh = await engine.call('orders.load', { accountId: account.id, mode: 'incremental', jobId: 'odd-pages-again' });
    expect(refresh.data.mode).toBe('incremental');
    expect((await engineOrders()).orders).toEqual(await platformOrders());
  });

  it('a sync of changes too many for one page misses no order changed behind its walk: the next one brings it', async () => {
    await engine.call('orders.load', { accountId: account.id, mode: 'full', jobId: 'before-changes' });
    const { orders } = school();
    let early = 0;
    while (orders.state[early] !== STATE.paid) early++;
    // Times ahead of the clock, a second apart (the platform tells them to the second): 60 new orders, two pages
    // of the sync of changes; once its first page is served, an early order (behind the walk from then on) is
    // refunded and then an order is created (ahead of it): the later pages' newest change is past the refund.
    const second = (k: number) => new Date(Math.ceil(Date.now() / 1000) * 1000 + k * 1000).toISOString();
    for (let k = 0; k < 60; k++) record({ kind: 'create', paid: false, at: second(1) });
    sandbox.knobs.set({ pageSizes: [40] });
    const changes: string[] = [];
    const listen = sandbox.onListPage((page) => {
      if (!isListPage(page) || !page.query.has('updated_since') || page.query.has('cursor') || changes.length > 0) return;
      changes.push(`refunded ${record({ kind: 'refund', order_id: orders.id(early), at: second(2) }).order_id}`);
      changes.push(`created ${record({ kind: 'create', paid: true, at: second(3) }).order_id}`);
    });
    try {
      await engine.call('orders.load', { accountId: account.id, mode: 'incremental', jobId: 'many-changes' });
      expect(changes).toHaveLength(2);
      const refunded = orders.id(early);
      expect((await engineOrders()).orders.find((o) => o.id === refunded)?.state).toBe('paid'); // behind the walk
      await engine.call('orders.load', { accountId: account.id, mode: 'incremental', jobId: 'many-changes-again' });
      expect((await engineOrders()).orders).toEqual(await platformOrders());
    } finally {
      listen();
    }
  });
});

/** Where an order stands in the platform's never-paid list (creation order), or -1. */
function neverPaidPosition(index: number): number {
  const { orders } = school();
  const neverPaid = new Set([STATE.not_paid, STATE.expired, STATE.failed, STATE.manual_enrolled]);
  let position = 0;
  for (let i = 0; i < orders.count; i++) {
    if (!neverPaid.has(orders.state[i]!)) continue;
    if (i === index) return position;
    position++;
  }
  return -1;
}
