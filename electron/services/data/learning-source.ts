// Where the dashboards' learning figures come from: the data engine, computed from the synced enrollments,
// whenever it holds any (in memory or as a snapshot), online and offline alike; the platform's learning report
// only until then. Analytics › Learning, the Courses list's learner columns and the course page's figures and
// funnel all pass through here, so they always come from the same source and agree.
import { funnelSectionsOf, NO_LEARNERS, type LearningReport } from '../../../shared/model/learning';
import type { Answer, CourseDetail, CourseList } from '../../../shared/ipc/data';
import type { Logger } from '../log';
import type { EngineClient } from '../engine/client/engine-client';

interface CourseRange {
  from: string;
  to: string;
  interval?: 'day' | 'week' | 'month' | undefined;
  timeZone?: string | undefined;
}

interface LearningSource {
  /** The school's learning report from the synced enrollments; null while none are synced (or without an engine). */
  report(accountId: string, from: string, to: string): Promise<Answer<LearningReport> | null>;
  /** A course list with each course's learners from the synced enrollments, when there are any. */
  courseList(accountId: string, list: Answer<CourseList>): Promise<Answer<CourseList>>;
  /** A course's page with its learners and its section funnel from the synced enrollments, when there are any. */
  courseDetail(accountId: string, detail: Answer<CourseDetail>, range: CourseRange): Promise<Answer<CourseDetail>>;
}

export function learningSource(engine: EngineClient | null, logger: Logger): LearningSource {
  async function local<T>(ask: () => Promise<T | null>): Promise<T | null> {
    if (!engine || engine.closed) return null;
    try {
      return await ask();
    } catch (error) {
      // The platform's figures still answer; the engine's failure is logged, not shown.
      logger.warn('learning figures not computed locally', { code: (error as { code?: string }).code ?? 'unknown' });
      return null;
    }
  }

  return {
    report: (accountId, from, to) => local(() => engine!.call('learning.report', { accountId, from, to })),

    async courseList(accountId, list) {
      const synced = await local(() => engine!.call('learning.report', { accountId, from: list.data.range.from, to: list.data.range.to }));
      if (!synced) return list;
      const figures = new Map(synced.data.courses.map(({ courseId, title: _title, ...f }) => [courseId, f]));
      return { ...list, data: { ...list.data, courses: list.data.courses.map((course) => ({ ...course, learning: figures.get(course.id) ?? NO_LEARNERS })) } };
    },

    async courseDetail(accountId, detail, range) {
      const { course, curriculum } = detail.data;
      // The series needs the time zone its periods are counted in; without one the platform's (the school's) stays.
      const series = range.timeZone ? { interval: range.interval ?? 'day', timeZone: range.timeZone } : {};
      const synced = await local(() =>
        engine!.call('learning.course', { accountId, courseId: course.id, from: range.from, to: range.to, sections: funnelSectionsOf(curriculum), ...series }),
      );
      if (!synced) return detail;
      const { learning, funnel, enrollmentsSeries } = synced.data;
      return {
        ...detail,
        data: { ...detail.data, learning, funnel: funnel ?? detail.data.funnel, enrollmentsSeries: enrollmentsSeries ?? detail.data.enrollmentsSeries },
      };
    },
  };
}
