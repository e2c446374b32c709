// The messages between the main process and the engine's worker thread. The main process only routes: it
// forwards a method call, answers the worker's page requests through the app's PlatformCaller (tokens,
// refresh and retries stay in one place), and relays the worker's events and log lines.
import type { SyncedChange } from '../../../../shared/model/synced-change';
import type { SerializedAppError } from '../../../../shared/errors';
import type {
  Answer, DataProgress, OrderFilters, OrderQueryResult, OrderSort, OrdersLoadResult, OrdersStatus,
} from '../../../../shared/ipc/data';
import type { CouponCurrencyResult, MrrMovements } from '../../../../shared/model/money';
import type { Order } from '../../../../shared/model/orders';
import type { SalesReport, SubscriptionsOverview, SubscriptionsReport } from '../../../../shared/model/analytics';
import type { CourseRevenue } from '../../../../shared/model/courses';
import type { PageRequest } from '../../platform/page-request';
import type { UiLocale } from '../../../../shared/i18n/language';

import type { MatchQuality } from '../../../../shared/model/search';
import type { CourseLearning, EnrollmentsSeries, FunnelSection, LearningReport, SectionFunnel } from '../../../../shared/model/learning';
import type { StudentFilters, StudentQueryResult, StudentSort, StudentsLoadResult, StudentsPick, StudentsStatus } from '../../../../shared/ipc/students';

export type LoadMode = 'auto' | 'incremental' | 'full';

/** 1,000,000 orders take about 200 MB of columns: the default keeps two such schools with room to spare. */
export const DEFAULT_SNAPSHOT_MAX_BYTES = 1024 * 1024 * 1024;

interface OrderMatch {
  order: Order;
  match: MatchQuality;
}

export interface OrdersSearchResult {
  matches: OrderMatch[];
  /** Orders that matched, before the limit. */
  total: number;
  /** Orders searched. */
  searched: number;
}

export interface CouponResults {
  /** Per coupon id: its results per currency, largest net first. */
  byCoupon: [string, CouponCurrencyResult[]][];
  /** How many orders the results were computed from (all the school's synced orders). */
  ordersCounted: number;
  /** Every currency the synced orders are in, sorted. */
  currencies: string[];
}

export interface StudentsExportArgs {
  accountId: string;
  jobId: string;
  filters: StudentFilters;
  sort: StudentSort;
  /** Only these students (the page's selection); the filters are then not applied. */
  ids?: string[] | undefined;
  timeZone: string;
  path: string;
}

export interface SnapshotInfo {
  count: number;
  fetchedAt: string;
  bytes: number;
  /** How long the last write took (encode, seal, write, fsync, rename) and the last open (read, authenticate, check, index), in the worker. */
  writeMs: number | null;
  openMs: number | null;
}

/** Where a sync's time went, measured in the worker (the benchmark prints it). */
export interface SyncProfileData {
  wallMs: number;
  /** CPU time of the worker thread during the sync (its own work, queries answered meanwhile included). */
  cpuMs: number;
  /**
   * CPU time reading pages (parse, validate, map; or scan: the three in one pass over a page's bytes) and putting
   * their records into the table (index); the rest of the wall time is waiting.
   */
  steps: { parse: number; validate: number; map: number; scan: number; index: number };
  pages: number;
  requests: number;
  /** Wall time from the sync's start to the first page of records read (the planning round trips before it). */
  firstPageMs: number | null;
  /** Wall time from the sync's start to the end of each walk, in the order they ended (how balanced the slices were). */
  walkEndsMs: number[];
}

