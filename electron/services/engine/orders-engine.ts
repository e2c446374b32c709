// The engine's orders, per school, as the worker thread holds them: loaded from the platform in pages (progress,
// Cancel), refreshed by updated_since, kept as columns, queried and exported here, and kept on disk as a sealed
// columnar snapshot that opens without parsing a single order. Plain logic with its host passed in, so tests
// run it in-process as well as in the worker.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { AppError } from '../../../shared/errors';
import type { Answer, OrdersLoadResult, OrdersStatus } from '../../../shared/ipc/data';
import type { Order } from '../../../shared/platform/resources';
import type { SubscriptionRecord } from '../../../shared/model/analytics';
import { readSubscriptionsBatch, subscriptionsBatchRequest } from '../platform/subscriptions-feed';
import { mrrMovements, subscriptionsOverview, subscriptionsReport } from './subscriptions-report';
import { ordersBatchRequest, readOrdersBatch, type FeedPosition } from '../platform/orders-feed';
import { checkpoint, JobRegistry } from '../data/jobs';
import { ordersCsvHeader, ordersToCsv } from '../data/orders-csv';
import { csvRow } from '../../../shared/csv';
import { CsvBytes, csvRowWriter } from './orders-csv-columns';
import type { Logger } from '../log';
import { WriteQueue } from '../store/json-file';
import { decodeColumns, encodeColumnParts } from './columns-codec';
import { columnsOfPausing, ordersOfPausing } from './order-columns';
import { OrdersTable } from './orders-table';
import { searchOrders } from './orders-search';
import { courseRevenue, salesReport } from './sales-report';
import type { EngineApi, EngineArgs, EngineEvent, LoadMode, PageRequest, SnapshotInfo } from './protocol';
import type { SnapshotStore } from './snapshot-store';

/** Rows per write of a file export: about 1 MB of text, then progress and a chance to cancel. */
const EXPORT_SLICE = 5000;
/** Failures that mean "the platform is not there right now" (as in data/cached-read.ts). */
const UNAVAILABLE = new Set(['offline', 'unreachable', 'server_error', 'timed_out']);

export interface EngineHost {
  /** One page of a list operation, through the main process's PlatformCaller (the raw JSON). */
  page(request: PageRequest, signal: AbortSignal): Promise<unknown>;
  emit(event: EngineEvent): void;
  reachable(accountId: string, reachable: boolean): void;
  /** The school's snapshot key; null when the key store cannot be used (nothing is kept then). */
  key(accountId: string): Buffer | null;
  logger: Logger;
  now?: () => number;
}

interface SnapshotMeta {
  fetchedAt: string;
}

interface Loaded {
  table: OrdersTable;
  fetchedAt: string;
  fromCache: boolean;
}

interface SchoolState {
  loaded: Loaded | null;
  loading: { jobId: string; promise: Promise<Answer<OrdersLoadResult>> } | null;
  refreshAfterRestore: boolean;
  /** What the snapshot on disk holds. */
  persisted: { table: OrdersTable; fetchedAt: string } | null;
  writes: WriteQueue;
  forgotten: boolean;
  writeMs: number | null;
  openMs: number | null;
}

function isUnavailable(error: unknown): boolean {
  return error instanceof AppError && UNAVAILABLE.has(error.code);
}

export class OrdersEngine {
  readonly #schools = new Map<string, SchoolState>();
  readonly #jobs = new JobRegistry();
  /** Synced subscriptions per school (in memory for now; a few thousand per school). */
  readonly #subscriptions = new Map<string, { list: SubscriptionRecord[]; fetchedAt: string }>();
  readonly #now: () => number;

  constructor(private readonly host: EngineHost, private readonly store: SnapshotStore) {
    this.#now = host.now ?? Date.now;
  }

