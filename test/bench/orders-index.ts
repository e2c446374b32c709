// In-process benchmark of the main-side orders work (no network, no UI): building the columnar index,
// filter + sort + totals, scrolling windows, the CSV export and the encrypted offline snapshot, at 100,000
// and 1,000,000 synthetic orders. Run: npx tsx test/bench/orders-index.ts [sizes...]  (also part of npm run bench)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OrdersIndex } from '../../electron/services/data/orders-index';
import { ordersToCsv } from '../../electron/services/data/orders-csv';
import { decodeOrders, encodeOrders } from '../../electron/services/data/orders-snapshot';
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

// A real collection between phases, so one phase's garbage is not billed to the next.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

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
  const queries = await benchQueries(count);
  collect();
  const snapshot = await benchSnapshot(count);
  collect();
  const row = { orders: count, ...queries, ...snapshot };
  log(`  ${count.toLocaleString('en')} orders: build ${row.buildMs.toFixed(0)} ms, first sort ${row.firstSortMs.toFixed(0)} ms, filter+sort ${row.filterSortMs.toFixed(1)} ms, text ${row.textSearchMs.toFixed(1)} ms, window ${row.windowMs.toFixed(2)} ms, CSV ${row.exportMs.toFixed(0)} ms, snapshot ${(row.snapshotBytes / 1048576).toFixed(1)} MB write ${row.snapshotWriteMs.toFixed(0)} ms / read+index ${row.snapshotReadMs.toFixed(0)} ms, index heap ~${row.heapMb.toFixed(0)} MB`);
  return row;
}

async function benchQueries(count: number): Promise<Omit<IndexBenchRow, 'orders' | 'snapshotWriteMs' | 'snapshotBytes' | 'snapshotReadMs'>> {
  const orders: Order[] = syntheticOrders(count, 11);
  collect();
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
  collect();
  // The index itself (columns, sort orders, the kept selection), not the orders it points at.
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const selection = index.select({}, sort);
  const [, exportMs] = await timeAsync(async () => {
    const csv = await ordersToCsv(selection.positions.length, (k) => orders[selection.positions[k]!]!, { timeZone: 'Asia/Taipei', locale: 'zh-TW' }, new AbortController().signal, () => undefined);
    return csv.length;
  });
  return { buildMs, firstSortMs, filterSortMs, textSearchMs, windowMs, exportMs, heapMb };
}

/** Write and read back the encrypted snapshot, with only one copy of the orders alive at a time (as at a real start). */
async function benchSnapshot(count: number): Promise<Pick<IndexBenchRow, 'snapshotWriteMs' | 'snapshotBytes' | 'snapshotReadMs'>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-cache-'));
  try {
    const cipher = await KeyFileCipher.open(join(dir, 'keys'));
    const open = () => new QueryCache({ dir: join(dir, 'cache'), cipher, appVersion: 'bench', logger: memoryLogger(), maxBytesPerSchool: 1024 * 1024 * 1024 });
    const write = async () => {
      // Timed as the app does it: encoding included.
      const orders = syntheticOrders(count, 11);
      const cache = open();
      const [, ms] = await timeAsync(() => {
        const chunks: unknown[] = [];
        for (let i = 0; i < orders.length; i += 5000) chunks.push(encodeOrders(orders.slice(i, i + 5000)));
        return cache.put('bench', 'orders.snapshot', new Date().toISOString(), chunks);
      });
      return { ms, bytes: (await cache.info('bench')).bytes };
    };
    const written = await write();
    collect();
    const [size, snapshotReadMs] = await timeAsync(async () => new OrdersIndex((await open().get('bench', 'orders.snapshot'))!.values.flatMap((c) => decodeOrders(c as unknown[]))).size);
    if (size !== count) throw new Error(`snapshot read back ${size} orders of ${count}`);
    return { snapshotWriteMs: written.ms, snapshotBytes: written.bytes, snapshotReadMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
