// Main-side handlers for the dashboards' part of the contract (shared/ipc/data.ts). Reads go through the
// offline cache (cached-read.ts); orders live in the data engine's worker thread (engine/), which syncs, indexes,
// queries and exports them: the main process only routes. The composition root merges these with the other parts.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import { comparisonInstantsOf } from '../../../shared/date-range';
import { isValidTimeZone } from '../../../shared/zoned-time';
import type { dataMethods } from '../../../shared/ipc/data';
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { PlatformCaller } from '../api/platform-caller';
import type { SecretCipher } from '../store/secret-cipher';
import type { Logger } from '../log';
import { QueryCache } from '../store/query-cache';
import { CachedReader, isUnavailable } from './cached-read';
import { withCourseTitles } from './order-facets';
import { EngineClient } from '../engine/client/engine-client';
import { engineOrdersHandlers } from './orders-handlers';
import { exportToChosenFile } from '../engine/client/export-to-file';
import type { ExportDestination } from '../engine/client/export-destination';
import { readCourseOrders } from '../platform/orders-platform';
import { readCourseDetail, readCourseList, readCourseTitles } from '../platform/courses-platform';
import { readSalesReport } from '../platform/analytics-platform';
import { readLearningReport } from '../platform/learning-platform';
import { readSchoolProfile } from '../platform/school-platform';
import { LocalAnalytics, notOffered, withComparisons, type SalesInput } from './analytics-source';
import { learningSource } from './learning-source';
import { CACHE_KEYS } from './cache-keys';
import type { OrderFacets } from '../../../shared/ipc/data';


/** The offline cache's name for a course's orders page: new with the app's Order, so a page cached in the platform's shape is never read. */
const COURSE_ORDERS_CACHE_KEY = 'data.courses.orders.v2';

/** How long the Orders filters wait for the course titles before they show the line names. */
const COURSE_TITLES_TIMEOUT_MS = 5_000;

type DataMethodName = Extract<keyof typeof dataMethods, string>;

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
  /** Where data.orders.exportCsvFile writes: the Save dialog (desktop) or download slots (browser mode). */
  exportDestination?: ExportDestination;
  /** Bound of the engine's snapshots, all schools together (default 1 GB). */
  snapshotMaxBytes?: number;
  now?: () => number;
}

/** The handlers plus what tests and the benchmark need to wait on. */
export interface DataService {
  handlers: MethodHandlers<DataMethodName>;
  cache: QueryCache;
  /** The data engine's worker: every order-wide computation (the Coupons page's results too) asks it. */
  engine: EngineClient;
  /** Resolves when background cache writes (and drops of signed-out schools) are done. */
  idle(): Promise<void>;
  /** Drops what the app saved of a school (engine copies, offline cache) and tells the screens to read again: its records changed under the app. */
  forgetSaved(accountId: string): Promise<void>;
  /** Stops the data engine's worker; resolves once it has stopped, so nothing writes into the data folder after. */
  close(): Promise<void>;
}

function checkRange(input: { from: string; to: string; timeZone?: string | undefined }): void {
  if (!(Date.parse(input.from) < Date.parse(input.to))) throw new AppError('invalid_input', t('engine:errors.rangeOrder'));
  if (input.timeZone !== undefined && !isValidTimeZone(input.timeZone)) throw new AppError('invalid_input', t('engine:errors.unknownTimeZone', { zone: input.timeZone }));

}

/** How long closing waits for the engine's pending snapshot writes before it stops the worker anyway. */
const CLOSE_WAIT_MS = 5_000;

