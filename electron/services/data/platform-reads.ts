// What the dashboards ask the platform, one function per answer: the joins (courses with their revenue,
// a course with its curriculum and report, subscriptions with their past-due and canceling lists) happen
// here in the main process so the renderer makes one call per screen.
import type { z } from 'zod';
import type { CourseDetail, CourseList, CourseOrdersPage, CourseRevenue, SubscriptionsOverview } from '../../../shared/ipc/data';
import {
  Course, CourseReport, Curriculum, Order, pageOf, SalesReport, Subscription, SubscriptionsReport,
} from '../../../shared/platform/resources';
import { NO_LEARNERS } from '../../../shared/model/learning';
import type { QueryValue, PlatformCaller } from '../api/platform-caller';
import { readLearningReport, toEnrollmentsSeries, toSectionFunnel } from '../platform/learning-platform';

/** Course reports asked at once for the course list: enough to be quick, few enough to stay polite. */
const REPORT_CONCURRENCY = 4;

export interface RangeInput {
  from: string;
  to: string;
  timeZone?: string | undefined;
}

function rangeQuery(input: RangeInput): Record<string, QueryValue> {
  return { from: input.from, to: input.to, time_zone: input.timeZone };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(workers);
  return out;
}

function distinctSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

export async function readCourseList(caller: PlatformCaller, accountId: string, input: RangeInput, signal: AbortSignal): Promise<CourseList> {
  const [courses, learning] = await Promise.all([
    caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal }),
    // Learners per course for the range, from the one report Analytics › Learning shows too: both screens
    // count enrollments, completion and active students the same way (docs/business-api.md).
    readLearningReport(caller, accountId, input, signal),
  ]);
  const learningOf = new Map(learning.courses.map(({ courseId, title: _title, ...figures }) => [courseId, figures]));
  const revenues = await mapLimited(courses, REPORT_CONCURRENCY, async (course): Promise<CourseRevenue[]> => {
    // Only the revenue is used here: monthly buckets keep each report small on long ranges.
    const report = await caller.call(accountId, 'getCourseReport', CourseReport, { path: { course_id: course.id }, query: { ...rangeQuery(input), interval: 'month' }, signal });
    return report.revenue;
  });
  return {
    range: { from: input.from, to: input.to },
    courses: courses.map((course, i) => {
      return { ...course, revenue: revenues[i] ?? [], learning: learningOf.get(course.id) ?? NO_LEARNERS };
    }),
    facets: {
      states: distinctSorted(courses.map((c) => c.state)),
      categories: distinctSorted(courses.flatMap((c) => c.categories)),
      tags: distinctSorted(courses.flatMap((c) => c.tags)),
    },
  };
}

/** Every course's id and title (one paged list, no reports): the Orders filter names courses by their title. */
export async function readCourseTitles(caller: PlatformCaller, accountId: string, signal: AbortSignal): Promise<[string, string][]> {
  const courses = await caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal });
  return courses.map((course) => [course.id, course.title]);
}

export async function readCourseDetail(
  caller: PlatformCaller,
  accountId: string,
  input: RangeInput & { courseId: string; interval?: string | undefined },
  signal: AbortSignal,
): Promise<CourseDetail> {
  const path = { course_id: input.courseId };
  const [course, curriculum, report, learning] = await Promise.all([
    caller.call(accountId, 'getCourse', Course, { path, signal }),
    caller.call(accountId, 'getCurriculum', Curriculum, { path, signal }),
    caller.call(accountId, 'getCourseReport', CourseReport, { path, query: { ...rangeQuery(input), interval: input.interval }, signal }),
    // The same learner figures the Courses list shows for this course, so the two screens agree.
    readLearningReport(caller, accountId, input, signal),
  ]);
  const mine = learning.courses.find((c) => c.courseId === course.id);
  return {
    course,
    curriculum,
    report,
    ...(mine ? { learning: { enrollments: mine.enrollments, activeStudents: mine.activeStudents, completions: mine.completions, completionRate: mine.completionRate } } : {}),
    funnel: toSectionFunnel(report),
    enrollmentsSeries: toEnrollmentsSeries(report),
  };
}

export async function readCourseOrders(
  caller: PlatformCaller,
  accountId: string,
  input: { courseId: string; limit: number; cursor?: string | undefined },
  signal: AbortSignal,
): Promise<CourseOrdersPage> {
  const page = await caller.call(accountId, 'listOrders', pageOf(Order), {
    query: { course_id: input.courseId, limit: input.limit, cursor: input.cursor, sort: '-paid_at' },
    signal,
  });
  return { rows: page.data, total: page.meta.total, nextCursor: page.meta.next_cursor };
}

export async function setCoursePublished(caller: PlatformCaller, accountId: string, courseId: string, published: boolean, signal: AbortSignal): Promise<z.output<typeof Course>> {
  return caller.call(accountId, published ? 'publishCourse' : 'unpublishCourse', Course, { path: { course_id: courseId }, signal });
}

export async function readSalesReport(
  caller: PlatformCaller,
  accountId: string,
  input: RangeInput & { interval: string; courseId?: string | undefined },
  signal: AbortSignal,
): Promise<SalesReport> {
  return caller.call(accountId, 'getSalesReport', SalesReport, { query: { ...rangeQuery(input), interval: input.interval, course_id: input.courseId }, signal });
}

export async function readSubscriptions(caller: PlatformCaller, accountId: string, input: RangeInput, signal: AbortSignal): Promise<SubscriptionsOverview> {
  const [report, pastDue, canceling] = await Promise.all([
    caller.call(accountId, 'getSubscriptionsReport', SubscriptionsReport, { query: rangeQuery(input), signal }),
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { state: 'past_due', limit: 1000 }, signal }),
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { canceling: true, limit: 1000 }, signal }),
  ]);
  return { report, pastDue, canceling: canceling.filter((s) => s.canceling) };
}

export async function readOrder(caller: PlatformCaller, accountId: string, orderId: string, signal: AbortSignal): Promise<Order> {
  return caller.call(accountId, 'getOrder', Order, { path: { order_id: orderId }, signal });
}
