// Main-side handlers for the dashboards' part of the contract (shared/ipc/data.ts). Reads go through the
// offline cache (cached-read.ts); orders live in a columnar index per school (orders-store.ts); long work
// runs as cancellable jobs (jobs.ts). The composition root merges these with the other parts.
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { isValidTimeZone } from '../../../shared/date-range';
import type { dataMethods } from '../../../shared/ipc/data';
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { PlatformCaller } from '../api/platform-caller';
import type { SecretCipher } from '../store/secret-cipher';
import type { Logger } from '../log';
import { QueryCache } from '../store/query-cache';
import { CachedReader, isUnavailable } from './cached-read';
import { JobRegistry } from './jobs';
import { ordersToCsv } from './orders-csv';
import { OrdersStore } from './orders-store';
import { withCourseTitles } from './order-facets';
import { EngineClient } from '../engine/engine-client';
import { engineOrdersHandlers } from '../engine/orders-handlers';
import type { ExportDestination } from '../engine/export-destination';
import {
  readCourseDetail, readCourseList, readCourseOrders, readCourseTitles, readOrder, readSalesReport, readSubscriptions, setCoursePublished,
} from './platform-reads';
import { readLearningReport } from '../platform/learning-platform';
import { learningSource } from '../engine/learning-handlers';
import type { OrderFacets } from '../../../shared/ipc/data';

/** How long the Orders filters wait for the course titles before they show the line names. */
const COURSE_TITLES_TIMEOUT_MS = 5_000;

export type DataMethodName = Extract<keyof typeof dataMethods, string>;

export interface DataHandlerDeps {
  caller: PlatformCaller;
  cipher: SecretCipher;
  dataDir: string;
  emit: EmitEvent;
  logger: Logger;
  /** Called by the composition root when an account signs out: drop that school's cache. */
  onAccountRemoved(listener: (accountId: string) => void): void;
  /** The app's version: the offline cache is dropped when it changes. */
  appVersion?: string;
  /** The shell's online probe; without it, the first successful call after an offline answer triggers the refetch. */
  onOnlineChange?(listener: (online: boolean) => void): void;
  /** Per-school bound of the offline cache (default 64 MB). */
  cacheMaxBytesPerSchool?: number;
  /** Orders in the data engine's worker thread (default); false keeps them in the main process (OrdersStore). */
  ordersEngine?: boolean;
  /** Where data.orders.exportCsvFile writes: the Save dialog (desktop) or download slots (browser mode). */
  exportDestination?: ExportDestination;
  /** Bound of the engine's snapshots, all schools together (default 1 GB). */
  snapshotMaxBytes?: number;
  now?: () => number;
}

/** The handlers plus what tests and the benchmark need to wait on. */
export interface DataService {
  handlers: MethodHandlers<DataMethodName>;
  orders: OrdersStore;
  cache: QueryCache;
  /** The data engine's worker, when the orders live there. */
  engine: EngineClient | null;
  /** Resolves when background cache writes are done. */
  idle(): Promise<void>;
  close(): void;
}

function checkRange(input: { from: string; to: string; timeZone?: string | undefined }): void {
  if (!(Date.parse(input.from) < Date.parse(input.to))) throw new AppError('invalid_input', 'The date range must start before it ends.');
  if (input.timeZone !== undefined && !isValidTimeZone(input.timeZone)) throw new AppError('invalid_input', `Unknown time zone "${input.timeZone}".`);
}

