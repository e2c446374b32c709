// The engine's snapshot on disk: sealed, atomic, opened without the platform, and never shown wrong. A
// truncated, altered, swapped or foreign-key snapshot is refused and deleted, and the orders come from the
// platform again; the snapshots of all schools stay under their bound, least recently used evicted first.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLUMNS_LAYOUT, encodeColumnParts } from '../../../electron/services/engine/worker/columns-codec';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns-builder';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import type { EngineHost } from '../../../electron/services/engine/worker/orders-engine';
import { OrdersEngine } from '../../../electron/services/engine/worker/orders-engine';
import type { EngineEvent, PageRequest } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { memoryLogger } from '../../../electron/services/log';
import { AppError } from '../../../shared/errors';
import type { Order } from '../../../shared/platform/resources';
import { syntheticOrders } from '../data/synthetic-orders';

const SCHOOL = 'https://school.example.test#admin-1';
let dir: string;
let key: Buffer;
let orders: Order[];
let pagesServed: number;
let offline: boolean;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-snapshot-'));
  key = randomBytes(32);
  orders = syntheticOrders(4321, 5);
  pagesServed = 0;
  offline = false;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

/** A host whose platform is a list of orders paged by offset (as the sandbox pages by cursor). */
function engine(options: { key?: Buffer } = {}): { engine: OrdersEngine; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  const host: EngineHost = {
    page: async (request: PageRequest) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (offline) throw new AppError('offline', 'The platform cannot be reached.');
      pagesServed++;
      const since = typeof request.query.updated_since === 'string' ? Date.parse(request.query.updated_since) : -Infinity;
      const matching = orders.filter((o) => Date.parse(o.updated_at) >= since);
      // The newest change (the sync's first question) is what the platform's sort=-updated_at puts first.
      if (request.query.sort === '-updated_at') matching.sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
      const start = Number(request.query.cursor ?? 0);
      const limit = Number(request.query.limit);
      return { data: matching.slice(start, start + limit), meta: { total: matching.length, limit, next_cursor: start + limit < matching.length ? String(start + limit) : null } };
    },
    emit: (event) => events.push(event),
    reachable: () => undefined,
    key: () => options.key ?? key,
    logger: memoryLogger(),
  };
  return { engine: new OrdersEngine(host, new SnapshotStore({ dir: join(dir, 'engine') })), events };
}

const everything = { filters: {}, sort: { key: 'paidAt', direction: 'desc' } as const, offset: 0, limit: 5000 };

async function snapshotFile(): Promise<string> {
  const [file] = (await readdir(join(dir, 'engine'))).filter((f) => f.endsWith('.snap'));
  return join(dir, 'engine', file!);
}

async function loadAndPersist(): Promise<void> {
  const first = engine().engine;
  expect((await first.load(SCHOOL, 'auto')).data).toMatchObject({ mode: 'full', count: orders.length });
  await first.idle();
}