/** Waits for `promise` to settle, or `ms`, whichever comes first; never rejects. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The data service: the offline cache, the engine's client, and the dashboards' handlers over both. */
export function createDataService(deps: DataHandlerDeps): DataService {
  const now = deps.now ?? Date.now;
  const cache = openQueryCache(deps, now);
  const reader = new CachedReader(cache, deps.emit, deps.logger, now);
  const engine = startEngine(deps, cache, reader);
  // Sales, subscriptions, course revenue and learning from the engine's synced records whenever it has them.
  const local = new LocalAnalytics(engine, deps.logger);
  const learning = learningSource(engine, deps.logger);
  const titles = courseTitlesOfFacets(deps.caller, reader);

  const forgetSaved = async (accountId: string): Promise<void> => {
    reader.forget(accountId);
    titles.forget(accountId);
    await engine.call('engine.forget', { accountId });
    await cache.drop(accountId);
  };
  // Drops run in the background of a sign-out; idle() waits for them as for the other background writes.
  const dropping = new Set<Promise<void>>();
  deps.onAccountRemoved((accountId) => {
    const drop = forgetSaved(accountId)
      .catch((error: unknown) => deps.logger.warn('could not drop the offline cache of a signed-out school', { error: (error as Error).message }))
      .finally(() => dropping.delete(drop));
    dropping.add(drop);
  });
  deps.onOnlineChange?.((online) => {
    if (online) reader.backOnline();
  });

  const handlers: MethodHandlers<DataMethodName> = {
    'data.school': async ({ accountId }, { signal }) => reader.read(accountId, CACHE_KEYS.school, {}, () => readSchoolProfile(deps.caller, accountId, signal)),
    ...courseHandlers(deps.caller, reader, local, learning),
    ...reportHandlers(deps.caller, reader, local, learning),
    ...cacheHandlers(cache, engine),
    ...engineOrdersHandlers(engine, deps.caller, reader, now, deps.exportDestination ?? null, titles.withTitles),
    // Small CSVs made by a screen or a service go through the same Save dialog (or download) as the big ones.
    'data.saveCsvFile': async ({ subject, fileName, csv, rows }) =>
      exportToChosenFile(deps.exportDestination ?? null, subject, fileName, async (path) => {
        await writeFile(path, csv, { mode: 0o600 });
        return { data: { rows, bytes: Buffer.byteLength(csv) }, fetchedAt: new Date(now()).toISOString(), fromCache: false };
      }),
  };
  const idle = async (): Promise<void> => {
    await Promise.all(dropping);
    // A worker that is not running has nothing pending: asking it would start one.
    if (!engine.closed && engine.running) await engine.call('engine.idle', {});
  };
  return {
    handlers,
    cache,
    engine,
    idle,
    forgetSaved,
    close: async () => {
      // What is still being written is finished first, within a bound: an admin who quits right after a sync
      // finds those orders at the next start, offline too, instead of a half-written file and a full sync again.
      await settledWithin(idle(), CLOSE_WAIT_MS);
      await engine.close();
    },
  };
}

function openQueryCache(deps: DataHandlerDeps, now: () => number): QueryCache {
  return new QueryCache({
    dir: join(deps.dataDir, 'query-cache'),
    cipher: deps.cipher,
    appVersion: deps.appVersion ?? 'unknown',
    logger: deps.logger,
    ...(deps.cacheMaxBytesPerSchool ? { maxBytesPerSchool: deps.cacheMaxBytesPerSchool } : {}),
    now,
  });
}

/** The data engine's worker, its snapshots sealed with a key of the school's cache; what it reaches tells the reader. */
function startEngine(deps: DataHandlerDeps, cache: QueryCache, reader: CachedReader): EngineClient {
  return new EngineClient({
    caller: deps.caller,
    keyFor: (accountId) => cache.deriveKey(accountId, 'orders-engine-snapshot'),
    emit: deps.emit,
    logger: deps.logger,
    snapshotDir: join(deps.dataDir, 'engine'),
    ...(deps.snapshotMaxBytes ? { snapshotMaxBytes: deps.snapshotMaxBytes } : {}),
    onReachable: (accountId, reachable) => (reachable ? reader.markOnline(accountId) : reader.markOffline(accountId)),
  });
}

/**
 * The Orders filters name courses by their title (line items say "Course · Plan"): one course list per loaded
 * copy of the orders (the engine's), through the offline cache, applied to each answer's own facets (a first
 * sync's rows so far and its end share a loaded time, not their facets). Without courses:read, or offline with
 * no saved list, the line names stay; an unreachable platform is asked again on the next query.
 */
function courseTitlesOfFacets(caller: PlatformCaller, reader: CachedReader) {
  const titled = new Map<string, { loadedAt: string; titles: Promise<ReadonlyMap<string, string> | null> }>();
  return {
    async withTitles(accountId: string, loadedAt: string, facets: OrderFacets): Promise<OrderFacets> {
      let known = titled.get(accountId);
      if (known?.loadedAt !== loadedAt) {
        const titles = reader
          .read(accountId, 'data.orders.courseTitles', {}, () => readCourseTitles(caller, accountId, AbortSignal.timeout(COURSE_TITLES_TIMEOUT_MS)))
          .then(
            (answer) => new Map(answer.data),
            (error: unknown) => {
              if (isUnavailable(error) && titled.get(accountId) === known) titled.delete(accountId);
              return null;
            },
          );
        known = { loadedAt, titles };
        titled.set(accountId, known);
      }
      const titles = await known.titles;
      return titles ? withCourseTitles(facets, titles) : facets;
    },
    forget: (accountId: string) => titled.delete(accountId),
  };
}

/** The earlier of two instants: an answer joined from two sources is as old as its older part. */
const older = (a: string, b: string | undefined) => (b !== undefined && Date.parse(b) < Date.parse(a) ? b : a);

