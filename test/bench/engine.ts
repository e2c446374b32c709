// The data engine in its worker thread, driven from this process as the main process drives it: a cold sync
// (pages of 1,000 from a stand-in platform in this process, no HTTP, so the main side pays what it pays in the
// app: handing each page to the worker), the snapshot write and open, filter + sort + totals, and the CSV export
// to a file. For every step, the longest block of this (main) process's event loop during it, from
// perf_hooks.monitorEventLoopDelay; then the subscriptions (sync, snapshot write/open, report and MRR movements) at 5,000
// and 100,000. Run: npx tsx test/bench/engine.ts [--sizes 100000,1000000] [--skip-subscriptions]  (also in npm run bench)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { CallArgs, PlatformCaller } from '../../electron/services/api/platform-caller';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EngineClient, engineWorkerEntry } from '../../electron/services/engine/client/engine-client';
import { memoryLogger } from '../../electron/services/log';
import type { OperationId } from '../../shared/platform/endpoints';
import { standInPage } from './stand-in-pages';
import type { Subscription } from '../../shared/platform/resources';
import { prng } from '../unit/data/synthetic-orders';
import { measured } from './measured';
import { comparisonInstantsOf } from '../../shared/date-range';

export interface EngineBenchRow {
  orders: number;
  /** The longest block of this event loop while it does nothing for 3 s: what the machine's load alone causes. */
  idleBlockMs: number;
  syncMs: number;
  syncBlockMs: number;
  writeMs: number;
  writeBlockMs: number;
  snapshotMb: number;
  openMs: number;
  openWallMs: number;
  openBlockMs: number;
  queryMs: number;
  queryBlockMs: number;
  /** Sales report for a year by day and for three years by month (median of the runs), in the worker. */
  salesMs: number;
  salesBlockMs: number;
  exportMs: number;
  exportBlockMs: number;
  /** CPU time of the main thread during sync / write / open / queries / sales / export. */
  mainCpuMs: [number, number, number, number, number, number];
}

const SCHOOL = 'https://bench.example.test#admin';

/**
 * The platform's listOrders for `count` synthetic orders, each page made when asked (1,000 orders, ids unique per
 * page) in a thread of its own and handed over as JSON bytes, as the network hands them to the app's API client:
 * the main process holds no copy of the school and pays only what it pays in the app (passing the bytes on to
 * the engine's worker). `call` (parsed pages, in this thread) remains for callers that want objects.
 */
export class StandInPlatform implements PlatformCaller {
  #pages: Worker | null = null;
  #next = 1;
  readonly #waiting = new Map<number, (bytes: Uint8Array) => void>();
  /** Pages served parsed (in this thread) and as bytes. */
  parsedPages = 0;
  bytePages = 0;
  constructor(private readonly count: number, private readonly subscriptions = 0) {}
  async call<S extends z.ZodType>(_accountId: string, operation: OperationId, _schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    if (operation !== 'listOrders') throw new Error(`the bench platform serves listOrders only, not ${operation}`);
    this.parsedPages++;
    return standInPage(this.count, Number(args.query?.cursor ?? 0), Number(args.query?.limit ?? 1000)) as z.output<S>;
  }
  async callBytes(_accountId: string, operation: OperationId, args: CallArgs = {}): Promise<Uint8Array> {
    if (operation === 'listSubscriptions' && this.subscriptions > 0) {
      return new TextEncoder().encode(JSON.stringify(standInSubscriptionsPage(this.subscriptions, Number(args.query?.cursor ?? 0), Number(args.query?.limit ?? 1000))));
    }
    if (operation !== 'listOrders') throw new Error(`the bench platform serves listOrders only, not ${operation}`);
    if (!this.#pages) {
      this.#pages = new Worker(fileURLToPath(new URL('./stand-in-pages.ts', import.meta.url)), { execArgv: engineWorkerEntry().execArgv });
      this.#pages.unref();
      this.#pages.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
        this.#waiting.get(id)?.(bytes);
        this.#waiting.delete(id);
      });
    }
    this.bytePages++;
    const id = this.#next++;
    const pages = this.#pages;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      pages.postMessage({ id, count: this.count, start: Number(args.query?.cursor ?? 0), limit: Number(args.query?.limit ?? 1000) });
    });
  }
  async paginate(): Promise<never> {
    throw new Error('not used by the engine');
  }
  async close(): Promise<void> {
    await this.#pages?.terminate();
    this.#pages = null;
  }
}

const SUBSCRIPTION_STATES = ['active', 'active', 'active', 'active', 'past_due', 'trialing', 'canceled', 'canceled', 'expired', 'incomplete'] as const;
const SUBSCRIPTION_CURRENCIES = ['USD', 'EUR', 'JPY', 'TWD'] as const;

