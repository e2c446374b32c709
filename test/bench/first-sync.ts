// A large school's first sync against the real platform: the sandbox in a process of its own with N orders,
// signed in through its consent page, then, in one run:
//   - the floor: every page of the school's orders at the largest page size, fetched and JSON.parse'd and
//     nothing else, sequentially and in disjoint slices at once (the faster is the floor), the slices measured
//     just before and just after each sync (the box's speed drifts within a minute: the pair is judged against
//     the mean of the two);
//   - the app's first sync: the data engine (its worker) through the app's API client, from `orders.load` to
//     every order in, the time to the first rows a query answers, and the longest main-process block with the
//     main thread's own CPU time in it (measured.ts: a real block, or the box not scheduling the process).
// Run: npx tsx test/bench/first-sync.ts [--sizes 100000,1000000] [--rounds N: N syncs, each between two floors]
// (also in npm run bench)
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ApiClient } from '../../electron/services/api/api-client';
import { EngineClient } from '../../electron/services/engine/client/engine-client';
import { memoryLogger } from '../../electron/services/log';
import { businessUrl } from '../../electron/services/net/business-url';
import { OPERATIONS } from '../../shared/platform/endpoints';
import { allOrdersWalks } from '../../electron/services/platform/orders-feed';
import type { PageRequest } from '../../electron/services/platform/page-request';
import type { SyncProfileData } from '../../electron/services/engine/contract/protocol';
import { openSignIn, tempDir } from '../integration/sign-in/harness';
import { launchChromium } from '../support/chromium';
import { consentClicker } from '../support/consent-browser';
import { measured, type LongestGap } from './measured';
import { startSandboxProcess } from './sandbox-process';

export interface FirstSyncRow {
  orders: number;
  /** The signed-in school's orders. */
  schoolOrders: number;
  floorSequentialMs: number;
  /** The floor in slices just before the sync and just after it. */
  floorSlicedMs: number;
  floorSlicedAfterMs: number;
  floorSlices: number;
  syncMs: number;
  firstRowsMs: number | null;
  syncBlockMs: number;
  /** The main thread's own CPU time during the sync, and inside its longest gap (a real block: CPU ≈ gap). */
  syncCpuMs: number;
  longestGap: LongestGap;
  busiestGap: LongestGap;
  gcMaxMs: number;
  gcMs: number;
  /** Where the sync's time went, measured in the worker. */
  profile: SyncProfileData | null;
  /** The platform's (the sandbox process's) own CPU time during the floor in slices and during the sync (null without /proc). */
  platformFloorCpuMs: number | null;
  platformSyncCpuMs: number | null;
  load: number;
}

type Query = Record<string, string>;

/** As many slices at once as the engine runs (orders-sync.ts). */
const SLICES_AT_ONCE = 3;

/** Every page of each slice (at most `concurrency` slices at once), fetched and parsed, nothing else; the orders counted. */
async function floor(url: (query: Query) => string, token: string, slices: Query[], concurrency: number): Promise<{ ms: number; orders: number }> {
  const decoder = new TextDecoder();
  let orders = 0;
  const queue = [...slices];
  const walk = async () => {
    for (let slice = queue.shift(); slice; slice = queue.shift()) {
      let cursor: string | null = null;
      do {
        const response = await fetch(url({ ...slice, limit: '1000', ...(cursor ? { cursor } : {}) }), { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
        if (!response.ok) throw new Error(`listOrders answered ${response.status}`);
        const page = JSON.parse(decoder.decode(await response.arrayBuffer())) as { data: unknown[]; meta: { next_cursor: string | null } };
        orders += page.data.length;
        cursor = page.data.length ? page.meta.next_cursor : null;
      } while (cursor);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, walk));
  return { ms: performance.now() - started, orders };
}

/** `work` with a thread beside it that burns the CPU `duty` of each 10 ms and sleeps the rest. */
async function besideBusyThread<T>(duty: number, work: () => Promise<T>): Promise<T> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const busy = new Worker(
    `const { workerData: { stop, busyMs, idleMs } } = require('node:worker_threads');
     while (Atomics.load(stop, 0) === 0) {
       const until = performance.now() + busyMs;
       while (performance.now() < until) {}
       if (idleMs > 0) Atomics.wait(stop, 0, 0, idleMs);
     }`,
    { eval: true, workerData: { stop, busyMs: duty * 10, idleMs: (1 - duty) * 10 } },
  );
  await once(busy, 'online');
  try {
    return await work();
  } finally {
    Atomics.store(stop, 0, 1);
    Atomics.notify(stop, 0);
    await once(busy, 'exit');
  }
}

/** The feed's own disjoint slices of every order (platform/orders-feed.ts), as plain queries. */
async function floorSlices(accountId: string, url: (query: Query) => string, token: string, total: number): Promise<Query[]> {
  const ask = async (request: PageRequest) => {
    const response = await fetch(url(Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)]))), { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as unknown;
  };
  const walks = await allOrdersWalks(accountId, total, ask);
  return walks.map((walk) => Object.fromEntries(Object.entries(walk.first.query).filter(([k]) => k !== 'limit').map(([k, v]) => [k, String(v)])));
}