/** The course list, a course, a course's orders: from the platform through the cache, revenue and learning from the engine when synced. */
function courseHandlers(caller: PlatformCaller, reader: CachedReader, local: LocalAnalytics, learning: ReturnType<typeof learningSource>): Pick<MethodHandlers<DataMethodName>, 'data.courses.list' | 'data.courses.get' | 'data.courses.orders'> {
  return {
    'data.courses.list': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      let revenueAt: string | undefined;
      const answer = await reader.read(accountId, CACHE_KEYS.courseList, rest, () =>
        readCourseList(caller, accountId, rest, signal, async () => {
          const synced = await local.courseRevenue(accountId, rest.from, rest.to);
          revenueAt = synced?.fetchedAt;
          return synced ? new Map(Object.entries(synced.data)) : null;
        }),
      );
      return learning.courseList(accountId, { ...answer, fetchedAt: older(answer.fetchedAt, revenueAt) });
    },
    'data.courses.get': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      let revenueAt: string | undefined;
      const answer = await reader.read(accountId, CACHE_KEYS.courseDetail, rest, () =>
        readCourseDetail(caller, accountId, rest, signal, async (courseId) => {
          const synced = await local.courseRevenue(accountId, rest.from, rest.to);
          revenueAt = synced?.fetchedAt;
          return synced ? (synced.data[courseId] ?? []) : null;
        }),
      );
      return learning.courseDetail(accountId, { ...answer, fetchedAt: older(answer.fetchedAt, revenueAt) }, rest);
    },
    'data.courses.orders': async (input, { signal }) => {
      const { accountId, ...rest } = input;
      return reader.read(accountId, COURSE_ORDERS_CACHE_KEY, rest, () => readCourseOrders(caller, accountId, rest, signal));
    },
  };
}

/** Sales, subscriptions and learning: from the engine's synced records, else the platform's reports through the cache. */
function reportHandlers(caller: PlatformCaller, reader: CachedReader, local: LocalAnalytics, learning: ReturnType<typeof learningSource>): Pick<MethodHandlers<DataMethodName>, 'data.sales.report' | 'data.subscriptions.report' | 'data.learning.report'> {
  return {
    'data.sales.report': async (input, { signal }) => {
      checkRange(input);
      for (const period of [input.previous, input.lastYear]) if (period) checkRange(period);
      const { accountId, withoutSync, ...asked } = input;
      // Without a zone asked, the days and buckets are UTC's (the renderer always asks in the business zone).
      const timeZone = asked.timeZone ?? 'UTC';
      const compared = comparisonInstantsOf(asked, timeZone);
      const rest: SalesInput = { ...asked, timeZone, previous: asked.previous ?? compared.previous, lastYear: asked.lastYear ?? compared.lastYear };
      // The engine answers from the synced orders, online and offline; the platform's report only until then.
      if (await local.ordersSynced(accountId)) return local.sales(accountId, rest);
      try {
        return await reader.read(accountId, CACHE_KEYS.salesReport, rest, async () => {
          const [report, previous, lastYear] = await Promise.all([
            readSalesReport(caller, accountId, rest, signal),
            readSalesReport(caller, accountId, { ...rest, ...rest.previous, interval: 'month' }, signal),
            readSalesReport(caller, accountId, { ...rest, ...rest.lastYear, interval: 'month' }, signal),
          ]);
          return withComparisons(report, previous, lastYear);
        });
      } catch (error) {
        // A platform without the report: the engine syncs the orders (progress as data.progress) and computes it.
        if (notOffered(error) && !withoutSync) return local.sales(accountId, rest);
        throw error;
      }
    },
    'data.subscriptions.report': async (input) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      return local.subscriptions(accountId, rest);
    },
    'data.learning.report': async (input, { signal }) => {
      checkRange(input);
      const { accountId, ...rest } = input;
      const synced = await learning.report(accountId, rest.from, rest.to);
      if (synced) return synced;
      return reader.read(accountId, CACHE_KEYS.learningReport, rest, () => readLearningReport(caller, accountId, rest, signal));
    },
  };
}

/** What the school's offline copy holds (cache and engine snapshot together), and cancelling a job of the engine's. */
function cacheHandlers(cache: QueryCache, engine: EngineClient): Pick<MethodHandlers<DataMethodName>, 'data.cacheInfo' | 'data.cancel'> {
  return {
    'data.cacheInfo': async ({ accountId }) => {
      const info = await cache.info(accountId);
      // The engine's snapshot counts too; its bound is shared by all schools (least recently used go first).
      const kept = await engine.call('orders.snapshotInfo', { accountId });
      return {
        ...info,
        bytes: info.bytes + (kept?.bytes ?? 0),
        entries: info.entries + (kept ? 1 : 0),
        maxBytes: cache.maxBytesPerSchool + engine.snapshotMaxBytes,
        orders: kept ? { count: kept.count, fetchedAt: kept.fetchedAt } : null,
      };
    },
    'data.cancel': async ({ jobId }) => ({ cancelled: await engine.call('jobs.cancel', { jobId }) }),
  };
}
