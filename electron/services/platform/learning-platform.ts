// The platform adapter for learning: the learning report endpoint (getLearningReport), and the course report's
// section funnel and the curriculum's sections, mapped to the app's model (shared/model/learning.ts). Nothing
// else reads these snake_case payloads. The data engine computes the same figures from the synced enrollments
// (engine/learning-report.ts); this report answers only while no enrollments are synced yet.
import type { z } from 'zod';
import type { CourseLearning, EnrollmentsSeries, LearningReport, SectionFunnel } from '../../../shared/model/learning';
import { LearningReport as PlatformLearningReport } from '../../../shared/platform/resources';
import type { CourseReport } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';

interface LearningRange {
  from: string;
  to: string;
  timeZone?: string | undefined;
}

type PlatformFigures = { enrollments: number; active_students: number; completions: number; completion_rate: number };

function toFigures(f: PlatformFigures): CourseLearning {
  return { enrollments: f.enrollments, activeStudents: f.active_students, completions: f.completions, completionRate: f.completion_rate };
}

export function toLearningReport(report: z.output<typeof PlatformLearningReport>): LearningReport {
  return {
    from: report.from,
    to: report.to,
    ...toFigures(report),
    courses: report.courses.map((c) => ({ courseId: c.course_id, title: c.title, ...toFigures(c) })),
  };
}

/** The platform's learning report for [from, to) (the time zone only names the range; the figures are instants). */
export async function readLearningReport(caller: PlatformCaller, accountId: string, range: LearningRange, signal?: AbortSignal): Promise<LearningReport> {
  const report = await caller.call(accountId, 'getLearningReport', PlatformLearningReport, {
    query: { from: range.from, to: range.to, time_zone: range.timeZone },
    ...(signal ? { signal } : {}),
  });
  return toLearningReport(report);
}

/** The course report's funnel (reached / completed per section, in curriculum order). */
export function toSectionFunnel(report: Pick<CourseReport, 'sections'>): SectionFunnel {
  return report.sections.map((s) => ({ sectionId: s.section_id, title: s.title, reached: s.reached, completed: s.completed }));
}

/** The course report's enrollments per period. */
export function toEnrollmentsSeries(report: Pick<CourseReport, 'enrollments_series'>): EnrollmentsSeries {
  return report.enrollments_series.map((p) => ({ periodStart: p.period_start, enrollments: p.enrollments }));
}

