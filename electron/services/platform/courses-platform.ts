// The platform adapter for courses: the operations (listCourses, getCourse, getCurriculum, getCourseReport),
// their query parameters and paging (publishing is a write: writes-platform.ts), and the mapping of their snake_case
// payloads into the app's model (shared/model/courses.ts). Nothing else in the app reads these payloads.
// The joins the Courses screens need (each course with its learners and revenue in the range) happen here so
// the renderer makes one call per screen.
import type { z } from 'zod';
import type { CourseDetail, CourseList } from '../../../shared/ipc/data';
import type { Course, CourseReport, CourseRevenue, Curriculum } from '../../../shared/model/courses';
import { NO_LEARNERS, type CourseLearning, type LearningReport } from '../../../shared/model/learning';
import {
  Course as PlatformCourse, CourseReport as PlatformCourseReport, Curriculum as PlatformCurriculum,
} from '../../../shared/platform/resources';
import type { PlatformCaller, QueryValue } from '../api/platform-caller';
import { readLearningReport, toEnrollmentsSeries, toSectionFunnel } from './learning-platform';

/** Course reports asked at once for the course list: enough to be quick, few enough to stay polite. */
const REPORT_CONCURRENCY = 4;

export interface RangeInput {
  from: string;
  to: string;
  timeZone?: string | undefined;
}

export function rangeQuery(input: RangeInput): Record<string, QueryValue> {
  return { from: input.from, to: input.to, time_zone: input.timeZone };
}

// ------------------------------------------------------------------------------------------------ mapping

function toCourse(raw: z.output<typeof PlatformCourse>): Course {
  return {
    id: raw.id,
    title: raw.title,
    slug: raw.slug,
    state: raw.state,
    categories: raw.categories,
    tags: raw.tags,
    lecturerIds: raw.lecturer_ids,
    pricingPlans: raw.pricing_plans.map((p) => ({ id: p.id, kind: p.kind, name: p.name, price: p.price, currency: p.currency, interval: p.interval })),
    createdAt: raw.created_at,
    publishedAt: raw.published_at,
    sectionsCount: raw.sections_count,
    lecturesCount: raw.lectures_count,
    ...(raw.stats
      ? { stats: { enrollments: raw.stats.enrollments, activeStudents: raw.stats.active_students, completions: raw.stats.completions, completionRate: raw.stats.completion_rate } }
      : {}),
    updatedAt: raw.updated_at ?? null,
  };
}

export function toCurriculum(raw: z.output<typeof PlatformCurriculum>): Curriculum {
  return {
    courseId: raw.course_id,
    sections: raw.sections.map((s) => ({
      id: s.id,
      title: s.title,
      position: s.position,
      lectures: s.lectures.map((l) => ({ id: l.id, title: l.title, position: l.position, durationSeconds: l.duration_seconds, attachments: l.attachments.map((a) => ({ kind: a.kind, name: a.name })) })),
    })),
  };
}

export function toCourseRevenue(raw: z.output<typeof PlatformCourseReport>['revenue'][number]): CourseRevenue {
  return { currency: raw.currency, gross: raw.gross, refunds: raw.refunds, net: raw.net, orders: raw.orders };
}

function toCourseReport(raw: z.output<typeof PlatformCourseReport>): CourseReport {
  return {
    courseId: raw.course_id,
    from: raw.from,
    to: raw.to,
    revenue: raw.revenue.map(toCourseRevenue),
  };
}

/** A course's row of the learning report → its figures (the Courses list and the course page show the same). */
function learningOf(row: LearningReport['courses'][number]): CourseLearning {
  return { enrollments: row.enrollments, activeStudents: row.activeStudents, completions: row.completions, completionRate: row.completionRate };
}

// ------------------------------------------------------------------------------------------------- reads

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

/** Every course of the school, in the app's model. */
async function listCourses(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<Course[]> {
  const courses = await caller.paginate(accountId, 'listCourses', PlatformCourse, { query: { limit: 100 }, ...(signal ? { signal } : {}) });
  return courses.map(toCourse);
}

/**
 * Per course, its revenue per currency in the range. `revenueOf` answers it when the caller has it already
 * (the engine's synced orders); otherwise each course's report is asked of the platform.
 */
type CourseRevenueSource = (courses: readonly Course[]) => Promise<Map<string, CourseRevenue[]> | null>;

export async function readCourseList(
  caller: PlatformCaller,
  accountId: string,
  input: RangeInput,
  signal: AbortSignal,
  revenueOf: CourseRevenueSource = async () => null,
): Promise<CourseList> {
  const [courses, learning] = await Promise.all([
    listCourses(caller, accountId, signal),
    // Learners per course for the range, from the one report Analytics › Learning shows too: both screens
    // count enrollments, completion and active students the same way (docs/business-api.md).
    readLearningReport(caller, accountId, input, signal),
  ]);
  const learningOf_ = new Map(learning.courses.map((c) => [c.courseId, c]));
  const local = await revenueOf(courses);
  const revenues = local
    ? courses.map((course) => local.get(course.id) ?? [])
    : await mapLimited(courses, REPORT_CONCURRENCY, async (course): Promise<CourseRevenue[]> => {
      // Only the revenue is used here: monthly buckets keep each report small on long ranges.
      const report = await caller.call(accountId, 'getCourseReport', PlatformCourseReport, { path: { course_id: course.id }, query: { ...rangeQuery(input), interval: 'month' }, signal });
      return report.revenue.map(toCourseRevenue);
    });
  return {
    range: { from: input.from, to: input.to },
    courses: courses.map((course, i) => {
      const l = learningOf_.get(course.id);
      return {
        ...course,
        revenue: revenues[i] ?? [],
        learning: l ? learningOf(l) : NO_LEARNERS,
      };
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
  const courses = await listCourses(caller, accountId, signal);
  return courses.map((course) => [course.id, course.title]);
}

export async function readCourseDetail(
  caller: PlatformCaller,
  accountId: string,
  input: RangeInput & { courseId: string; interval?: string | undefined },
  signal: AbortSignal,
  revenueOf: (courseId: string) => Promise<CourseRevenue[] | null> = async () => null,
): Promise<CourseDetail> {
  const path = { course_id: input.courseId };
  const [course, curriculum, report, learning, revenue] = await Promise.all([
    caller.call(accountId, 'getCourse', PlatformCourse, { path, signal }),
    caller.call(accountId, 'getCurriculum', PlatformCurriculum, { path, signal }),
    caller.call(accountId, 'getCourseReport', PlatformCourseReport, { path, query: { ...rangeQuery(input), interval: input.interval }, signal }),
    // The same learner figures the Courses list shows for this course, so the two screens agree.
    readLearningReport(caller, accountId, input, signal),
    revenueOf(input.courseId),
  ]);
  const mine = learning.courses.find((c) => c.courseId === course.id);
  const mapped = toCourseReport(report);
  return {
    course: toCourse(course),
    curriculum: toCurriculum(curriculum),
    report: revenue ? { ...mapped, revenue } : mapped,
    ...(mine ? { learning: learningOf(mine) } : {}),
    funnel: toSectionFunnel(report),
    enrollmentsSeries: toEnrollmentsSeries(report),
  };
}