describe('engine snapshot', () => {
  it('is sealed: nothing of an order is readable on disk; a restart opens it without the platform', async () => {
    await loadAndPersist();
    const bytes = await readFile(await snapshotFile());
    expect(bytes.includes(Buffer.from(orders[0]!.buyer.email))).toBe(false);
    expect(bytes.includes(Buffer.from(orders[0]!.trade_number))).toBe(false);

    offline = true;
    const served = pagesServed;
    const second = engine().engine;
    const answer = await second.load(SCHOOL, 'incremental');
    expect(answer).toMatchObject({ fromCache: true, data: { mode: 'disk', count: orders.length } });
    expect(pagesServed).toBe(served);
    const api = second.api();
    const all = await api['orders.query']({ accountId: SCHOOL, ...everything });
    expect(new Set(all.data.rows.map((o) => JSON.stringify(o)))).toEqual(new Set(orders.map((o) => JSON.stringify(toOrder(o)))));
  });

  for (const [name, damage] of [
    ['truncated', async (file: string) => truncate(file, (await readFile(file)).length - 1000)],
    ['cut to its header', async (file: string) => truncate(file, 20)],
    ['altered by one bit', async (file: string) => {
      const bytes = await readFile(file);
      bytes[Math.floor(bytes.length / 2)]! ^= 1;
      await writeFile(file, bytes);
    }],
    ['empty', async (file: string) => writeFile(file, Buffer.alloc(0))],
  ] as const) {
    it(`${name}: refused and deleted, and the orders come from the platform again, all of them, right`, async () => {
      await loadAndPersist();
      const file = await snapshotFile();
      await damage(file);
      const served = pagesServed;
      const { engine: second } = engine();
      const answer = await second.load(SCHOOL, 'auto');
      expect(answer.data).toMatchObject({ mode: 'full', count: orders.length });
      expect(pagesServed).toBeGreaterThan(served);
      const all = await second.api()['orders.query']({ accountId: SCHOOL, ...everything });
      expect(all.data.total).toBe(orders.length);
      expect(all.data.rows.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());
      await second.idle();
      // Rebuilt: a third start opens the new snapshot.
      offline = true;
      expect((await engine().engine.load(SCHOOL, 'auto')).data.mode).toBe('disk');
    });
  }

  for (const [name, damage] of [
    ['a state code outside its dictionary', (c: ReturnType<typeof columnsOf>) => { c.state.codes[7] = c.state.dict.size + 1; }],
    ['line items pointing past the end', (c: ReturnType<typeof columnsOf>) => { c.itemStart[c.count] = c.itemStart[c.count]! + 5; }],
    ['id ranks that are not a permutation', (c: ReturnType<typeof columnsOf>) => { c.idRank[1] = c.idRank[0]!; }],
    ['fewer paid times than orders', (c: ReturnType<typeof columnsOf>) => { c.paidAt.ms = c.paidAt.ms.subarray(1); }],
  ] as const) {
    it(`sealed with the right key but inconsistent (${name}): refused and deleted, the orders come from the platform`, async () => {
      const columns = columnsOf(orders.map(toOrder));
      damage(columns);
      const store = new SnapshotStore({ dir: join(dir, 'engine') });
      await store.write(SCHOOL, key, encodeColumnParts(columns, { fetchedAt: new Date().toISOString() }));
      offline = true;
      // Offline: an error, not the damaged set.
      await expect(engine().engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
      await expect(readdir(join(dir, 'engine'))).resolves.toEqual([]);
      await store.write(SCHOOL, key, encodeColumnParts(columns, { fetchedAt: new Date().toISOString() }));
      offline = false;
      const { engine: second } = engine();
      expect((await second.load(SCHOOL, 'auto')).data).toMatchObject({ mode: 'full', count: orders.length });
      const all = await second.api()['orders.query']({ accountId: SCHOOL, ...everything });
      expect(all.data.rows.map((o) => JSON.stringify(o)).sort()).toEqual(orders.map((o) => JSON.stringify(toOrder(o))).sort());
      await second.idle();
    });
  }

  it('offline with a damaged snapshot: an error, never a wrong or partial set', async () => {
    await loadAndPersist();
    await truncate(await snapshotFile(), 5000);
    offline = true;
    await expect(engine().engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
  });

  it('written by a version whose columns held the platform\'s words (layout order-columns-1): refused and rebuilt in the app\'s model', async () => {
    const parts = encodeColumnParts(columnsOf(orders.map(toOrder)), { fetchedAt: new Date().toISOString() });
    const head = Buffer.from(parts[0]!);
    const at = head.indexOf(`"${COLUMNS_LAYOUT}"`);
    expect(at).toBeGreaterThan(0);
    head.write('"order-columns-1"', at, 'utf8'); // same length: the header stays well formed
    const store = new SnapshotStore({ dir: join(dir, 'engine') });
    await store.write(SCHOOL, key, [head, ...parts.slice(1)]);
    offline = true;
    await expect(engine().engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
    await expect(readdir(join(dir, 'engine'))).resolves.toEqual([]);
    offline = false;
    const { engine: fresh } = engine();
    expect((await fresh.load(SCHOOL, 'auto')).data).toMatchObject({ mode: 'full', count: orders.length });
    const facets = (await fresh.api()['orders.query']({ accountId: SCHOOL, ...everything, limit: 1 })).data.facets;
    expect(facets.states).toContain('notPaid');
    expect(facets.states).not.toContain('not_paid');
    await fresh.idle();
  });

  it('under another key (the school signed in again, another app version): refused', async () => {
    await loadAndPersist();
    offline = true;
    await expect(engine({ key: randomBytes(32) }).engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
    await expect(readdir(join(dir, 'engine'))).resolves.toEqual([]);
  });

  it("another school's file put in its place: refused (the file name is sealed in)", async () => {
    const store = new SnapshotStore({ dir: join(dir, 'engine') });
    await store.write('school-a', key, encodeColumnParts(columnsOf(orders.slice(0, 10).map(toOrder)), { fetchedAt: new Date().toISOString() }));
    await store.write('school-b', key, encodeColumnParts(columnsOf(orders.slice(10, 20).map(toOrder)), { fetchedAt: new Date().toISOString() }));
    await writeFile(store.path('school-b'), await readFile(store.path('school-a')));
    await expect(store.read('school-b', key)).rejects.toThrow(/refused/);
    expect(await store.read('school-a', key)).not.toBeNull();
  });

  it('all schools stay under the bound: the least recently used school is evicted first', async () => {
    let clock = Date.parse('2026-11-01T00:00:00Z');
    const parts = () => encodeColumnParts(columnsOf(orders.slice(0, 500).map(toOrder)), { fetchedAt: 'x' });
    const size = parts().reduce((sum, p) => sum + p.length, 0) + 100;
    const store = new SnapshotStore({ dir: join(dir, 'engine'), maxBytes: size * 2.5, now: () => clock });
    await store.write('a', key, parts());
    clock += 60_000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.write('b', key, parts());
    clock += 60_000;
    await store.read('a', key); // a is now more recently used than b
    clock += 60_000;
    await store.write('c', key, parts());
    expect(await store.sizeOf('a')).not.toBeNull();
    expect(await store.sizeOf('b')).toBeNull();
    expect(await store.sizeOf('c')).not.toBeNull();
  });

  it('a refresh that changed orders rebuilds in chunks: a query on the current set waits for one chunk, not the rebuild', { timeout: 120_000 }, async () => {
    orders = syntheticOrders(120_000, 6);
    const { engine: e, events } = engine();
    await e.load(SCHOOL, 'auto');
    const later = new Date(Date.parse(orders.reduce((m, o) => (o.updated_at > m ? o.updated_at : m), '')) + 60_000).toISOString();
    orders = orders.map((o, i) => (i % 1000 === 0 ? { ...o, state: 'refunded' as const, refunded_amount: o.paid_amount, updated_at: later } : o));
    events.length = 0;
    // When the last page of changes is in, the rebuild starts: ask a question of the current set right then.
    let asked = 0;
    let answered = 0;
    const query = new Promise<number>((resolve) => {
      const watch = setInterval(() => {
        if (asked === 0 && events.some((ev) => ev.event === 'data.progress' && !ev.payload.done && ev.payload.loaded > 0 && ev.payload.loaded === ev.payload.total)) {
          clearInterval(watch);
          asked = performance.now();
          void e.api()['orders.query']({ accountId: SCHOOL, filters: { states: ['paid'] }, sort: { key: 'paidAmount', direction: 'desc' }, offset: 0, limit: 10 }).then((answer) => {
            answered = performance.now();
            resolve(answer.data.total);
          });
        }
      }, 0);
    });
    const refresh = await e.load(SCHOOL, 'incremental');
    const rebuilt = performance.now();
    expect(await query).toBeGreaterThan(0);
    // updated_since is inclusive: the newest order seen before comes back too.
    expect(refresh.data).toMatchObject({ mode: 'incremental', count: 120_000, fetched: 121 });
    // Behaviour, not a timing: the question on the current set was answered while the rebuild was still going.
    expect(answered, `answered ${(answered - asked).toFixed(0)} ms after asking; the rebuild ended ${(rebuilt - asked).toFixed(0)} ms after`).toBeLessThan(rebuilt);
    const after = await e.api()['orders.query']({ accountId: SCHOOL, filters: { states: ['refunded'] }, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 1 });
    expect(after.data.total).toBe(orders.filter((o) => o.state === 'refunded').length);
    await e.idle();
  });

  it('sign-out (forget): nothing in memory, nothing on disk', async () => {
    const { engine: e } = engine();
    await e.load(SCHOOL, 'auto');
    await e.idle();
    await e.forget(SCHOOL);
    await expect(readdir(join(dir, 'engine'))).resolves.toEqual([]);
    offline = true;
    await expect(e.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
  });
});