/** What the engine answers; each takes one argument object and resolves to the named result. */
export interface EngineApi {
  'orders.load': (a: { accountId: string; mode: LoadMode; jobId?: string | undefined }) => Answer<OrdersLoadResult>;
  'orders.status': (a: { accountId: string }) => OrdersStatus;
  /** `partial`: while a first sync runs (or after it stopped), answer from its orders so far (marked so) rather than wait for all. */
  'orders.query': (a: { accountId: string; filters: OrderFilters; sort: OrderSort; offset: number; limit: number; partial?: boolean | undefined }) => Answer<Omit<OrderQueryResult, never>>;
  /** The loaded copy of one order, if the engine holds one (offline fallback of data.orders.get). */
  'orders.peek': (a: { accountId: string; orderId: string }) => { order: Order; fetchedAt: string } | null;
  /** The same rows streamed to a file (written beside it, renamed into place when complete; removed on cancel). */
  'orders.exportCsvFile': (a: { accountId: string; jobId: string; filters: OrderFilters; sort: OrderSort; timeZone: string; locale: string; path: string }) => Answer<{ rows: number; bytes: number }>;
  'orders.snapshotInfo': (a: { accountId: string }) => SnapshotInfo | null;
  /** How the last orders sync (or the one running) spent its time, measured in the worker (the benchmark). */
  'orders.syncProfile': (a: { accountId: string }) => SyncProfileData | null;
  /** What each coupon brought, from the synced orders paid in [from, to) (all time without them; loads them first if needed): the Coupons page. */
  'orders.couponResults': (a: { accountId: string; from?: string | undefined; to?: string | undefined }) => Answer<CouponResults>;
  /** Sales figures from the synced orders (docs/business-api.md, "Local analytics"), in the app's model. */
  'sales.report': (a: {
    accountId: string;
    from: string;
    to: string;
    interval: 'day' | 'week' | 'month';
    timeZone: string;
    courseId?: string | undefined;
    /** The periods the figures are compared with (shared/date-range.ts comparisonsOf), [from, to) each. */
    previous: { from: string; to: string };
    lastYear: { from: string; to: string };
  }) => Answer<SalesReport>;
  /** Every course's revenue per currency over [from, to) from the synced orders (Courses' revenue column), by course id. */
  'sales.courseRevenue': (a: { accountId: string; from: string; to: string }) => Answer<Record<string, CourseRevenue[]>>;
  /** The command palette's search over the synced orders only (memory or snapshot; never the platform); null when none are synced. */
  'orders.search': (a: { accountId: string; text: string; limit: number }) => (OrdersSearchResult & { fetchedAt: string }) | null;
  'jobs.cancel': (a: { jobId: string }) => boolean;
  /** Sign-out: stop its jobs, drop it from memory and delete its snapshot. */
  'engine.forget': (a: { accountId: string }) => void;
  /** Resolves when no snapshot write is pending. */
  'engine.idle': (a: Record<string, never>) => void;
  /**
   * What a write the app just made changed in synced records (the platform's answer, in the app's model):
   * applied to the copy at once (and its snapshot), screens told by data.invalidated; the copy's age stays that
   * of its last sync, which confirms the change. Records not synced yet are left to their first sync.
   */
  'engine.applyWrite': (a: { accountId: string; changes: SyncedChange[] }) => { applied: number };
}

/** The subscriptions side of the engine (subscriptions-engine.ts), answered beside the orders. */
export interface SubscriptionsEngineApi {
  /**
   * Every subscription of the school, from the platform (full each time: it has no updated_since for them),
   * progress under jobId; offline, the snapshot's (fromCache). Kept as a sealed snapshot.
   */
  'subscriptions.sync': (a: { accountId: string; jobId?: string | undefined }) => Answer<{ count: number }>;
  /** How many are synced (memory or snapshot; never the platform), and the sync running, if one is. */
  'subscriptions.status': (a: { accountId: string }) => { count: number | null; fetchedAt: string | null; loadingJobId: string | null };
  /** Subscription figures from the synced subscriptions (docs/business-api.md, "Local analytics"). */
  'subscriptions.report': (a: { accountId: string; from: string; to: string }) => Answer<SubscriptionsReport>;
  /** How MRR moved over [from, to), per currency, from the synced subscriptions (docs/business-api.md, "MRR movements"). */
  'subscriptions.movements': (a: { accountId: string; from: string; to: string }) => Answer<MrrMovements[]>;
  /**
   * Analytics › Subscriptions (figures, MRR over the range by `interval` in `timeZone`, past due, canceling) from the
   * synced subscriptions (memory or snapshot; synced first when there are none, progress as data.progress).
   */
  'subscriptions.overview': (a: { accountId: string; from: string; to: string; interval: 'day' | 'week' | 'month'; timeZone: string }) => Answer<SubscriptionsOverview>;
}

