// Part of the IPC contract (see shared/ipc.ts): the dashboards on courses, orders and analytics.
// Every read answers `{ data, fetchedAt, fromCache }` so the UI can show how old a figure is and say when it
// comes from the offline cache. Money is integer minor units next to its currency, never summed across
// currencies; times are ISO 8601 instants; date ranges are [from, to) computed by shared/date-range.ts
// in the business time zone (the school's, or this computer's when chosen).
import { z } from 'zod';
import { CurrencyTotals, Order, OrderState, ProductKind } from '../model/orders';
import { Course, CourseReport, CourseRevenue, Curriculum } from '../model/courses';
import { SalesReport, SubscriptionsOverview } from '../model/analytics';
import { CourseLearning, EnrollmentsSeries, LearningReport, SectionFunnel } from '../model/learning';
import { SchoolProfile } from '../model/school';
import { AccountId } from './accounts';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';
import { t } from '../i18n/i18n';

const isoTime = z.iso.datetime({ offset: true });
const currencyCode = z.string().regex(/^[A-Z]{3}$/);
const id = z.string().min(1).max(256);
const JobId = z.string().min(1).max(128);
/** An IANA time zone name such as "Asia/Taipei"; checked by Intl where it is used. */
export const TimeZone = z.string().min(1).max(64);
/** A BCP 47 locale such as "zh-TW". */
export const Locale = z.string().min(2).max(35);

/** The envelope of every read: the data, when the platform answered it, and whether it came from the offline cache. */
export function answerOf<T extends z.ZodType>(data: T) {
  return z.object({ data, fetchedAt: isoTime, fromCache: z.boolean() });
}
export interface Answer<T> {
  data: T;
  fetchedAt: string;
  fromCache: boolean;
}

/** A [from, to) range of instants. */
const DateRange = z
  .object({ from: isoTime, to: isoTime })
  .refine((r) => Date.parse(r.from) < Date.parse(r.to), { error: () => t('errors:main.rangeOrder') });

// ---------------------------------------------------------------------------------------------- courses

// A course's learners in the asked range (`learning`) and its section funnel (`funnel`) are the app's learning
// model (shared/model/learning.ts, docs/business-api.md "Learning").

/**
 * A course with its all-time statistics (`stats`), its learners in the asked range (`learning`, the same
 * figures as Analytics › Learning) and its revenue per currency in the range. `learning` is absent only in
 * a list the offline cache kept from a version of the app before it.
 */
export const CourseRow = Course.extend({ revenue: z.array(CourseRevenue), learning: CourseLearning.optional() });
export type CourseRow = z.infer<typeof CourseRow>;

export const CourseList = z.object({
  range: z.object({ from: isoTime, to: isoTime }),
  courses: z.array(CourseRow),
  /** What the filters can offer, from every course. */
  facets: z.object({ states: z.array(z.string()), categories: z.array(z.string()), tags: z.array(z.string()) }),
});
export type CourseList = z.infer<typeof CourseList>;

export const CourseDetail = z.object({
  course: Course,
  curriculum: Curriculum,
  report: CourseReport,
  /** The course's learners in the range, as Courses and Analytics › Learning count them (absent in old caches). */
  learning: CourseLearning.optional(),
  /** Where the range's learners stall: reached / completed per section in curriculum order (absent in old caches). */
  funnel: SectionFunnel.optional(),
  /** The range's enrollments per day, week or month (absent in old caches). */
  enrollmentsSeries: EnrollmentsSeries.optional(),
});
export type CourseDetail = z.infer<typeof CourseDetail>;