/** One page of `count` synthetic subscriptions (about 1.3 per member, four currencies, started 2022–2026). */
function standInSubscriptionsPage(count: number, start: number, limit: number): { data: Subscription[]; meta: { total: number; limit: number; next_cursor: string | null } } {
  const size = Math.max(0, Math.min(limit, count - start));
  const data: Subscription[] = [];
  for (let k = start; k < start + size; k++) {
    const random = prng(k + 1);
    const state = SUBSCRIPTION_STATES[Math.floor(random() * SUBSCRIPTION_STATES.length)]!;
    const interval = random() < 0.75 ? 'month' : random() < 0.95 ? 'year' : 'day';
    const started = Date.UTC(2022, 0, 1) + Math.floor(random() * 4.8 * 365 * 86_400_000);
    const ended = state === 'canceled' || state === 'expired' ? Math.min(Date.UTC(2026, 10, 20), started + Math.floor(random() * 700 * 86_400_000)) : null;
    const iso = (t: number) => new Date(t).toISOString();
    const member = Math.floor(k / 1.3);
    data.push({
      id: `sub_${String(k).padStart(7, '0')}`, member_id: `mem_${String(member).padStart(7, '0')}`, member_name: `Member ${member}`, plan_id: `plan_${k % 7}`,
      state, currency: SUBSCRIPTION_CURRENCIES[member % SUBSCRIPTION_CURRENCIES.length]!, amount: (5 + Math.floor(random() * 60)) * (interval === 'year' ? 1000 : 100), interval,
      started_at: iso(started), current_period_start: iso(Date.UTC(2026, 9, 21)), current_period_end: iso(Date.UTC(2026, 10, 21)),
      next_charge_at: state === 'active' ? iso(Date.UTC(2026, 10, 21)) : null, canceling: state === 'active' && random() < 0.1, canceled_at: ended === null ? null : iso(ended),
      updated_at: iso(ended ?? started),
    });
  }
  return { data, meta: { total: count, limit, next_cursor: start + size < count ? String(start + size) : null } };
}

export interface SubscriptionsBenchRow {
  subscriptions: number;
  syncMs: number;
  /** Sealing and writing the snapshot after the sync (engine.idle's wall time from here). */
  writeMs: number;
  writeBlockMs: number;
  snapshotMb: number;
  /** A new worker opening the snapshot (subscriptions.status), wall time from here. */
  openMs: number;
  openBlockMs: number;
  reportMs: number;
  reportBlockMs: number;
  movementsMs: number;
  movementsBlockMs: number;
}

