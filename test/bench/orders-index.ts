// In-process benchmark of the main-side orders work (no network, no UI): building the columnar index,
// filter + sort + totals, scrolling windows, the CSV export and the encrypted offline snapshot, at 100,000
// and 1,000,000 synthetic orders. Run: npx tsx test/bench/orders-index.ts [sizes...]  (also part of npm run bench)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { OrdersIndex } from '../../electron/services/data/orders-index';
import { ordersToCsv } from '../../electron/services/data/orders-csv';
import { memoryLogger } from '../../electron/services/log';
import { KeyFileCipher } from '../../electron/services/store/key-file-cipher';
import { QueryCache } from '../../electron/services/store/query-cache';
import type { OrderFilters, OrderSort } from '../../shared/ipc/data';
import type { Order } from '../../shared/platform/resources';
import { syntheticOrders } from '../unit/data/synthetic-orders';

export interface IndexBenchRow {
  orders: number;
  buildMs: number;
  firstSortMs: number;
  filterSortMs: number;
  textSearchMs: number;
  windowMs: number;
  exportMs: number;
  snapshotWriteMs: number;
  snapshotBytes: number;
  snapshotReadMs: number;
  heapMb: number;
}

function time<T>(work: () => T): [T, number] {
  const start = performance.now();
  const value = work();
  return [value, performance.now() - start];
}

async function timeAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

/** Median of several runs, each with a different filter so the selection cache cannot answer. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchIndex(count: number, log: (line: string) => void = console.log): Promise<IndexBenchRow> {
  const orders: Order[] = syntheticOrders(count, 11);
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const [index, buildMs] = time(() => new OrdersIndex(orders));
  const sort: OrderSort = { key: 'paidAt', direction: 'desc' };
  const [, firstSortMs] = time(() => index.query({}, sort, 0, 100));
  const filters: OrderFilters[] = [
    { currency: 'TWD' }, { states: ['paid'] }, { from: '2024-03-01T00:00:00Z', to: '2024-09-01T00:00:00Z' }, { coupon: 'vip', currency: 'USD' },
    { courseId: 'course_4' }, { states: ['refunded', 'refunding'], currency: 'JPY' }, { productId: 'dp_3' },
  ];
  const filterSortMs = median(filters.map((f) => time(() => index.query(f, sort, 0, 100))[1]));
  const textSearchMs = median(['grace', 'buyer12', 't10004', '林'].map((text) => time(() => index.query({ text }, sort, 0, 100))[1]));
  index.query({ currency: 'USD' }, sort, 0, 100);
  const windowMs = median([1000, 5000, 20000, 200].map((offset) => time(() => index.query({ currency: 'USD' }, sort, offset, 100))[1]));
  const selection = index.select({}, sort);
  const [, exportMs] = await timeAsync(() =>
    ordersToCsv(selection.positions.length, (k) => orders[selection.positions[k]!]!, { timeZone: 'Asia/Taipei', locale: 'zh-TW' }, new AbortController().signal, () => undefined));
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

  const dir = await mkdtemp(join(tmpdir(), 'bench-cache-'));
  let snapshotWriteMs: number;
  let snapshotReadMs: number;
  let snapshotBytes: number;
  try {
    const cipher = await KeyFileCipher.open(join(dir, 'keys'));
    const cache = new QueryCache({ dir: join(dir, 'cache'), cipher, appVersion: 'bench', logger: memoryLogger(), maxBytesPerSchool: 1024 * 1024 * 1024 });
    const chunks: Order[][] = [];
    for (let i = 0; i < orders.length; i += 5000) chunks.push(orders.slice(i, i + 5000));
    [, snapshotWriteMs] = await timeAsync(() => cache.put('bench', 'orders.snapshot', new Date().toISOString(), chunks));
    snapshotBytes = (await cache.info('bench')).bytes;
    const reopened = new QueryCache({ dir: join(dir, 'cache'), cipher, appVersion: 'bench', logger: memoryLogger(), maxBytesPerSchool: 1024 * 1024 * 1024 });
    [, snapshotReadMs] = await timeAsync(async () => new OrdersIndex(((await reopened.get('bench', 'orders.snapshot'))?.values as Order[][]).flat()));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const row = { orders: count, buildMs, firstSortMs, filterSortMs, textSearchMs, windowMs, exportMs, snapshotWriteMs, snapshotBytes, snapshotReadMs, heapMb };
  log(`  ${count.toLocaleString('en')} orders: build ${buildMs.toFixed(0)} ms, first sort ${firstSortMs.toFixed(0)} ms, filter+sort ${filterSortMs.toFixed(1)} ms, text ${textSearchMs.toFixed(1)} ms, window ${windowMs.toFixed(2)} ms, CSV ${exportMs.toFixed(0)} ms, snapshot ${(snapshotBytes / 1048576).toFixed(1)} MB write ${snapshotWriteMs.toFixed(0)} ms / read+index ${snapshotReadMs.toFixed(0)} ms, index heap ~${heapMb.toFixed(0)} MB`);
  return row;
}

export function indexTable(rows: IndexBenchRow[]): string {
  const head = '| orders | build index | first sort (paid time) | filter+sort+totals (median) | text search (median) | scroll window | CSV export (all) | snapshot on disk | snapshot write | snapshot read + index | index heap |';
  const sep = '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const lines = rows.map((r) => `| ${r.orders.toLocaleString('en')} | ${r.buildMs.toFixed(0)} ms | ${r.firstSortMs.toFixed(0)} ms | ${r.filterSortMs.toFixed(1)} ms | ${r.textSearchMs.toFixed(1)} ms | ${r.windowMs.toFixed(2)} ms | ${r.exportMs.toFixed(0)} ms | ${(r.snapshotBytes / 1048576).toFixed(1)} MB | ${r.snapshotWriteMs.toFixed(0)} ms | ${r.snapshotReadMs.toFixed(0)} ms | ~${r.heapMb.toFixed(0)} MB |`);
  return [head, sep, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const rows: IndexBenchRow[] = [];
  for (const size of sizes.length ? sizes : [100_000, 1_000_000]) rows.push(await benchIndex(size));
  console.log(`\n${indexTable(rows)}`);
}