/** The students side of the engine (students-engine.ts), beside the orders side above. */
export interface StudentsEngineApi {
  'students.load': (a: { accountId: string; mode: LoadMode; jobId?: string | undefined }) => Answer<StudentsLoadResult>;
  'students.status': (a: { accountId: string }) => StudentsStatus;
  'students.query': (a: { accountId: string; filters: StudentFilters; sort: StudentSort; offset: number; limit: number; partial?: boolean | undefined }) => Answer<StudentQueryResult>;
  /** A student's tags in the synced copy (memory or snapshot, never the platform); null when not held. */
  'students.tagsOf': (a: { accountId: string; studentId: string }) => string[] | null;
  'students.pick': (a: { accountId: string; ids?: string[] | undefined; emails?: string[] | undefined; filters?: StudentFilters | undefined }) => Answer<StudentsPick>;
  /** The page's view (or its selection) streamed to a file (students-export.ts; removed on cancel). */
  'students.exportCsvFile': (a: StudentsExportArgs) => Answer<{ rows: number; bytes: number }>;
  /** Learning figures from the synced enrollments (docs/business-api.md, "Learning"); null while none are synced (memory or snapshot). */
  'learning.report': (a: { accountId: string; from: string; to: string }) => Answer<LearningReport> | null;
  /** One course's figures; given its sections in order, its section funnel; given an interval and a time zone, its enrollments series. Null while no enrollments are synced. */
  'learning.course': (a: {
    accountId: string; courseId: string; from: string; to: string; sections?: FunnelSection[] | undefined;
    interval?: 'day' | 'week' | 'month' | undefined; timeZone?: string | undefined;
  }) => Answer<{ learning: CourseLearning; funnel: SectionFunnel | null; enrollmentsSeries: EnrollmentsSeries | null }> | null;
}
/** Every method the worker answers: the orders side (EngineApi) and the students side. */
type EngineCalls = EngineApi & SubscriptionsEngineApi & StudentsEngineApi;

export type EngineMethod = keyof EngineCalls;
export type EngineArgs<M extends EngineMethod> = Parameters<EngineCalls[M]>[0];
export type EngineResult<M extends EngineMethod> = ReturnType<EngineCalls[M]>;

/** One page of a platform list, as a feed of the platform adapter asked for it (platform/page-request.ts). */
export type { PageRequest };
/** The request for a page's next page, as its tail names it: the main process asks for it ahead (client/pages-ahead.ts). */
export { nextPageRequest } from '../../platform/list-feed';

export type EngineEvent =
  | { event: 'data.progress'; payload: DataProgress }
  | { event: 'data.invalidated'; payload: { accountId: string; reason: 'orders_refreshed' | 'students_refreshed' | 'subscriptions_refreshed' } };

export type MainToWorker =
  | { type: 'call'; id: number; method: EngineMethod; args: unknown }
  | { type: 'key'; accountId: string; key: Uint8Array }
  /** The main process's UI language, before the first call and after each change: CSV headers, progress labels and errors follow it. */
  | { type: 'language'; locale: UiLocale }
  | { type: 'page'; id: number; ok: true; value: unknown }
  /** The page's JSON as the platform sent it (transferred, not copied): the worker parses and validates it. */
  | { type: 'page'; id: number; ok: true; bytes: Uint8Array }
  | { type: 'page'; id: number; ok: false; error: SerializedAppError };

export type WorkerToMain =
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: SerializedAppError }
  | { type: 'page'; id: number; request: PageRequest }
  | { type: 'pageCancel'; id: number }
  | { type: 'event'; event: EngineEvent }
  | { type: 'reachable'; accountId: string; reachable: boolean }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; fields?: Record<string, unknown> };