export async function benchFirstSync(count: number, { rounds = 1, log = console.log }: { rounds?: number; log?: (line: string) => void } = {}): Promise<FirstSyncRow[]> {
  const sandbox = await startSandboxProcess(count);
  const browser = await launchChromium();
  const dir = await tempDir('bench-first-sync-');
  try {
    const signIn = await openSignIn(dir.path, { openExternal: consentClicker(browser, { decision: 'Allow' }) });
    const account = await signIn.auth.connect(sandbox.url);
    await browser.close(); // the two cores are for the platform and the app from here on
    const accountId = account.id;
    const api = new ApiClient(signIn.auth, { logger: memoryLogger() });
    const token = await signIn.auth.accessToken(accountId);
    const key = randomBytes(32);
    const url = (query: Query) => {
      const target = businessUrl(signIn.auth.apiBase(accountId), OPERATIONS.listOrders.path);
      for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
      return target.href;
    };

    // Warm the platform (its first query builds its indexes), then the floor both ways.
    await floor(url, token, [{ sort: 'created_at' }], 1);
    const sequential = await floor(url, token, [{ sort: 'created_at' }], 1);
    const slices = await floorSlices(accountId, url, token, sequential.orders);
    const rows: FirstSyncRow[] = [];
    // Each sync is measured between two floors in slices, back to back (a sync's floor after is the next one's
    // before): on a shared box the load moves within a minute, so only a sync against the floors around it
    // means much.
    const cpuDuring = async <T>(work: () => Promise<T>): Promise<[T, number | null]> => {
      const before = sandbox.cpuMs();
      const value = await work();
      const after = sandbox.cpuMs();
      return [value, before === null || after === null ? null : after - before];
    };
    const slicedFloor = async () => {
      const [sliced, cpuMs] = await cpuDuring(() => floor(url, token, slices, SLICES_AT_ONCE));
      if (sliced.orders !== sequential.orders) throw new Error(`the floor's slices held ${sliced.orders} orders, the list ${sequential.orders}`);
      return { ...sliced, cpuMs };
    };
    let next = await slicedFloor();
    for (let round = 0; round < rounds; round++) {
      const sliced = next;
      const platformFloorCpuMs = sliced.cpuMs;
      log(`  ${count.toLocaleString('en')} orders (${sequential.orders.toLocaleString('en')} in the school): floor ${(sequential.ms / 1000).toFixed(2)} s sequential, ${(sliced.ms / 1000).toFixed(2)} s in ${slices.length} slices, ${SLICES_AT_ONCE} at once`);
      const snapshots = await mkdtemp(join(tmpdir(), 'bench-first-sync-engine-'));
      const engine = new EngineClient({ caller: api, keyFor: async () => key, emit: () => undefined, logger: memoryLogger(), snapshotDir: snapshots });
      let synced: [SyncRow, number | null];
      try {
        synced = await cpuDuring(() => appSync(engine, { accountId, count, sequential, sliced, slices: slices.length, log }));
      } finally {
        await engine.close();
        await rm(snapshots, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      }
      // With the engine closed: nothing of the sync (its settle, its snapshot) runs beside the floor after it.
      next = await slicedFloor();
      const [row, platformSyncCpuMs] = synced;
      const measuredRow = { ...row, floorSlicedAfterMs: next.ms, platformFloorCpuMs, platformSyncCpuMs };
      rows.push(measuredRow);
      const cpu = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
      log(`  then the floor in slices again: ${(next.ms / 1000).toFixed(2)} s; the sync = ${ratioToFloor(measuredRow).toFixed(2)} × the floors around it`);
      log(`  the platform's own CPU: ${cpu(platformFloorCpuMs)} serving the floor in slices, ${cpu(platformSyncCpuMs)} during the sync`);
    }
    // What a second thread of the client costs the floor itself on this box: the floor in slices again, with a
    // thread beside it busy the share of the time the engine's worker was during the syncs (the app's design
    // has that thread; the floor has one thread only, and the platform shares the two cores with both).
    const shares = rows.map((r) => (r.profile ? r.profile.cpuMs / r.syncMs : 0));
    const duty = Math.min(1, shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length));
    const beside = await besideBusyThread(duty, slicedFloor);
    log(`  the floor in slices beside a thread busy ${(duty * 100).toFixed(0)} % of the time (the worker's share during the syncs): ${(beside.ms / 1000).toFixed(2)} s = ${(beside.ms / next.ms).toFixed(2)} × the floor just before it`);
    return rows;
  } finally {
    await browser.close().catch(() => undefined);
    await sandbox.stop();
    await dir.remove();
  }
}

