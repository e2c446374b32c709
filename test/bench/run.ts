// The dashboards' benchmark (npm run bench; not a test: it prints numbers, it asserts nothing).
// For each size (default 100,000 and 1,000,000 orders): the sandbox in its own process, the browser host
// (the same main-process services as the desktop app) on a fresh data dir, headless Chromium signed in
// through the real consent page, then
//   - cold start without cache: launch to the Orders dashboard showing rows (includes loading every order),
//   - the orders query: filter and sort through the host's handlers (the engine) and through the page,
//   - the renderer's JS heap and the longest frame while scrolling the orders list,
//   - second launch on the same data dir (with cache): launch to rows on screen.
// Then the first sync against the floor (test/bench/first-sync.ts) and the data engine's numbers (test/bench/engine.ts). Loopback only; every step has a
// time limit. Usage: npm run bench [-- 100000 1000000 | --sizes 100000,1000000] [--rounds 3] [--sync-rounds 5] [--trace <dir>] [--renderer <built dir>] [--skip-ui] [--skip-first-sync] [--skip-engine] [--skip-subscriptions] [--skip-students] [--skip-learning]
// (each round scrolls ~4 s; the frame figures are the worst round's)
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import type { MethodName, MethodInput, MethodOutput } from '../../shared/ipc';
import { launchChromium } from '../support/chromium';
import { consentClicker } from '../support/consent-browser';
import { benchEngine, benchSubscriptions, engineTable, subscriptionsBenchTable, type EngineBenchRow, type SubscriptionsBenchRow } from './engine';
import { describeFrameCpu, frameCpu } from './frame-trace';
import { benchFirstSync, firstSyncSummary, firstSyncTable, type FirstSyncRow } from './first-sync';
import { benchStudents, studentsTable, type StudentsBenchRow } from './students';
import { benchLearning, learningTable, type LearningBenchRow } from './learning';
import { startSandboxProcess } from './sandbox-process';

const STEP_TIMEOUT = 15 * 60_000;
const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
const sizesOption = option('--sizes');
const sizes = (sizesOption ? sizesOption.split(',') : args.filter((a, i) => !['--rounds', '--sync-rounds', '--trace', '--renderer'].includes(args[i - 1] ?? ''))).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const TRACE_DIR = option('--trace');
/** Another build of the renderer (e.g. a previous commit's, for a before/after comparison on the same box). */
const RENDERER_DIR = option('--renderer');
const SCROLL_ROUNDS = Math.max(1, Number(option('--rounds') ?? 3) || 3);
const SIZES = sizes.length ? sizes : [100_000, 1_000_000];
/** First syncs per size, each between two floors: one pair's ratio moves with the box; their median much less. */
const SYNC_ROUNDS = Math.max(1, Number(option('--sync-rounds') ?? 5) || 5);

interface UiRow {
  orders: number;
  sandboxStartS: number;
  signInS: number;
  coldFirstDashboardS: number;
  loadAllS: number;
  queryFilterMs: number;
  querySortMs: number;
  pageFilterMs: number;
  pageSortMs: number;
  heapMb: number;
  longestFrameMs: number;
  /** The worst round's 95th percentile frame gap. */
  p95FrameMs: number;
  over50: number;
  frames: number;
  warmFirstDashboardS: number;
  warmBootS: number;
  schoolOrders: number;
  cacheMb: number;
}

const started = performance.now();
/** Progress on stderr, so a slow step shows where the time goes. */
function step(what: string): void {
  process.stderr.write(`    [${((performance.now() - started) / 1000).toFixed(1)} s] ${what}\n`);
}

function seconds(ms: number): number {
  return Math.round(ms / 10) / 100;
}

function invoke<M extends MethodName>(host: BrowserHost, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const handler = host.services.handlers[method] as ((i: unknown, c: { signal: AbortSignal }) => Promise<MethodOutput<M>>) | undefined;
  if (!handler) throw new Error(`no handler for ${method}`);
  return handler(input, { signal: new AbortController().signal });
}