  #school(accountId: string): SchoolState {
    let state = this.#schools.get(accountId);
    if (!state) {
      state = { loaded: null, loading: null, refreshAfterRestore: false, persisted: null, writes: new WriteQueue(), forgotten: false, writeMs: null, openMs: null };
      this.#schools.set(accountId, state);
    }
    return state;
  }

  /** The methods of the message contract, by name. */
  api(): { [M in keyof EngineApi]: (args: EngineArgs<M>) => Promise<ReturnType<EngineApi[M]>> } {
    return {
      'orders.load': ({ accountId, mode, jobId }) => this.load(accountId, mode, jobId),
      'orders.status': ({ accountId }) => this.status(accountId),
      'orders.query': async ({ accountId, filters, sort, offset, limit }) => {
        const loaded = await this.ensureLoaded(accountId);
        const result = loaded.table.query(filters, sort, offset, limit);
        return { data: { ...result, facets: loaded.table.facets() }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'orders.peek': async ({ accountId, orderId }) => {
        const loaded = this.#schools.get(accountId)?.loaded;
        const order = loaded?.table.get(orderId);
        return loaded && order ? { order, fetchedAt: loaded.fetchedAt } : null;
      },
      'orders.exportCsv': (args) => this.exportCsv(args),
      'orders.exportCsvFile': (args) => this.exportCsvFile(args),
      'orders.snapshotInfo': ({ accountId }) => this.snapshotInfo(accountId),
      'sales.report': async ({ accountId, from, to, interval, timeZone, courseId }) => {
        const loaded = await this.ensureLoaded(accountId);
        const data = salesReport(loaded.table, { from: Date.parse(from), to: Date.parse(to), interval, timeZone, courseId });
        return { data, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'sales.courseRevenue': async ({ accountId, from, to }) => {
        const loaded = await this.ensureLoaded(accountId);
        return { data: courseRevenue(loaded.table, Date.parse(from), Date.parse(to)), fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'subscriptions.sync': ({ accountId, jobId }) => this.syncSubscriptions(accountId, jobId),
      'subscriptions.report': async ({ accountId, from, to }) => {
        const synced = await this.#syncedSubscriptions(accountId);
        return { data: subscriptionsReport(synced.list, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: false };
      },
      'subscriptions.overview': async ({ accountId, from, to, sync }) => {
        if (!sync && !this.#subscriptions.has(accountId)) return null;
        const synced = await this.#syncedSubscriptions(accountId);
        return { data: subscriptionsOverview(synced.list, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: false };
      },
      'orders.search': async ({ accountId, text, limit }) => {
        await this.status(accountId); // opens the snapshot when nothing is in memory; asks the platform nothing
        const loaded = this.#schools.get(accountId)?.loaded;
        return loaded ? { ...searchOrders(loaded.table, text, limit), fetchedAt: loaded.fetchedAt } : null;
      },
      'subscriptions.movements': async ({ accountId, from, to }) => {
        const synced = await this.#syncedSubscriptions(accountId);
        return { data: mrrMovements(synced.list, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: false };
      },
      'jobs.cancel': async ({ jobId }) => this.#jobs.cancel(jobId),
      'engine.forget': ({ accountId }) => this.forget(accountId),
      'engine.idle': () => this.idle(),
    };
  }

  async #syncedSubscriptions(accountId: string): Promise<{ list: SubscriptionRecord[]; fetchedAt: string }> {
    if (!this.#subscriptions.has(accountId)) await this.syncSubscriptions(accountId);
    const synced = this.#subscriptions.get(accountId);
    if (!synced) throw new AppError('internal', 'The subscriptions could not be loaded.');
    return synced;
  }

  async status(accountId: string): Promise<OrdersStatus> {
    const state = this.#school(accountId);
    const loadingJobId = state.loading?.jobId ?? null;
    if (state.loaded) return { count: state.loaded.table.size, fetchedAt: state.loaded.fetchedAt, loadingJobId };
    // Opening the snapshot is what the next step does anyway, and it takes well under a second.
    const restored = state.loading ? null : await this.#restore(accountId, state);
    if (restored) state.loaded = restored;
    return { count: restored?.table.size ?? null, fetchedAt: restored?.fetchedAt ?? null, loadingJobId };
  }

  async ensureLoaded(accountId: string): Promise<Loaded> {
    const state = this.#school(accountId);
    if (state.loaded) return state.loaded;
    if (state.loading) await state.loading.promise;
    else await this.load(accountId, 'auto');
    if (!state.loaded) throw new AppError('internal', 'The orders could not be loaded.');
    return state.loaded;
  }

  /** One load per school at a time: a second caller joins the one in flight. */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<OrdersLoadResult>> {
    const state = this.#school(accountId);
    if (state.loading) return state.loading.promise;
    const id = jobId ?? `orders.load:${accountId}:${this.#now()}`;
    const promise = this.#jobs
      .run(id, (job) => this.#load(accountId, state, mode, job.id, job.signal), 'Loading the orders')
      .finally(() => {
        state.loading = null;
        if (state.refreshAfterRestore && !state.forgotten) {
          state.refreshAfterRestore = false;
          this.load(accountId, 'incremental').catch((error: unknown) => {
            this.host.logger.warn('refreshing the saved orders failed', { code: (error as AppError).code ?? 'unknown' });
          });
        }
      });
    state.loading = { jobId: id, promise };
    return promise;
  }

  async #load(accountId: string, state: SchoolState, mode: LoadMode, jobId: string, signal: AbortSignal): Promise<Answer<OrdersLoadResult>> {
    const inMemory = state.loaded !== null;
    if (!state.loaded && mode !== 'full') {
      const restored = await this.#restore(accountId, state);
      if (restored) {
        state.loaded = restored;
        if (mode === 'auto') {
          state.refreshAfterRestore = true;
          return { data: { count: restored.table.size, fetched: 0, mode: 'disk' }, fetchedAt: restored.fetchedAt, fromCache: true };
        }
      }
    }
    const base = mode === 'full' ? null : state.loaded;
    const startedAt = new Date(this.#now()).toISOString();
    const since = base?.table.maxUpdatedAt ?? undefined;
    const label = base ? 'Checking for changed orders' : 'Loading orders';
    const progress = (loaded: number, total: number | null, done: boolean) =>
      this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded, total, label, done } });
    progress(0, null, false);

    let fetched: Order[];
    try {
      fetched = await this.#fetchAll(accountId, since, signal, (loaded, total) => progress(loaded, total, false));
    } catch (error) {
      progress(0, null, true);
      if (!signal.aborted && isUnavailable(error)) {
        const fallback = state.loaded ?? (await this.#restore(accountId, state));
        if (fallback) {
          state.loaded = { ...fallback, fromCache: true };
          this.host.reachable(accountId, false);
          this.host.logger.info('orders answered from the offline snapshot', { count: fallback.table.size });
          return { data: { count: fallback.table.size, fetched: 0, mode: inMemory ? 'memory' : 'disk' }, fetchedAt: fallback.fetchedAt, fromCache: true };
        }
      }
      throw error;
    }
    this.host.reachable(accountId, true);
    let table: OrdersTable;
    let changed = fetched.length;
    if (base) {
      // updated_since is inclusive: the newest order seen comes back unchanged; only real changes count.
      const changes = fetched.filter((o) => base.table.get(o.id)?.updated_at !== o.updated_at);
      changed = changes.length;
      // Rebuilt in chunks: the worker keeps answering queries on the old table meanwhile.
      const pause = () => checkpoint(signal);
      table = changed === 0 ? base.table : new OrdersTable(await columnsOfPausing(merge(await ordersOfPausing(base.table.columns, pause), base.table, changes), pause));
    } else table = new OrdersTable(await columnsOfPausing(dedupe(fetched), () => checkpoint(signal)));
    await checkpoint(signal);
    state.loaded = { table, fetchedAt: startedAt, fromCache: false };
    progress(fetched.length, fetched.length, true);
    if (base && changed > 0) this.host.emit({ event: 'data.invalidated', payload: { accountId, reason: 'orders_refreshed' } });
    this.#persist(accountId, state);
    return { data: { count: table.size, fetched: fetched.length, mode: base ? 'incremental' : 'full' }, fetchedAt: startedAt, fromCache: false };
  }

  async #fetchAll(accountId: string, since: string | undefined, signal: AbortSignal, onPage: (loaded: number, total: number) => void): Promise<Order[]> {
    const out: Order[] = [];
    const seen = new Set<string>();
    let position: FeedPosition = null;
    for (;;) {
      if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
      const batch = readOrdersBatch(await this.host.page(ordersBatchRequest(accountId, since, position), signal));
      for (const order of batch.orders) out.push(order);
      onPage(out.length, Math.max(batch.total, out.length));
      if (batch.next === null) return out;
      if (seen.has(batch.next)) throw new AppError('bad_response', 'The platform sent the same page of orders twice, so loading stopped.');
      seen.add(batch.next);
      position = batch.next;
    }
  }

  /** Writes the snapshot in the background, one write after another per school. */
  #persist(accountId: string, state: SchoolState): void {
    const loaded = state.loaded;
    if (!loaded || state.forgotten) return;
    void state.writes.run(async () => {
      if (state.loaded !== loaded || state.forgotten) return; // a newer load writes its own
      const key = this.host.key(accountId);
      if (!key) return;
      const meta: SnapshotMeta = { fetchedAt: loaded.fetchedAt };
      try {
        const started = performance.now();
        await this.store.write(accountId, key, encodeColumnParts(loaded.table.columns, meta));
        state.writeMs = performance.now() - started;
        state.persisted = { table: loaded.table, fetchedAt: loaded.fetchedAt };
      } catch (error) {
        this.host.logger.warn('orders snapshot not written', { error: (error as Error).message });
      }
      if (state.forgotten) await this.store.remove(accountId);
    });
  }

  /** The snapshot, opened; null when there is none, or when it is refused (then the platform is asked again). */
  async #restore(accountId: string, state: SchoolState): Promise<Loaded | null> {
    const key = this.host.key(accountId);
    if (!key) return null;
    try {
      const started = performance.now();
      const plain = await this.store.read(accountId, key);
      if (!plain) return null;
      const { columns, meta } = decodeColumns(plain);
      const fetchedAt = (meta as Partial<SnapshotMeta> | null)?.fetchedAt;
      if (typeof fetchedAt !== 'string') throw new Error('snapshot without its time');
      const table = new OrdersTable(columns);
      state.persisted = { table, fetchedAt };
      state.openMs = performance.now() - started;
      return { table, fetchedAt, fromCache: true };
    } catch (error) {
      this.host.logger.warn('orders snapshot refused, loading from the platform', { error: (error as Error).message });
      await this.store.remove(accountId);
      return null;
    }
  }

  async snapshotInfo(accountId: string): Promise<SnapshotInfo | null> {
    const state = this.#school(accountId);
    await state.writes.run(async () => undefined);
    const bytes = await this.store.sizeOf(accountId);
    if (bytes === null) return null;
    if (!state.persisted) {
      const restored = await this.#restore(accountId, state);
      if (restored && !state.loaded) state.loaded = restored;
    }
    return state.persisted ? { count: state.persisted.table.size, fetchedAt: state.persisted.fetchedAt, bytes, writeMs: state.writeMs, openMs: state.openMs } : null;
  }

  async exportCsv(args: EngineArgs<'orders.exportCsv'>): Promise<Answer<{ csv: string; rows: number }>> {
    const { accountId, jobId, filters, sort, timeZone, locale } = args;
    const loaded = await this.ensureLoaded(accountId);
    const positions = loaded.table.select(filters, sort).positions;
    const label = 'Exporting orders';
    const csv = await this.#jobs.run(jobId, async (job) => {
      const progress = (done: number, finished: boolean) =>
        this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded: done, total: positions.length, label, done: finished } });
      progress(0, false);
      try {
        const text = await ordersToCsv(positions.length, (k) => loaded.table.row(positions[k]!), { timeZone, locale }, job.signal, (done) => progress(done, false));
        progress(positions.length, true);
        return text;
      } catch (error) {
        progress(0, true);
        throw error;
      }
    }, 'The export');
    return { data: { csv, rows: positions.length }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
  }

  /**
   * The filtered, sorted view streamed to `path` in slices of 5,000 rows (read from the columns by
   * orders-csv-columns.ts, byte for byte orders-csv's row function): memory stays flat whatever the size, progress after every slice, Cancel between slices. Written
   * to a temp file beside the target and renamed when complete, so a cancelled or failed export leaves nothing.
   */
  async exportCsvFile(args: EngineArgs<'orders.exportCsvFile'>): Promise<Answer<{ rows: number; bytes: number }>> {
    const { accountId, jobId, filters, sort, timeZone, path } = args;
    const loaded = await this.ensureLoaded(accountId);
    const positions = loaded.table.select(filters, sort).positions;
    const label = 'Exporting orders';
    const total = positions.length;
    const bytes = await this.#jobs.run(jobId, async (job) => {
      const progress = (done: number, finished: boolean) =>
        this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded: done, total, label, done: finished } });
      progress(0, false);
      const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
      const file = await open(temp, 'w', 0o600);
      let written = 0;
      let closed = false;
      try {
        const row = csvRowWriter(loaded.table.columns, timeZone);
        const out = new CsvBytes();
        const flush = async () => {
          const chunk = out.take();
          written += chunk.length;
          await file.write(chunk);
        };
        out.text(`${csvRow(ordersCsvHeader(timeZone))}\r\n`);
        for (let start = 0; start < total; start += EXPORT_SLICE) {
          if (job.signal.aborted) throw job.signal.reason;
          const end = Math.min(total, start + EXPORT_SLICE);
          for (let k = start; k < end; k++) row(positions[k]!, out);
          await flush();
          progress(end, false);
        }
        if (out.at > 0) await flush();
        await file.sync();
        await file.close();
        closed = true;
        if (job.signal.aborted) throw job.signal.reason;
        await rename(temp, path);
        progress(total, true);
        return written;
      } catch (error) {
        if (!closed) await file.close().catch(() => undefined);
        await rm(temp, { force: true });
        progress(0, true);
        throw error;
      }
    }, 'The export');
    return { data: { rows: total, bytes }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
  }

  /** Every subscription of the school, in pages of 1,000 with progress, cancellable. */
  async syncSubscriptions(accountId: string, jobId?: string): Promise<Answer<{ count: number }>> {
    const id = jobId ?? `subscriptions.sync:${accountId}:${this.#now()}`;
    return this.#jobs.run(id, async ({ signal }) => {
      const startedAt = new Date(this.#now()).toISOString();
      const label = 'Loading subscriptions';
      const progress = (loaded: number, total: number | null, done: boolean) => this.host.emit({ event: 'data.progress', payload: { jobId: id, accountId, loaded, total, label, done } });
      progress(0, null, false);
      const list: SubscriptionRecord[] = [];
      const seen = new Set<string>();
      let position: FeedPosition = null;
      try {
        for (;;) {
          if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
          const batch = readSubscriptionsBatch(await this.host.page(subscriptionsBatchRequest(accountId, position), signal));
          list.push(...batch.subscriptions);
          progress(list.length, Math.max(batch.total, list.length), false);
          if (batch.next === null) break;
          if (seen.has(batch.next)) throw new AppError('bad_response', 'The platform sent the same page of subscriptions twice, so loading stopped.');
          seen.add(batch.next);
          position = batch.next;
        }
      } catch (error) {
        progress(0, null, true);
        throw error;
      }
      if (!this.#schools.get(accountId)?.forgotten) this.#subscriptions.set(accountId, { list, fetchedAt: startedAt });
      progress(list.length, list.length, true);
      return { data: { count: list.length }, fetchedAt: startedAt, fromCache: false };
    }, 'Loading the subscriptions');
  }

  async forget(accountId: string): Promise<void> {
    this.#subscriptions.delete(accountId);
    const state = this.#schools.get(accountId);
    this.#schools.delete(accountId);
    if (state) {
      state.forgotten = true;
      state.loaded = null;
      if (state.loading) this.#jobs.cancel(state.loading.jobId);
      await state.loading?.promise.catch(() => undefined);
      await state.writes.run(async () => undefined);
    }
    await this.store.remove(accountId);
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#schools.values()].map((s) => s.writes.run(async () => undefined)));
  }

  cancelAll(): void {
    this.#jobs.cancelAll();
  }
}

/** The platform's list may repeat an order that changed while paging: the later copy wins. */
function dedupe(orders: Order[]): Order[] {
  const at = new Map<string, number>();
  const out: Order[] = [];
  for (const order of orders) {
    const i = at.get(order.id);
    if (i === undefined) {
      at.set(order.id, out.length);
      out.push(order);
    } else out[i] = order;
  }
  return out;
}

function merge(all: Order[], table: OrdersTable, changes: readonly Order[]): Order[] {
  for (const order of dedupe([...changes])) {
    const i = table.rowOf(order.id);
    if (i === undefined) all.push(order);
    else all[i] = order;
  }
  return all;
}