/** The subscriptions side: full sync, snapshot write and open in a new worker, then the report and the MRR movements for six ranges (median). */
export async function benchSubscriptions(count: number, log: (line: string) => void = console.log): Promise<SubscriptionsBenchRow> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-subscriptions-'));
  const key = randomBytes(32);
  const platform = new StandInPlatform(0, count);
  const client = () => new EngineClient({ caller: platform, keyFor: async () => key, emit: () => undefined, logger: memoryLogger(), snapshotDir: dir });
  try {
    const first = client();
    await first.call('engine.idle', {});
    const sync = await measured(() => first.call('subscriptions.sync', { accountId: SCHOOL, jobId: 'sync' }));
    if (sync.value.data.count !== count) throw new Error(`synced ${sync.value.data.count} of ${count} subscriptions`);
    const write = await measured(() => first.call('engine.idle', {}));
    await first.close();
    const { readdir } = await import('node:fs/promises');
    let bytes = 0;
    for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size;

    const second = client();
    await second.call('engine.idle', {});
    const open = await measured(() => second.call('subscriptions.status', { accountId: SCHOOL }));
    if (open.value.count !== count) throw new Error(`opened ${open.value.count} of ${count} subscriptions`);
    const ranges = [
      ['2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'], ['2022-01-01T00:00:00Z', '2026-11-01T00:00:00Z'], ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
      ['2024-06-01T00:00:00Z', '2024-07-01T00:00:00Z'], ['2023-01-01T00:00:00Z', '2025-01-01T00:00:00Z'], ['2025-07-01T00:00:00Z', '2025-10-01T00:00:00Z'],
    ] as const;
    const reports: { ms: number; blockMs: number }[] = [];
    const movements: { ms: number; blockMs: number }[] = [];
    for (const [from, to] of ranges) {
      reports.push(await measured(() => second.call('subscriptions.report', { accountId: SCHOOL, from, to })));
      movements.push(await measured(() => second.call('subscriptions.movements', { accountId: SCHOOL, from, to })));
    }
    await second.close();
    const median = (runs: { ms: number }[]) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!.ms;
    const row: SubscriptionsBenchRow = {
      subscriptions: count,
      syncMs: sync.ms,
      writeMs: write.ms,
      writeBlockMs: write.blockMs,
      snapshotMb: bytes / 1048576,
      openMs: open.ms,
      openBlockMs: open.blockMs,
      reportMs: median(reports),
      reportBlockMs: Math.max(...reports.map((r) => r.blockMs)),
      movementsMs: median(movements),
      movementsBlockMs: Math.max(...movements.map((r) => r.blockMs)),
    };
    log(`  ${count.toLocaleString('en')} subscriptions: full sync ${(row.syncMs / 1000).toFixed(2)} s, snapshot ${row.snapshotMb.toFixed(1)} MB write ${row.writeMs.toFixed(0)} ms / open ${row.openMs.toFixed(0)} ms, report ${row.reportMs.toFixed(0)} ms, MRR movements ${row.movementsMs.toFixed(0)} ms (main blocked ≤ ${Math.max(row.writeBlockMs, row.openBlockMs, row.reportBlockMs, row.movementsBlockMs).toFixed(0)} ms)`);
    return row;
  } finally {
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function subscriptionsBenchTable(rows: SubscriptionsBenchRow[]): string {
  const head = '| subscriptions | full sync (stand-in platform, pages of 1,000) | snapshot on disk | snapshot write | snapshot open (new worker) | subscriptions report (median, round trip) | MRR movements (median, round trip) | longest main-process block: write / open / report / movements |';
  const sep = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const lines = rows.map((r) => `| ${r.subscriptions.toLocaleString('en')} | ${(r.syncMs / 1000).toFixed(2)} s | ${r.snapshotMb.toFixed(1)} MB | ${r.writeMs.toFixed(0)} ms | ${r.openMs.toFixed(0)} ms | ${r.reportMs.toFixed(0)} ms | ${r.movementsMs.toFixed(0)} ms | ${[r.writeBlockMs, r.openBlockMs, r.reportBlockMs, r.movementsBlockMs].map((ms) => ms.toFixed(0)).join(' / ')} ms |`);
  return [head, sep, ...lines].join('\n');
}

export async function benchEngine(count: number, log: (line: string) => void = console.log): Promise<EngineBenchRow> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-engine-'));
  const key = randomBytes(32);
  const platform = new StandInPlatform(count);
  const client = () => new EngineClient({ caller: platform, keyFor: async () => key, emit: () => undefined, logger: memoryLogger(), snapshotDir: dir });
  try {
    const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    const first = client();
    await first.call('engine.idle', {}); // worker started before timing
    const sync = await measured(() => first.call('orders.load', { accountId: SCHOOL, mode: 'full', jobId: 'sync' }));
    if (sync.value.data.count !== count) throw new Error(`synced ${sync.value.data.count} of ${count}`);
    const write = await measured(() => first.call('engine.idle', {}));
    const info = await first.call('orders.snapshotInfo', { accountId: SCHOOL });
    await first.close();

    const second = client();
    await second.call('engine.idle', {});
    const open = await measured(() => second.call('orders.status', { accountId: SCHOOL }));
    if (open.value.count !== count) throw new Error(`opened ${open.value.count} of ${count}`);
    const reopened = await second.call('orders.snapshotInfo', { accountId: SCHOOL });
    const sort = { key: 'paidAt', direction: 'desc' } as const;
    const queries = [{ currency: 'TWD' }, { states: ['paid' as const] }, { from: '2024-03-01T00:00:00Z', to: '2024-09-01T00:00:00Z' }, { coupon: 'vip', currency: 'USD' }, { courseId: 'course_4' }];
    const queryRuns: { ms: number; blockMs: number; cpuMs: number }[] = [];
    for (const filters of queries) queryRuns.push(await measured(() => second.call('orders.query', { accountId: SCHOOL, filters, sort, offset: 0, limit: 200 })));
    queryRuns.sort((a, b) => a.ms - b.ms);
    const query = queryRuns[Math.floor(queryRuns.length / 2)]!;
    const salesRuns: { ms: number; blockMs: number; cpuMs: number }[] = [];
    for (const [from, to, interval, timeZone, courseId] of [
      ['2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 'day', 'UTC'], ['2023-06-01T00:00:00Z', '2026-06-01T00:00:00Z', 'month', 'America/New_York'],
      ['2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', 'week', 'Europe/Berlin'], ['2024-06-01T00:00:00Z', '2025-06-01T00:00:00Z', 'month', 'Asia/Tokyo'],
      ['2024-02-01T00:00:00Z', '2024-12-01T00:00:00Z', 'day', 'America/Santiago'], ['2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z', 'week', 'Australia/Lord_Howe', 'course_4'],
    ] as const) salesRuns.push(await measured(() => second.call('sales.report', { accountId: SCHOOL, from, to, interval, timeZone, courseId, ...comparisonInstantsOf({ from, to }, timeZone) })));
    salesRuns.sort((a, b) => a.ms - b.ms);
    const path = join(dir, 'export.csv');
    const exported = await measured(() => second.call('orders.exportCsvFile', { accountId: SCHOOL, jobId: 'export', filters: {}, sort, timeZone: 'Asia/Taipei', locale: 'zh-TW', path }));
    if (exported.value.data.rows !== count) throw new Error(`exported ${exported.value.data.rows} of ${count}`);
    const csvMb = (await stat(path)).size / 1048576;
    await second.close();

    const row: EngineBenchRow = {
      orders: count,
      idleBlockMs: idle.blockMs,
      syncMs: sync.ms,
      syncBlockMs: sync.blockMs,
      writeMs: info?.writeMs ?? write.ms,
      writeBlockMs: write.blockMs,
      snapshotMb: (info?.bytes ?? 0) / 1048576,
      openMs: reopened?.openMs ?? open.ms,
      openWallMs: open.ms,
      openBlockMs: open.blockMs,
      queryMs: query.ms,
      queryBlockMs: Math.max(...queryRuns.map((r) => r.blockMs)),
      salesMs: salesRuns[Math.floor(salesRuns.length / 2)]!.ms,
      salesBlockMs: Math.max(...salesRuns.map((r) => r.blockMs)),
      exportMs: exported.ms,
      exportBlockMs: exported.blockMs,
      mainCpuMs: [sync.cpuMs, write.cpuMs, open.cpuMs, queryRuns.reduce((sum, r) => sum + r.cpuMs, 0), salesRuns.reduce((sum, r) => sum + r.cpuMs, 0), exported.cpuMs],
    };
    log(`  ${count.toLocaleString('en')} orders: cold sync ${(row.syncMs / 1000).toFixed(1)} s (main blocked ≤ ${row.syncBlockMs.toFixed(0)} ms), snapshot ${row.snapshotMb.toFixed(0)} MB write ${row.writeMs.toFixed(0)} ms / open ${row.openMs.toFixed(0)} ms (${row.openWallMs.toFixed(0)} ms from main), filter+sort ${row.queryMs.toFixed(0)} ms, sales report ${row.salesMs.toFixed(0)} ms, CSV ${csvMb.toFixed(0)} MB in ${(row.exportMs / 1000).toFixed(2)} s (main blocked ≤ ${row.exportBlockMs.toFixed(0)} ms; ≤ ${row.idleBlockMs.toFixed(0)} ms when idle); main-thread CPU sync/write/open/query/sales/export ${row.mainCpuMs.map((ms) => ms.toFixed(0)).join(' / ')} ms`);
    return row;
  } finally {
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function engineTable(rows: EngineBenchRow[]): string {
  const head = '| orders | cold sync (stand-in platform, pages of 1,000) | snapshot on disk | snapshot write | snapshot open, ready to filter | filter + sort + totals (median) | sales report (median, round trip) | CSV export to a file (all rows) | longest main-process block: sync / write / open / query / sales / export | the same, idle for 3 s | main-thread CPU during: sync / write / open / queries / sales / export |';
  const sep = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const lines = rows.map((r) => `| ${r.orders.toLocaleString('en')} | ${(r.syncMs / 1000).toFixed(1)} s | ${r.snapshotMb.toFixed(0)} MB | ${r.writeMs.toFixed(0)} ms | ${r.openMs.toFixed(0)} ms (${r.openWallMs.toFixed(0)} ms from main) | ${r.queryMs.toFixed(0)} ms | ${r.salesMs.toFixed(0)} ms | ${(r.exportMs / 1000).toFixed(2)} s | ${[r.syncBlockMs, r.writeBlockMs, r.openBlockMs, r.queryBlockMs, r.salesBlockMs, r.exportBlockMs].map((ms) => ms.toFixed(0)).join(' / ')} ms | ${r.idleBlockMs.toFixed(0)} ms | ${r.mainCpuMs.map((ms) => ms.toFixed(0)).join(' / ')} ms |`);
  return [head, sep, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--sizes');
  const sizes = (at >= 0 ? (process.argv[at + 1] ?? '').split(',') : process.argv.slice(2)).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows: EngineBenchRow[] = [];
  for (const size of sizes.length ? sizes : [100_000, 1_000_000]) rows.push(await benchEngine(size));
  const subscriptionRows: SubscriptionsBenchRow[] = [];
  if (!process.argv.includes('--skip-subscriptions')) for (const size of [5_000, 100_000]) subscriptionRows.push(await benchSubscriptions(size));
  console.log(`\nNode ${process.version}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`\n${engineTable(rows)}`);
  if (subscriptionRows.length) console.log(`\n${subscriptionsBenchTable(subscriptionRows)}`);
  process.exit(0);
}