async function openApp(browser: Browser, host: BrowserHost): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto(host.issueLaunchUrl());
  await page.waitForURL((url) => url.origin === host.origin && !url.pathname.startsWith('/launch'));
  return page;
}

async function ordersOnScreen(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByTestId('orders-table').locator('[role="row"][data-index="0"][data-order-id]').waitFor({ state: 'visible' });
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1048576;
}

interface ScrollFrames {
  frames: number;
  longest: number;
  p50: number;
  p95: number;
  over50: number;
  /** The long frames (over 50 ms): when (ms into the run), how long, what the scroll did just before, and how many rows still showed "Loading…". */
  slow: { at: number; ms: number; jump: boolean; loadingRows: number }[];
  /** Long tasks (over 50 ms) the page reported, with their start (ms into the run) and duration. */
  longTasks: { at: number; ms: number }[];
}

/** Scrolls the orders list for ~4 s in steps (as a fast wheel would) and records every requestAnimationFrame gap. */
// Runs in the page as plain source text: the bench itself is compiled by tsx, whose helpers do not exist there.
const SCROLL_SCRIPT = `(async () => {
  const scroller = document.querySelector('[data-testid="orders-scroll"]');
  if (!(scroller instanceof HTMLElement)) throw new Error('no orders list');
  const t0 = performance.now();
  const longTasks = [];
  const observer = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('longtask')
    ? new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push({ at: e.startTime - t0, ms: e.duration }); })
    : null;
  observer?.observe({ type: 'longtask' });
  const gaps = [];
  let last = performance.now();
  let running = true;
  let lastJump = false;
  function tick(now) {
    gaps.push({ at: now - t0, ms: now - last, jump: lastJump, loadingRows: scroller.querySelectorAll('.is-loading').length });
    last = now;
    if (running) requestAnimationFrame(tick);
  }
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  const end = performance.now() + 4000;
  let step = 0;
  while (performance.now() < end) {
    // Mostly wheel-sized steps, with a long jump now and then (dragging the scrollbar).
    lastJump = step % 25 === 24;
    scroller.scrollTop += lastJump ? scroller.scrollHeight / 10 : 600;
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 10) scroller.scrollTop = 0;
    step++;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  running = false;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer?.disconnect();
  const measured = gaps.slice(2);
  const sorted = measured.map((g) => g.ms).sort((a, b) => a - b);
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const slow = measured.filter((g) => g.ms > 50);
  return { frames: measured.length, longest: sorted[sorted.length - 1], p50: pick(0.5), p95: pick(0.95), over50: slow.length, slow, longTasks };
})()`;

/** Scrolls the orders list for ~4 s (see SCROLL_SCRIPT) and returns the frame-gap distribution. */
async function scrollFrames(page: Page): Promise<ScrollFrames> {
  return page.evaluate(SCROLL_SCRIPT) as Promise<ScrollFrames>;
}

function describeScroll(f: ScrollFrames): string {
  const slow = f.slow.map((s) => `${s.ms.toFixed(0)} ms at ${(s.at / 1000).toFixed(2)} s${s.jump ? ' after a long jump' : ''}${s.loadingRows ? `, ${s.loadingRows} rows loading` : ''}`);
  const tasks = f.longTasks.map((t) => `${t.ms.toFixed(0)} ms at ${(t.at / 1000).toFixed(2)} s`);
  return `${f.frames} frames: p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, longest ${f.longest.toFixed(1)} ms, ${f.over50} over 50 ms` +
    (slow.length ? `\n      long frames: ${slow.join('; ')}` : '') + (tasks.length ? `\n      long tasks: ${tasks.join('; ')}` : '');
}

