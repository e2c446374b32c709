// The engine's orders, per school, as the worker thread holds them: loaded from the platform in pages (progress,
// Cancel, the rows so far answering while it runs; orders-sync.ts), refreshed by updated_since, kept as
// columns, queried and exported here, and kept on disk as a sealed columnar snapshot that opens without parsing
// a single order. The sync and snapshot flow is the shared one of synced-collection.ts. Plain logic with its
// host passed in, so tests run it in-process as well as in the worker.
import type { Answer, OrdersLoadResult, OrdersStatus } from '../../../../shared/ipc/data';
import { t } from '../../../../shared/i18n/i18n';
import { JobRegistry } from './jobs';
import { ordersCsvHeader } from './orders-csv-format';
import { csvRowWriter } from './orders-csv-columns';
import { writeCsvFile } from './csv-file-export';
import { decodeColumns, encodeColumnParts } from './columns-codec';
import { OrdersTable } from './orders-table';
import { syncOrders, type OrdersResume } from './orders-sync';
import { searchOrders } from './orders-search';
import { courseRevenue, salesReport } from './sales-report';
import { couponResults } from './coupon-results';
import type { EngineApi, EngineArgs, LoadMode, SnapshotInfo, SubscriptionsEngineApi } from '../contract/protocol';
import { SubscriptionsEngine } from './subscriptions-engine';
import type { SnapshotStore } from './snapshot-store';
import { SyncedCollection, type CollectionKind, type EngineHost, type Synced } from './synced-collection';

export type { EngineHost } from './synced-collection';

interface SnapshotMeta {
  fetchedAt: string;
  /** The table's `since` (OrdersTable.since); absent in snapshots of earlier versions. */
  since?: string | null;
}

/** The orders as a synced collection: columns (order-columns.ts) in an OrdersTable, the snapshot the columns' own codec. */
const ORDERS: CollectionKind<OrdersTable, OrdersLoadResult, OrdersResume> = {
  name: 'orders',
  // The school's first snapshot file was the orders' own: its name stays the account id.
  snapshotId: (accountId) => accountId,
  sync: syncOrders,
  encode: (table, fetchedAt) => encodeColumnParts(table.columns, { fetchedAt, since: table.since } satisfies SnapshotMeta),
  decode: (plain) => {
    const { columns, meta } = decodeColumns(plain);
    const { fetchedAt, since } = (meta ?? {}) as Partial<SnapshotMeta>;
    if (typeof fetchedAt !== 'string') throw new Error('snapshot without its time');
    return { table: new OrdersTable(columns, typeof since === 'string' ? since : null), fetchedAt };
  },
  result: (table, fetched, mode) => ({ count: table.size, fetched, mode }),
  invalidated: 'orders_refreshed',
};

export class OrdersEngine {
  readonly #jobs = new JobRegistry();
  readonly #orders: SyncedCollection<OrdersTable, OrdersLoadResult, OrdersResume>;
  /** The school's subscriptions (subscriptions-engine.ts): answered here, so they share its jobs, sign-out and idle. */
  readonly #subscriptions: SubscriptionsEngine;

  constructor(private readonly host: EngineHost, store: SnapshotStore) {
    this.#orders = new SyncedCollection(ORDERS, host, store, this.#jobs);
    this.#subscriptions = new SubscriptionsEngine(host, store, this.#jobs);
  }

  /** The methods of the message contract, by name. */
  api(): { [M in keyof (EngineApi & SubscriptionsEngineApi)]: (args: EngineArgs<M>) => Promise<ReturnType<(EngineApi & SubscriptionsEngineApi)[M]>> } {
    return {
      ...this.#subscriptions.api(),
      'orders.load': ({ accountId, mode, jobId }) => this.load(accountId, mode, jobId),
      'orders.status': ({ accountId }) => this.status(accountId),
      'orders.query': async ({ accountId, filters, sort, offset, limit, partial: soFar }) => {
        // Asked for: while a first sync runs (or after it stopped), the orders so far, marked partial.
        const { synced, partial } = soFar ? await this.#orders.answering(accountId) : { synced: await this.ensureLoaded(accountId), partial: null };
        const result = synced.table.query(filters, sort, offset, limit);
        return {
          data: { ...result, facets: synced.table.facets(), partial: partial && { expected: partial.expected, running: partial.running } },
          fetchedAt: synced.fetchedAt,
          fromCache: synced.fromCache,
        };
      },
      'orders.syncProfile': async ({ accountId }) => this.#orders.profile(accountId),
      'orders.peek': async ({ accountId, orderId }) => {
        const loaded = this.#orders.inMemory(accountId);
        const order = loaded?.table.get(orderId);
        return loaded && order ? { order, fetchedAt: loaded.fetchedAt } : null;
      },
      'orders.exportCsvFile': (args) => this.exportCsvFile(args),
      'orders.snapshotInfo': ({ accountId }) => this.snapshotInfo(accountId),
      'orders.couponResults': async ({ accountId, from, to }) => {
        const loaded = await this.ensureLoaded(accountId);
        const range = from !== undefined && to !== undefined ? { from: Date.parse(from), to: Date.parse(to) } : undefined;
        return { data: couponResults(loaded.table.columns, range), fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
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
      // The students' part is added by the worker (worker-entry.ts), which holds both sides.
      'engine.applyWrite': async ({ accountId, changes }) => ({ applied: await this.#subscriptions.applyWrite(accountId, changes) }),
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
    const label = t('engine:exporting.orders');
    const total = positions.length;
    const bytes = await this.#jobs.run(jobId, async (job) => {
      // A view of one course carries that course's share of each order beside the whole order.
      const row = csvRowWriter(loaded.table.columns, timeZone, filters.courseId);
      return writeCsvFile({
        path, header: ordersCsvHeader(timeZone, filters.courseId !== undefined), total, signal: job.signal,
        row: (k, out) => row(positions[k]!, out),
        progress: (done, finished) => this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded: done, total, label, done: finished } }),
      });
    }, t('engine:exporting.job'));
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