export const CourseOrdersPage = z.object({
  rows: z.array(Order),
  total: z.int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type CourseOrdersPage = z.infer<typeof CourseOrdersPage>;

// ----------------------------------------------------------------------------------------------- orders

export const ORDER_SORT_KEYS = [
  'paidAt', 'createdAt', 'updatedAt', 'paidAmount', 'originalAmount', 'discountAmount', 'refundedAmount',
  'buyerName', 'tradeNumber', 'state', 'currency',
] as const;
export const OrderSortKey = z.enum(ORDER_SORT_KEYS);
export type OrderSortKey = z.infer<typeof OrderSortKey>;

export const OrderSort = z.object({ key: OrderSortKey, direction: z.enum(['asc', 'desc']) }).strict();
export type OrderSort = z.infer<typeof OrderSort>;
export const DEFAULT_ORDER_SORT: OrderSort = { key: 'paidAt', direction: 'desc' };

export const OrderFilters = z
  .object({
    /** Paid time range [from, to); an order never paid is outside any range. */
    from: isoTime.optional(),
    to: isoTime.optional(),
    states: z.array(OrderState).max(16).optional(),
    /** Orders with a line item of this course. */
    courseId: id.optional(),
    /** Orders with a line item of this product (a plan, a ticket, a digital product...). */
    productId: id.optional(),
    /** Coupon code, case-insensitive; "" (empty) means orders without a coupon. */
    coupon: z.string().max(128).optional(),
    currency: currencyCode.optional(),
    /** Case-insensitive substring of the trade number, the buyer's name or email. */
    text: z.string().max(256).optional(),
    /** Orders of this buyer (a student's id): a student's profile. */
    buyerId: id.optional(),
    /** Orders last changed at or after this instant (Today's failed payments and new refunds). */
    changedFrom: isoTime.optional(),
  })
  .strict();
export type OrderFilters = z.infer<typeof OrderFilters>;

/**
 * With a course filter, that course's own figures over the filtered orders in one currency: its line items of the
 * sold orders, as "One course" defines them (docs/business-api.md): gross, discounts, refunds (its items' amount
 * in refunded orders), net = gross − discounts − refunds, orders = sold orders holding the course.
 */
export const CourseShareTotals = z.object({
  currency: currencyCode,
  orders: z.int().nonnegative(),
  gross: z.int(),
  discounts: z.int(),
  refunds: z.int(),
  net: z.int(),
});
export type CourseShareTotals = z.infer<typeof CourseShareTotals>;
export const OrderFacets = z.object({
  currencies: z.array(currencyCode),
  states: z.array(OrderState),
  coupons: z.array(z.string()),
  courses: z.array(z.object({ id, title: z.string() })),
  /** lastSoldAt: the latest paid time of an order with the product, which tells apart products sold under one name (an event's tickets, year after year). */
  products: z.array(z.object({ id, name: z.string(), kind: ProductKind, lastSoldAt: z.string().nullable().optional() })),
});
export type OrderFacets = z.infer<typeof OrderFacets>;

/**
 * An answer about only the records a school's first sync has brought so far: how many it expects in all (when
 * known) and whether it is still running (false: it stopped, and loading again goes on from there).
 */
export const PartialSync = z.object({ expected: z.int().nonnegative().nullable(), running: z.boolean() });
export type PartialSync = z.infer<typeof PartialSync>;

export const OrderQueryResult = z.object({
  /** Only the asked window [offset, offset + limit) of the filtered, sorted set. */
  rows: z.array(Order),
  offset: z.int().nonnegative(),
  /** How many orders match the filters. */
  total: z.int().nonnegative(),
  /** How many orders are loaded for the account. */
  loaded: z.int().nonnegative(),
  totals: z.array(CurrencyTotals),
  /** With a course filter: the course's own figures beside the whole orders' totals, per currency it sold in; null without one. */
  courseTotals: z.array(CourseShareTotals).nullable(),
  /** From every loaded order (not just the filtered ones), so a filter can always be widened again. */
  facets: OrderFacets,
  partial: PartialSync.nullable().optional(),
});
export type OrderQueryResult = z.infer<typeof OrderQueryResult>;

export const OrdersLoadResult = z.object({
  count: z.int().nonnegative(),
  /** How many orders this load fetched from the platform: all of them, or those updated since the last load. */
  fetched: z.int().nonnegative(),
  mode: z.enum(['full', 'incremental', 'memory', 'disk']),
});
export type OrdersLoadResult = z.infer<typeof OrdersLoadResult>;

export const OrdersStatus = z.object({
  /** Null when no orders were loaded for the account yet (neither in memory nor in the offline cache). */
  count: z.int().nonnegative().nullable(),
  fetchedAt: isoTime.nullable(),
  /** The job loading them right now, if any (its progress comes as data.progress events). */
  loadingJobId: JobId.nullable(),
});
export type OrdersStatus = z.infer<typeof OrdersStatus>;

/** A CSV export streamed to a file: saved where the admin chose (desktop), or ready as a one-time download (browser mode). */
export const CsvFileExport = z.object({
  rows: z.int().nonnegative(),
  bytes: z.int().nonnegative(),
  fileName: z.string(),
  /** The path the admin chose in the Save dialog (desktop app). */
  savedTo: z.string().nullable(),
  /** Browser mode: open this (same origin, once, within 10 minutes) to receive the file as a download. */
  downloadUrl: z.string().nullable(),
});
export type CsvFileExport = z.infer<typeof CsvFileExport>;

// -------------------------------------------------------------------------------------------- analytics

const ReportInterval = z.enum(['day', 'week', 'month']);
type ReportInterval = z.infer<typeof ReportInterval>;

// -------------------------------------------------------------------------------------- cache and jobs

const CacheInfo = z.object({
  bytes: z.int().nonnegative(),
  maxBytes: z.int().nonnegative(),
  entries: z.int().nonnegative(),
  /** fetchedAt of the oldest answer kept. */
  oldestFetchedAt: isoTime.nullable(),
  newestFetchedAt: isoTime.nullable(),
  /** The orders kept for offline review, if any. */
  orders: z.object({ count: z.int().nonnegative(), fetchedAt: isoTime }).nullable(),
});
type CacheInfo = z.infer<typeof CacheInfo>;

export const DataProgress = z.object({
  jobId: JobId,
  accountId: AccountId,
  loaded: z.int().nonnegative(),
  /** Null while the total is not known yet. */
  total: z.int().nonnegative().nullable(),
  label: z.string(),
  done: z.boolean(),
});
export type DataProgress = z.infer<typeof DataProgress>;

const range = { from: isoTime, to: isoTime };
const reportRange = z.object({ accountId: AccountId, ...range, timeZone: TimeZone.optional() });

export const dataMethods = {
  'data.school': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(SchoolProfile),
    "The school's currency and time zone (the platform's school record, needs school:read): the business day of every date, range and bucket on the dashboards, and the currency shown first on a tie.",
  ),
  'data.courses.list': method(
    reportRange.strict(),
    answerOf(CourseList),
    'Every course with its state, price plans, lecturers and all-time stats, plus its learners (the learning report\'s figures) and its revenue per currency in [from, to). Search, filter and sort happen in the UI (a school has tens of courses).',
  ),
  'data.courses.get': method(
    z.object({ accountId: AccountId, courseId: id, ...range, interval: ReportInterval.optional(), timeZone: TimeZone.optional() }).strict(),
    answerOf(CourseDetail),
    "A course, its curriculum and its report for [from, to): enrollments over time, the section funnel, revenue and refunds.",
  ),
  'data.courses.orders': method(
    z.object({ accountId: AccountId, courseId: id, limit: z.int().min(1).max(1000).default(50), cursor: z.string().max(1024).optional() }).strict(),
    answerOf(CourseOrdersPage),
    "One page of a course's orders, newest paid first, from the platform (needs orders:read).",
  ),

  'data.orders.load': method(
    z.object({ accountId: AccountId, jobId: JobId.optional(), mode: z.enum(['auto', 'incremental', 'full']).default('auto') }).strict(),
    answerOf(OrdersLoadResult),
    'Loads every order of the account into the main process (pages of 1000, data.progress events under jobId, cancellable with data.cancel). "auto": from memory or the offline cache if there, then only what changed since (updated_since); "full": everything again. Offline with a cached set: answers from it (fromCache).',
  ),
  'data.orders.status': method(z.object({ accountId: AccountId }).strict(), OrdersStatus, 'Whether the orders are loaded (and how many, from when) or loading right now.'),
  'data.orders.query': method(
    z.object({
      accountId: AccountId,
      filters: OrderFilters.default({}),
      sort: OrderSort.default(DEFAULT_ORDER_SORT),
      offset: z.int().nonnegative().default(0),
      limit: z.int().min(0).max(1000).default(100),
      /** While a first sync runs (or after it stopped), answer from the records it has so far (the answer says so in `partial`) instead of waiting for all. */
      partial: z.boolean().optional(),
    }).strict(),
    answerOf(OrderQueryResult),
    'Filters and sorts the loaded orders in the main process (columnar index) and answers one window of rows, the match count, totals per currency of exactly the filtered set and the facets. Loads the orders first if needed.',
  ),
  'data.orders.get': method(z.object({ accountId: AccountId, orderId: id }).strict(), answerOf(Order), "One order's details, from the platform (the loaded copy when offline)."),
  'data.saveCsvFile': method(
    z.object({
      subject: z.enum(['activity', 'stalledLearners']),
      fileName: z.string().regex(/^[\w.-]{1,120}\.csv$/),
      csv: z.string().max(50_000_000),
      rows: z.int().nonnegative(),
    }).strict(),
    answerOf(CsvFileExport),
    "A CSV made elsewhere (the activity log, a course's stalled learners) saved the way every export is: the Save dialog naming what it holds in the desktop app (fails with cancelled when the admin cancels it), a one-time download in browser mode.",
  ),
  'data.orders.exportCsvFile': method(
    z.object({
      accountId: AccountId,
      jobId: JobId.optional(),
      filters: OrderFilters.default({}),
      sort: OrderSort.default(DEFAULT_ORDER_SORT),
      timeZone: TimeZone,
      locale: Locale,
    }).strict(),
    answerOf(CsvFileExport),
    'The same CSV streamed to a file by the data engine: the native Save dialog in the desktop app (fails with cancelled when the admin cancels it), a one-time download in browser mode; progress under jobId, data.cancel stops it and leaves no file.',
  ),

  'data.sales.report': method(
    z
      .object({
        accountId: AccountId,
        ...range,
        interval: ReportInterval.default('day'),
        timeZone: TimeZone.optional(),
        courseId: id.optional(),
        /** The periods compared with (shared/date-range.ts comparisonsOf); without them, those of the local days [from, to) touches. */
        previous: DateRange.optional(),
        lastYear: DateRange.optional(),
        /** Only from what is there (the synced orders, or the platform's report): a platform without the report answers not_found instead of a sync. */
        withoutSync: z.boolean().optional(),
      })
      .strict(),
    answerOf(SalesReport),
    'Gross, discounts, refunds, net, orders, AOV, refund rate per currency for [from, to), with the previous period and the same days last year (as asked, or as shared/date-range.ts compares the days of the range) and a series by day, week or month in the time zone; optionally for one course. Computed by the data engine from the synced orders whenever it holds them (fetchedAt: when they were synced); the platform\'s report only until then, and a platform without one gets the engine\'s after a sync (progress as data.progress).',
  ),
  'data.subscriptions.report': method(
    reportRange.extend({ interval: ReportInterval.default('day') }).strict(),
    answerOf(SubscriptionsOverview),
    'MRR, active, new and churned subscribers per currency for [from, to), MRR and active subscribers over the range by day, week or month, and the past-due and canceling subscriptions. Computed by the data engine from the synced subscriptions (synced first on the first visit, progress as data.progress), so any range answers offline.',
  ),
  'data.learning.report': method(
    reportRange.strict(),
    answerOf(LearningReport),
    'Enrollments, active students and completion for [from, to), school-wide and per course (docs/business-api.md, "Learning"): from the data engine\'s synced enrollments once there are any (offline included), from the platform\'s report until then.',
  ),

  'data.cacheInfo': method(z.object({ accountId: AccountId }).strict(), CacheInfo, "Size and age of the school's offline cache."),
  'data.cancel': method(z.object({ jobId: JobId }).strict(), z.object({ cancelled: z.boolean() }), 'Cancels a running load or export (it fails with code "cancelled"); false when no such job runs.'),
} satisfies Record<string, MethodDef>;

export const dataEvents = {
  'data.progress': event(DataProgress, 'Progress of a long job (orders load, export): loaded of total, with a label to show.'),
  'data.invalidated': event(
    z.object({ accountId: AccountId, reason: z.enum(['back_online', 'orders_refreshed', 'course_changed', 'cache_cleared', 'students_refreshed', 'subscriptions_refreshed']) }),
    "The account's data changed or the platform is reachable again: refetch what is on screen.",
  ),
} satisfies Record<string, EventDef>;
