// The engine's orders, per school, as the worker thread holds them: loaded from the platform in pages (progress,
// Cancel), refreshed by updated_since, kept as columns, queried and exported here, and kept on disk as a sealed
// columnar snapshot that opens without parsing a single order. The sync and snapshot flow is the shared one of
// synced-collection.ts; the columns are this file's. Plain logic with its host passed in, so tests run it
// in-process as well as in the worker.
import type { Answer, OrdersLoadResult, OrdersStatus } from '../../../../shared/ipc/data';
import type { Order } from '../../../../shared/model/orders';
import { ordersBatchRequest, readOrdersBatch } from '../../platform/orders-feed';
import { checkpoint, JobRegistry } from './jobs';
import { ordersCsvHeader } from './orders-csv-format';
import { csvRowWriter } from './orders-csv-columns';
import { writeCsvFile } from './csv-file-export';
import { decodeColumns, encodeColumnParts } from './columns-codec';
import { columnsOfPausing, ordersOfPausing } from './order-columns';
import { OrdersTable } from './orders-table';
import { searchOrders } from './orders-search';
import { courseRevenue, salesReport } from './sales-report';
import { couponResults } from './coupon-results';
import type { EngineApi, EngineArgs, LoadMode, SnapshotInfo, SubscriptionsEngineApi } from '../contract/protocol';
import { SubscriptionsEngine } from './subscriptions-engine';
import type { SnapshotStore } from './snapshot-store';
import { latestOfEach, pageThrough, SyncedCollection, type CollectionKind, type EngineHost, type Synced } from './synced-collection';

export type { EngineHost } from './synced-collection';

interface SnapshotMeta {
  fetchedAt: string;
}

/** The orders as a synced collection: columns (order-columns.ts) in an OrdersTable, the snapshot the columns' own codec. */
function ordersKind(host: EngineHost): CollectionKind<OrdersTable, Order[], OrdersLoadResult> {
  return {
    name: 'orders',
    // The school's first snapshot file was the orders' own: its name stays the account id.
    snapshotId: (accountId) => accountId,
    labels: { job: 'Loading the orders', full: 'Loading orders', incremental: 'Checking for changed orders' },
    fetch: async (accountId, base, signal, onPage) => {
      const since = base?.maxUpdatedAt ?? undefined;
      const out: Order[] = [];
      await pageThrough(signal, 'orders', async (position) => {
        const batch = readOrdersBatch(await host.page(ordersBatchRequest(accountId, since, position), signal));
        for (const order of batch.orders) out.push(order);
        onPage(out.length, Math.max(batch.total, out.length));
        return batch.next;
      });
      return out;
    },
    fetchedCount: (fetched) => fetched.length,
    build: async (base, fetched, signal) => {
      const pause = () => checkpoint(signal);
      if (!base) return { table: new OrdersTable(await columnsOfPausing(latestOfEach(fetched), pause)), changed: fetched.length };
      // updated_since is inclusive: the newest order seen comes back unchanged; only real changes count.
      const changes = fetched.filter((o) => base.get(o.id)?.updatedAt !== o.updatedAt);
      if (changes.length === 0) return { table: base, changed: 0 };
      // Rebuilt in chunks: the worker keeps answering queries on the old table meanwhile.
      return { table: new OrdersTable(await columnsOfPausing(merge(await ordersOfPausing(base.columns, pause), base, changes), pause)), changed: changes.length };
    },
    encode: (table, fetchedAt) => encodeColumnParts(table.columns, { fetchedAt } satisfies SnapshotMeta),
    decode: (plain) => {
      const { columns, meta } = decodeColumns(plain);
      const fetchedAt = (meta as Partial<SnapshotMeta> | null)?.fetchedAt;
      if (typeof fetchedAt !== 'string') throw new Error('snapshot without its time');
      return { table: new OrdersTable(columns), fetchedAt };
    },
    result: (table, fetched, mode) => ({ count: table.size, fetched, mode }),
    invalidated: 'orders_refreshed',
  };
}

export class OrdersEngine {
  readonly #jobs = new JobRegistry();
  readonly #orders: SyncedCollection<OrdersTable, Order[], OrdersLoadResult>;
  /** The school's subscriptions (subscriptions-engine.ts): answered here, so they share its jobs, sign-out and idle. */
  readonly #subscriptions: SubscriptionsEngine;

  constructor(private readonly host: EngineHost, store: SnapshotStore) {
    this.#orders = new SyncedCollection(ordersKind(host), host, store, this.#jobs);
    this.#subscriptions = new SubscriptionsEngine(host, store, this.#jobs);
  }