function fileDate(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function createDataService(deps: DataHandlerDeps): DataService {
  const now = deps.now ?? Date.now;
  const cache = new QueryCache({
    dir: join(deps.dataDir, 'query-cache'),
    cipher: deps.cipher,
    appVersion: deps.appVersion ?? 'unknown',
    logger: deps.logger,
    ...(deps.cacheMaxBytesPerSchool ? { maxBytesPerSchool: deps.cacheMaxBytesPerSchool } : {}),
    now,
  });
  const reader = new CachedReader(cache, deps.emit, deps.logger, now);
  const jobs = new JobRegistry();
  const orders = new OrdersStore({ caller: deps.caller, cache, reader, jobs, emit: deps.emit, logger: deps.logger, now });
  const { caller } = deps;
  const engine = deps.ordersEngine === false ? null : new EngineClient({
    caller,
    keyFor: (accountId) => cache.deriveKey(accountId, 'orders-engine-snapshot'),
    emit: deps.emit,
    logger: deps.logger,
    snapshotDir: join(deps.dataDir, 'engine'),
    ...(deps.snapshotMaxBytes ? { snapshotMaxBytes: deps.snapshotMaxBytes } : {}),
    onReachable: (accountId, reachable) => (reachable ? reader.markOnline(accountId) : reader.markOffline(accountId)),
  });

  const learning = learningSource(engine, deps.logger);

  deps.onAccountRemoved((accountId) => {
    reader.forget(accountId);
    titledFacets.delete(accountId);
    void (engine ? engine.call('engine.forget', { accountId }) : Promise.resolve())
      .then(() => orders.forget(accountId))
      .then(() => cache.drop(accountId))
      .catch((error: unknown) => deps.logger.warn('could not drop the offline cache of a signed-out school', { error: (error as Error).message }));
  });
  deps.onOnlineChange?.((online) => {
    if (online) reader.backOnline();
  });

  // The Orders filters name courses by their title (line items say "Course · Plan"): one course list per
  // loaded copy of the orders (whichever holds them: the engine or the main-process index), through the offline
  // cache. Without courses:read, or offline with no saved list, the line names stay; an unreachable platform is
  // asked again on the next query.
  const titledFacets = new Map<string, { loadedAt: string; facets: Promise<OrderFacets> }>();
  function withTitles(accountId: string, loadedAt: string, facets: OrderFacets): Promise<OrderFacets> {
    const known = titledFacets.get(accountId);
    if (known?.loadedAt === loadedAt) return known.facets;
    const titled = reader
      .read(accountId, 'data.orders.courseTitles', {}, () => readCourseTitles(caller, accountId, AbortSignal.timeout(COURSE_TITLES_TIMEOUT_MS)))
      .then(
        (answer) => withCourseTitles(facets, new Map(answer.data)),
        (error: unknown) => {
          if (isUnavailable(error)) titledFacets.delete(accountId);
          return facets;
        },
      );
    titledFacets.set(accountId, { loadedAt, facets: titled });
    return titled;
  }

  const handlers: MethodHandlers<DataMethodName> = {
    'data.courses.list': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      return learning.courseList(accountId, await reader.read(accountId, 'data.courses.list', rest, () => readCourseList(caller, accountId, rest, signal)));
    },
    'data.courses.get': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      return learning.courseDetail(accountId, await reader.read(accountId, 'data.courses.get', rest, () => readCourseDetail(caller, accountId, rest, signal)), rest);
    },
    'data.courses.orders': async (input, { signal }) => {
      const { accountId, ...rest } = input;
      return reader.read(accountId, 'data.courses.orders', rest, () => readCourseOrders(caller, accountId, rest, signal));
    },
    'data.courses.setPublished': async ({ accountId, courseId, published }, { signal }) => {
      const course = await setCoursePublished(caller, accountId, courseId, published, signal);
      reader.markOnline(accountId);
      deps.emit('data.invalidated', { accountId, reason: 'course_changed' });
      return { data: course, fetchedAt: new Date(now()).toISOString(), fromCache: false };
    },

    'data.orders.load': async ({ accountId, jobId, mode }) => orders.load(accountId, mode, jobId),
    'data.orders.status': async ({ accountId }) => orders.status(accountId),
    'data.orders.query': async ({ accountId, filters, sort, offset, limit }) => {
      const loaded = await orders.ensureLoaded(accountId);
      const result = loaded.index.query(filters, sort, offset, limit);
      return { data: { ...result, facets: await withTitles(accountId, loaded.fetchedAt, loaded.index.facets()) }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
    },
    'data.orders.get': async ({ accountId, orderId }, { signal }) => {
      try {
        return await reader.read(accountId, 'data.orders.get', { orderId }, () => readOrder(caller, accountId, orderId, signal));
      } catch (error) {
        // Offline and never opened before: the loaded copy of the order is still worth showing.
        const loaded = orders.peek(accountId);
        const order = loaded?.index.get(orderId);
        if (isUnavailable(error) && loaded && order) return { data: order, fetchedAt: loaded.fetchedAt, fromCache: true };
        throw error;
      }
    },
    'data.orders.exportCsv': async ({ accountId, jobId, filters, sort, timeZone, locale }) => {
      if (!isValidTimeZone(timeZone)) throw new AppError('invalid_input', `Unknown time zone "${timeZone}".`);
      try {
        new Intl.NumberFormat(locale);
      } catch (error) {
        throw new AppError('invalid_input', `Unknown locale "${locale}".`, { cause: error });
      }
      const loaded = await orders.ensureLoaded(accountId);
      const selection = loaded.index.select(filters, sort);
      const positions = selection.positions;
      const all = loaded.index.orders;
      const id = jobId ?? `orders.export:${accountId}:${now()}`;
      const label = 'Exporting orders';
      const csv = await jobs.run(id, async (job) => {
        const progress = (done: number, finished: boolean) =>
          deps.emit('data.progress', { jobId: id, accountId, loaded: done, total: positions.length, label, done: finished });
        progress(0, false);
        try {
          const text = await ordersToCsv(positions.length, (k) => all[positions[k]!]!, { timeZone, locale }, job.signal, (done) => progress(done, false));
          progress(positions.length, true);
          return text;
        } catch (error) {
          progress(0, true);
          throw error;
        }
      }, 'The export');
      return { data: { csv, rows: positions.length, fileName: `orders-${fileDate(now())}.csv` }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
    },

    'data.sales.report': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      try {
        return await reader.read(accountId, 'data.sales.report', rest, () => readSalesReport(caller, accountId, rest, signal));
      } catch (error) {
        // Offline and this range never seen: the engine computes it from the synced orders (same definitions).
        if (!engine || !isUnavailable(error) || !rest.timeZone) throw error;
        const synced = await engine.call('orders.status', { accountId });
        if (synced.count === null) throw error;
        const local = await engine.call('sales.report', { accountId, from: rest.from, to: rest.to, interval: rest.interval, timeZone: rest.timeZone, courseId: rest.courseId });
        return { ...local, fromCache: true };
      }
    },
    'data.subscriptions.report': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      return reader.read(accountId, 'data.subscriptions.report', rest, () => readSubscriptions(caller, accountId, rest, signal));
    },
    'data.learning.report': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      const local = await learning.report(accountId, rest.from, rest.to);
      if (local) return local;
      // The key names the app-model answer: reports cached in the platform's shape are never read back.
      return reader.read(accountId, 'data.learning.report@model', rest, () => readLearningReport(caller, accountId, rest, signal));
    },

    'data.cacheInfo': async ({ accountId }) => {
      await orders.idle();
      const info = await cache.info(accountId);
      if (engine) {
        // The engine's snapshot counts too; its bound is shared by all schools (least recently used go first).
        const kept = await engine.call('orders.snapshotInfo', { accountId });
        return {
          ...info,
          bytes: info.bytes + (kept?.bytes ?? 0),
          entries: info.entries + (kept ? 1 : 0),
          maxBytes: cache.maxBytesPerSchool + engine.snapshotMaxBytes,
          orders: kept ? { count: kept.count, fetchedAt: kept.fetchedAt } : null,
        };
      }
      const kept = await orders.snapshotMeta(accountId);
      return { ...info, maxBytes: cache.maxBytesPerSchool, orders: kept ? { count: kept.count, fetchedAt: kept.fetchedAt } : null };
    },
    'data.cancel': async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) || (engine ? await engine.call('jobs.cancel', { jobId }) : false) }),
    'data.orders.exportCsvFile': async () => {
      throw new AppError('invalid_input', 'Exporting to a file needs the data engine.');
    },
    ...(engine ? engineOrdersHandlers(engine, caller, reader, now, deps.exportDestination ?? null, withTitles) : {}),
  };

  return {
    handlers,
    orders,
    cache,
    engine,
    idle: async () => {
      await orders.idle();
      if (engine && !engine.closed) await engine.call('engine.idle', {});
    },
    close: () => {
      jobs.cancelAll();
      void engine?.close();
    },
  };
}

export function createDataHandlers(deps: DataHandlerDeps): MethodHandlers<DataMethodName> {
  return createDataService(deps).handlers;
}