interface Floors {
  accountId: string;
  count: number;
  sequential: { ms: number; orders: number };
  sliced: { ms: number; orders: number };
  slices: number;
  log: (line: string) => void;
}

type SyncRow = Omit<FirstSyncRow, 'floorSlicedAfterMs' | 'platformFloorCpuMs' | 'platformSyncCpuMs'>;

/** The app's first sync of the school through a fresh engine, with what the Orders page would see meanwhile. */
async function appSync(engine: EngineClient, { accountId, count, sequential, sliced, slices, log }: Floors): Promise<SyncRow> {
  await engine.call('engine.idle', {}); // the worker is up before timing
  const started = performance.now();
  let firstRowsMs: number | null = null;
  let done = false;
  const sync = measured(() => engine.call('orders.load', { accountId, mode: 'full', jobId: 'first-sync' })).finally(() => (done = true));
  // What the Orders page asks while the sync runs: the newest paid orders, as soon as any answer.
  void (async () => {
    while (!done && firstRowsMs === null) {
      const answer = await engine.call('orders.query', { accountId, filters: {}, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 200, partial: true });
      if (answer.data.rows.length > 0) firstRowsMs = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const { value, ms, blockMs, cpuMs, longestGap, busiestGap, gcMaxMs, gcMs, gcCount } = await sync;
  if (value.data.count !== sequential.orders) throw new Error(`synced ${value.data.count} of ${sequential.orders}`);
  const profile = await engine.call('orders.syncProfile', { accountId });
  await engine.call('engine.idle', {});
  const row: SyncRow = {
    orders: count, schoolOrders: sequential.orders, floorSequentialMs: sequential.ms, floorSlicedMs: sliced.ms, floorSlices: slices,
    syncMs: ms, firstRowsMs, syncBlockMs: blockMs, syncCpuMs: cpuMs, longestGap, busiestGap, gcMaxMs, gcMs, profile, load: loadavg()[0]!,
  };
  const floorMs = Math.min(row.floorSequentialMs, row.floorSlicedMs);
  log(`  first sync ${(ms / 1000).toFixed(2)} s = ${(ms / floorMs).toFixed(2)} × the floor before it; first rows after ${firstRowsMs === null ? '–' : `${(firstRowsMs / 1000).toFixed(2)} s`}; main blocked ≤ ${blockMs.toFixed(0)} ms (load ${row.load.toFixed(1)})`);
  log(`  main thread: ${cpuMs.toFixed(0)} ms CPU in all; longest gap ${longestGap.wallMs.toFixed(0)} ms with ${longestGap.cpuMs.toFixed(0)} ms of its own CPU in it (the rest: not scheduled); most CPU in one gap ${busiestGap.cpuMs.toFixed(0)} ms (of ${busiestGap.wallMs.toFixed(0)} ms); GC ${gcCount} pauses, ${gcMs.toFixed(0)} ms, longest ${gcMaxMs.toFixed(0)} ms`);
  if (profile) log(`  in the worker: ${describeProfile(profile)}`);
  return row;
}

/** The floor a sync is judged against: sequential (measured once) or the mean of the slices' floors around it, whichever is faster. */
function floorOf(row: FirstSyncRow): number {
  return Math.min(row.floorSequentialMs, (row.floorSlicedMs + row.floorSlicedAfterMs) / 2);
}

function ratioToFloor(row: FirstSyncRow): number {
  return row.syncMs / floorOf(row);
}

/** The within-1.5 target of the first sync (issue: "within 1.5 × of the floor"). */
const TARGET = 1.5;

/** Per size: the median ratio over its syncs, their range and how many are within the target. */
export function firstSyncSummary(rows: FirstSyncRow[]): string {
  const sizes = [...new Set(rows.map((r) => r.orders))];
  return sizes.map((size) => {
    const of = rows.filter((r) => r.orders === size);
    const ratios = of.map(ratioToFloor).sort((a, b) => a - b);
    const mid = ratios.length / 2;
    const median = ratios.length % 2 ? ratios[Math.floor(mid)]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
    const within = ratios.filter((r) => r <= TARGET).length;
    const firstRows = of.map((r) => r.firstRowsMs).filter((ms): ms is number => ms !== null);
    const worstFirstRows = firstRows.length ? `${(Math.max(...firstRows) / 1000).toFixed(2)} s` : '–';
    return `${size.toLocaleString('en')} orders (${of[0]!.schoolOrders.toLocaleString('en')} in the school), ${of.length} syncs: ratio to the floor median ${median.toFixed(2)} (${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}), ${within} of ${of.length} within ${TARGET}; first rows after ${worstFirstRows} at most; main blocked ≤ ${Math.max(...of.map((r) => r.syncBlockMs)).toFixed(0)} ms`;
  }).join('\n');
}

/** Each step's share of the sync's wall time; waiting is what is left (the worker idle until a page comes). */
function stepShares(p: SyncProfileData): { fetch: number; scan: number; parse: number; validate: number; map: number; index: number } {
  const { scan, parse, validate, map, index } = p.steps;
  const share = (ms: number) => ms / p.wallMs;
  return { fetch: share(Math.max(0, p.wallMs - scan - parse - validate - map - index)), scan: share(scan), parse: share(parse), validate: share(validate), map: share(map), index: share(index) };
}

function describeProfile(p: SyncProfileData): string {
  const shares = stepShares(p);
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  const perPage = (ms: number) => (p.pages ? (ms / p.pages).toFixed(2) : '–');
  const walks = p.walkEndsMs.map((ms) => (ms / 1000).toFixed(1)).join(', ');
  return `${p.pages} pages, ${p.requests} requests; first page after ${p.firstPageMs === null ? '–' : `${p.firstPageMs.toFixed(0)} ms`}; walks ended at ${walks} s; waiting for the platform ${pct(shares.fetch)}, scan (parse, validate and map in one pass over the bytes) ${pct(shares.scan)} (${perPage(p.steps.scan)} ms a page), pages the scan left to the general way: parse ${pct(shares.parse)} (${perPage(p.steps.parse)} ms a page), validate ${pct(shares.validate)} (${perPage(p.steps.validate)}), map ${pct(shares.map)} (${perPage(p.steps.map)}), index ${pct(shares.index)} (${perPage(p.steps.index)}); worker CPU ${(p.cpuMs / 1000).toFixed(2)} s`;
}

export function firstSyncTable(rows: FirstSyncRow[]): string {
  const head = '| orders (in the school) | floor: sequential / slices at once, before and after the sync | first sync | ratio to the floor | first rows | fetch (waiting) / scan (parse + validate + map) / general way: parse / validate / map / index | longest main-process block (its own CPU in it) | main thread\'s own CPU: all / most between two turns | worker CPU | the platform\'s CPU: floor / sync | load average |';
  const sep = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = rows.map((r) => {
    const shares = r.profile ? Object.values(stepShares(r.profile)).map((x) => `${(x * 100).toFixed(0)} %`).join(' / ') : '–';
    return `| ${r.orders.toLocaleString('en')} (${r.schoolOrders.toLocaleString('en')}) | ${s(r.floorSequentialMs)} / ${s(r.floorSlicedMs)}, ${s(r.floorSlicedAfterMs)} (${r.floorSlices}) | ${s(r.syncMs)} | ${ratioToFloor(r).toFixed(2)} | ${r.firstRowsMs === null ? '–' : s(r.firstRowsMs)} | ${shares} | ${r.syncBlockMs.toFixed(0)} ms (${r.longestGap.cpuMs.toFixed(0)} ms) | ${r.syncCpuMs.toFixed(0)} / ${r.busiestGap.cpuMs.toFixed(0)} ms | ${r.profile ? s(r.profile.cpuMs) : '–'} | ${r.platformFloorCpuMs === null ? '–' : s(r.platformFloorCpuMs)} / ${r.platformSyncCpuMs === null ? '–' : s(r.platformSyncCpuMs)} | ${r.load.toFixed(1)} |`;
  });
  return [head, sep, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--sizes');
  const sizes = (at >= 0 ? (process.argv[at + 1] ?? '').split(',') : []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const roundsAt = process.argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Math.max(1, Number(process.argv[roundsAt + 1]) || 1) : 1;
  const rows: FirstSyncRow[] = [];
  for (const size of sizes.length ? sizes : [100_000, 1_000_000]) rows.push(...(await benchFirstSync(size, { rounds })));
  console.log(`\nNode ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${firstSyncTable(rows)}\n\n${firstSyncSummary(rows)}`);
  process.exit(0);
}