  /** The methods of the message contract, by name. */
  api(): { [M in keyof (EngineApi & SubscriptionsEngineApi)]: (args: EngineArgs<M>) => Promise<ReturnType<(EngineApi & SubscriptionsEngineApi)[M]>> } {
    return {
      ...this.#subscriptions.api(),
      'orders.load': ({ accountId, mode, jobId }) => this.load(accountId, mode, jobId),
      'orders.status': ({ accountId }) => this.status(accountId),
      'orders.query': async ({ accountId, filters, sort, offset, limit }) => {
        const loaded = await this.ensureLoaded(accountId);
        const result = loaded.table.query(filters, sort, offset, limit);
        return { data: { ...result, facets: loaded.table.facets() }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'orders.peek': async ({ accountId, orderId }) => {
        const loaded = this.#orders.inMemory(accountId);
        const order = loaded?.table.get(orderId);
        return loaded && order ? { order, fetchedAt: loaded.fetchedAt } : null;
      },
      'orders.exportCsvFile': (args) => this.exportCsvFile(args),
      'orders.snapshotInfo': ({ accountId }) => this.snapshotInfo(accountId),
      'orders.couponResults': async ({ accountId }) => {
        const loaded = await this.ensureLoaded(accountId);
        return { data: couponResults(loaded.table.columns), fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'sales.report': async ({ accountId, from, to, interval, timeZone, courseId, previous, lastYear }) => {
        const loaded = await this.ensureLoaded(accountId);
        const ms = (range: { from: string; to: string }) => ({ from: Date.parse(range.from), to: Date.parse(range.to) });
        const data = salesReport(loaded.table, { ...ms({ from, to }), interval, timeZone, courseId, previous: ms(previous), lastYear: ms(lastYear) });
        return { data, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'sales.courseRevenue': async ({ accountId, from, to }) => {
        const loaded = await this.ensureLoaded(accountId);
        return { data: courseRevenue(loaded.table, Date.parse(from), Date.parse(to)), fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'orders.search': async ({ accountId, text, limit }) => {
        // The snapshot opens when nothing is in memory; the platform is asked nothing.
        const loaded = await this.#orders.opened(accountId);
        return loaded ? { ...searchOrders(loaded.table, text, limit), fetchedAt: loaded.fetchedAt } : null;
      },
      'jobs.cancel': async ({ jobId }) => this.#jobs.cancel(jobId),
      'engine.forget': ({ accountId }) => this.forget(accountId),
      'engine.idle': () => this.idle(),
    };
  }

  async status(accountId: string): Promise<OrdersStatus> {
    const loadingJobId = this.#orders.loadingJobId(accountId);
    const loaded = await this.#orders.opened(accountId);
    return { count: loaded?.table.size ?? null, fetchedAt: loaded?.fetchedAt ?? null, loadingJobId };
  }

  ensureLoaded(accountId: string): Promise<Synced<OrdersTable>> {
    return this.#orders.ensureLoaded(accountId);
  }

  /** One load per school at a time: a second caller joins the one in flight. */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<OrdersLoadResult>> {
    return this.#orders.load(accountId, mode, jobId);
  }

  async snapshotInfo(accountId: string): Promise<SnapshotInfo | null> {
    const info = await this.#orders.snapshotInfo(accountId);
    return info ? { count: info.table.size, fetchedAt: info.fetchedAt, bytes: info.bytes, writeMs: info.writeMs, openMs: info.openMs } : null;
  }

  /**
   * The filtered, sorted view streamed to `path` in slices of 5,000 rows (read from the columns by
   * orders-csv-columns.ts, byte for byte orders-csv-format's row function) by csv-file-export.ts: memory flat, progress per slice, Cancel between slices. Written
   * to a temp file beside the target and renamed when complete, so a cancelled or failed export leaves nothing.
   */
  async exportCsvFile(args: EngineArgs<'orders.exportCsvFile'>): Promise<Answer<{ rows: number; bytes: number }>> {
    const { accountId, jobId, filters, sort, timeZone, path } = args;
    const loaded = await this.ensureLoaded(accountId);
    const positions = loaded.table.select(filters, sort).positions;
    const label = 'Exporting orders';
    const total = positions.length;
    const bytes = await this.#jobs.run(jobId, async (job) => {
      const row = csvRowWriter(loaded.table.columns, timeZone);
      return writeCsvFile({
        path, header: ordersCsvHeader(timeZone), total, signal: job.signal,
        row: (k, out) => row(positions[k]!, out),
        progress: (done, finished) => this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded: done, total, label, done: finished } }),
      });
    }, 'The export');
    return { data: { rows: total, bytes }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
  }

  /** Every subscription of the school, in pages of 1,000 with progress, cancellable (subscriptions-engine.ts). */
  syncSubscriptions(accountId: string, jobId?: string): Promise<Answer<{ count: number }>> {
    return this.#subscriptions.sync(accountId, jobId);
  }

  async forget(accountId: string): Promise<void> {
    await Promise.all([this.#orders.forget(accountId), this.#subscriptions.forget(accountId)]);
  }

  async idle(): Promise<void> {
    await Promise.all([this.#orders.idle(), this.#subscriptions.idle()]);
  }

  cancelAll(): void {
    this.#jobs.cancelAll();
  }
}

function merge(all: Order[], table: OrdersTable, changes: readonly Order[]): Order[] {
  for (const order of latestOfEach(changes)) {
    const i = table.rowOf(order.id);
    if (i === undefined) all.push(order);
    else all[i] = order;
  }
  return all;
}