/** Polls an expression in the page (page-level evaluation is not subject to the app's CSP, unlike waitForFunction's predicate). */
async function waitUntil(page: Page, expression: string, timeoutMs = STEP_TIMEOUT): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function benchUi(browser: Browser, orders: number): Promise<UiRow> {
  console.log(`\n== ${orders.toLocaleString('en')} orders`);
  const [sandbox, sandboxMs] = await timed(() => startSandboxProcess(orders, STEP_TIMEOUT));
  console.log(`  sandbox up in ${seconds(sandboxMs)} s`);
  const dataDir = await mkdtemp(join(tmpdir(), 'sc-bench-'));
  const hostOptions = { dataDir, ...(RENDERER_DIR ? { rendererDir: RENDERER_DIR } : {}), school: sandbox.url, schoolLabel: 'Demo school (local sandbox)', logger: memoryLogger(), openExternal: consentClicker(browser, { decision: 'Allow' }) };
  try {
    // Launch 1: no cache.
    step('starting the browser host');
    let host = await startBrowserHost(hostOptions);
    step('opening the app');
    let page = await openApp(browser, host);
    step('signing in');
    const [, signInMs] = await timed(async () => {
      await page.getByRole('region', { name: /Demo school/ }).getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByTestId('active-school').waitFor({ state: 'visible' });
    });
    console.log(`  signed in in ${seconds(signInMs)} s`);
    const accountId = (await invoke(host, 'accounts.list', {}))[0]!.id;
    const [, coldMs] = await timed(() => ordersOnScreen(page));
    const status = await invoke(host, 'data.orders.status', { accountId });
    console.log(`  cold, no cache: Orders dashboard with rows after ${seconds(coldMs)} s (${status.count} orders loaded)`);

    // A full reload, measured in the main process alone (the page idle, the first snapshot written).
    await invoke(host, 'data.cacheInfo', { accountId });
    const [, loadMs] = await timed(() => invoke(host, 'data.orders.load', { accountId, mode: 'full', jobId: 'bench-full' }));
    console.log(`  load all orders (main process, over HTTP, pages of 1000): ${seconds(loadMs)} s`);

    const sortKey = { key: 'paidAmount', direction: 'desc' } as const;
    const filters = [{ currency: 'USD' }, { states: ['refunded' as const] }, { text: 'an' }, { currency: 'TWD', states: ['paid' as const] }];
    const filterTimes: number[] = [];
    for (const f of filters) filterTimes.push((await timed(() => invoke(host, 'data.orders.query', { accountId, filters: f, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: 100 })))[1]);
    const [, sortMs] = await timed(() => invoke(host, 'data.orders.query', { accountId, filters: {}, sort: sortKey, offset: 0, limit: 100 }));
    const queryFilterMs = filterTimes.sort((a, b) => a - b)[Math.floor(filterTimes.length / 2)]!;
    // What one scrolling window costs the main process and weighs on the wire (it carries totals and facets too).
    const [windowAnswer, windowMs] = await timed(() => invoke(host, 'data.orders.query', { accountId, filters: {}, sort: sortKey, offset: 20_000, limit: 200 }));
    console.log(`  one window of 200 rows (main handler): ${windowMs.toFixed(1)} ms, ${(JSON.stringify(windowAnswer).length / 1024).toFixed(0)} KB of JSON (facets ${(JSON.stringify(windowAnswer.data.facets).length / 1024).toFixed(1)} KB)`);
    console.log(`  orders query: filter+sort+totals median ${queryFilterMs.toFixed(1)} ms, first sort by paid amount ${sortMs.toFixed(1)} ms`);

    // Through the page: a filter change until the match count changes; a sort click until the first row changes.
    const count = page.getByTestId('orders-match-count');
    const before = await count.getAttribute('data-count');
    const [, pageFilterMs] = await timed(async () => {
      await page.getByRole('group', { name: 'Order state' }).getByRole('button', { name: 'Refunded', exact: true }).click();
      await waitUntil(page, `document.querySelector('[data-testid="orders-match-count"]')?.getAttribute('data-count') !== ${JSON.stringify(before)}`);
    });
    const firstRow = page.getByTestId('orders-table').locator('[role="row"][data-index="0"]');
    const firstId = await firstRow.getAttribute('data-order-id');
    const [, pageSortMs] = await timed(async () => {
      await page.getByRole('columnheader', { name: /Refunded/ }).getByRole('button').click();
      await waitUntil(page, `(() => {
        const id = document.querySelector('[data-testid="orders-table"] [role="row"][data-index="0"]')?.getAttribute('data-order-id');
        return Boolean(id) && id !== ${JSON.stringify(firstId)};
      })()`);
    });
    console.log(`  through the page: filter ${pageFilterMs.toFixed(0)} ms, sort ${pageSortMs.toFixed(0)} ms (click to rows on screen)`);
    await page.getByRole('group', { name: 'Order state' }).getByRole('button', { name: 'Refunded', exact: true }).click();
    await waitUntil(page, `document.querySelector('[data-testid="orders-match-count"]')?.getAttribute('data-count') === ${JSON.stringify(before)}`);

    // The first scroll of the freshly loaded list, then more rounds over windows partly fetched already.
    const rounds: ScrollFrames[] = [];
    for (let round = 0; round < SCROLL_ROUNDS; round++) {
      // --trace <dir>: a Chrome trace of each round (chrome://tracing or the DevTools Performance panel), and
      // the main thread's CPU time per frame from it (wall time on a loaded box also counts waiting for a core).
      const tracePath = join(TRACE_DIR ?? '.', `scroll-${orders}-round${round + 1}.json`);
      if (TRACE_DIR) await browser.startTracing(page, { path: tracePath, screenshots: false, categories: ['devtools.timeline'] });
      const frames = await scrollFrames(page);
      console.log(`  scrolling, round ${round + 1}: ${describeScroll(frames)}`);
      if (TRACE_DIR) {
        await browser.stopTracing();
        console.log(`      ${describeFrameCpu(await frameCpu(tracePath))} (trace: ${tracePath})`);
      }
      rounds.push(frames);
    }
    const worst = rounds.reduce((a, b) => (b.longest > a.longest ? b : a));
    const frames = rounds.reduce((n, r) => n + r.frames, 0);
    const over50 = rounds.reduce((n, r) => n + r.over50, 0);
    const heap = await heapMb(page);
    console.log(`  scrolling, all rounds: ${frames} frames, longest ${worst.longest.toFixed(1)} ms, ${over50} over 50 ms; renderer JS heap ${heap.toFixed(1)} MB`);

    const info = await invoke(host, 'data.cacheInfo', { accountId }); // also waits for the snapshot write
    console.log(`  offline cache: ${(info.bytes / 1048576).toFixed(1)} MB in ${info.entries} entries (orders kept: ${info.orders?.count ?? 'none'})`);
    step('closing the first launch');
    await page.close();
    await host.close();

    // Launch 2: same data dir, with cache.
    host = await startBrowserHost(hostOptions);
    page = await openApp(browser, host);
    const [, bootMs] = await timed(() => page.getByTestId('active-school').waitFor({ state: 'visible' }));
    const [, warmMs] = await timed(() => ordersOnScreen(page));
    console.log(`  second launch, with cache: signed-in frame after ${seconds(bootMs)} s, then Orders dashboard with rows after ${seconds(warmMs)} s`);
    step('closing the second launch');
    await page.close();
    await host.close();
    step('done');

    return {
      orders, schoolOrders: status.count ?? 0, sandboxStartS: seconds(sandboxMs), signInS: seconds(signInMs), coldFirstDashboardS: seconds(coldMs), loadAllS: seconds(loadMs),
      queryFilterMs, querySortMs: sortMs, pageFilterMs, pageSortMs, heapMb: heap, longestFrameMs: worst.longest, p95FrameMs: Math.max(...rounds.map((r) => r.p95)), over50, frames,
      warmFirstDashboardS: seconds(warmMs), warmBootS: seconds(bootMs), cacheMb: info.bytes / 1048576,
    };
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

function uiTable(rows: UiRow[]): string {
  const head = '| orders (in the school) | first launch: Orders → rows, no cache (loads all) | second launch: app → signed-in frame | second launch: Orders → rows, with cache | load all orders (HTTP) | filter+sort+totals, main | first sort, main | filter, page | sort, page | renderer JS heap | longest frame scrolling | offline cache |';
  const sep = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const lines = rows.map((r) => `| ${r.orders.toLocaleString('en')} (${r.schoolOrders.toLocaleString('en')}) | ${r.coldFirstDashboardS} s | ${r.warmBootS} s | ${r.warmFirstDashboardS} s | ${r.loadAllS} s | ${r.queryFilterMs.toFixed(1)} ms | ${r.querySortMs.toFixed(0)} ms | ${r.pageFilterMs.toFixed(0)} ms | ${r.pageSortMs.toFixed(0)} ms | ${r.heapMb.toFixed(0)} MB | ${r.longestFrameMs.toFixed(0)} ms (p95 ${r.p95FrameMs.toFixed(0)} ms, ${r.over50} over 50 ms, ${r.frames} frames) | ${r.cacheMb.toFixed(1)} MB |`);
  return [head, sep, ...lines].join('\n');
}

if (!args.includes('--skip-ui') && !existsSync(join(RENDERER_DIR ?? 'dist/renderer', 'index.html'))) {
  console.error('The renderer is not built: run `npm run build` first.');
  process.exit(2);
}
const browser = await launchChromium();
const uiRows: UiRow[] = [];
try {
  for (const size of args.includes('--skip-ui') ? [] : SIZES) {
    try {
      uiRows.push(await benchUi(browser, size));
    } catch (error) {
      console.error(`  ${size} orders: the UI run failed: ${(error as Error).message}`);
    }
  }
} finally {
  await browser.close();
}
const firstSyncRows: FirstSyncRow[] = [];
if (!args.includes('--skip-first-sync')) {
  console.log('\n== first sync of a school never synced, against the sandbox in its own process: the floor (fetch + JSON.parse only) and the app');
  for (const size of SIZES) firstSyncRows.push(...(await benchFirstSync(size, { rounds: SYNC_ROUNDS })));
}
const engineRows: EngineBenchRow[] = [];
if (!args.includes('--skip-engine')) {
  console.log('\n== data engine in its worker thread (synthetic orders, stand-in platform)');
  for (const size of SIZES) engineRows.push(await benchEngine(size));
}
const subscriptionRows: SubscriptionsBenchRow[] = [];
if (!args.includes('--skip-engine') && !args.includes('--skip-subscriptions')) {
  console.log('\n== subscriptions in the data engine (synthetic, stand-in platform)');
  for (const size of [5_000, 100_000]) subscriptionRows.push(await benchSubscriptions(size));
}
const studentRows: StudentsBenchRow[] = [];
if (!args.includes('--skip-students')) {
  console.log('\n== students in the data engine (the sandbox demo school at 100,000 students, stand-in platform in memory)');
  studentRows.push(await benchStudents(100_000));
}
const learningRows: LearningBenchRow[] = [];
if (!args.includes('--skip-learning')) {
  console.log('\n== learning figures in the data engine (synthetic enrollments, stand-in platform in memory; sizes are enrollments)');
  for (const size of SIZES) learningRows.push(await benchLearning(size));
}
console.log(`\nNode ${process.version}, ${(await import('node:os')).cpus().length} CPUs, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
if (uiRows.length) console.log(`\n${uiTable(uiRows)}`);
if (firstSyncRows.length) console.log(`\n${firstSyncTable(firstSyncRows)}\n\n${firstSyncSummary(firstSyncRows)}`);
if (engineRows.length) console.log(`\n${engineTable(engineRows)}`);
if (subscriptionRows.length) console.log(`\n${subscriptionsBenchTable(subscriptionRows)}`);
if (studentRows.length) console.log(`\n${studentsTable(studentRows)}`);
if (learningRows.length) console.log(`\n${learningTable(learningRows)}`);
// Leftover handles (a keep-alive socket, a timer in a closed host) must not keep a finished benchmark alive.
process.exit(0);
