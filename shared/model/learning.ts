// The app's own model of the learning figures (camelCase), what the IPC contract and the renderer speak:
// enrollments, active students, completion and the section funnel (where learners stall). Each figure is
// defined once in docs/business-api.md ("Learning"); the data engine computes them from the synced enrollments
// (electron/services/engine/worker/learning-report.ts) and the platform's report payload is mapped into this shape in
// one place (electron/services/platform/learning-platform.ts).
import { z } from 'zod';
import type { Curriculum } from './courses';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
const count = z.int().nonnegative();

/** How many days "active" looks back from the moment a figure names (docs/business-api.md, "Active students"). */
export const ACTIVE_WINDOW_DAYS = 30;

/** The learning figures of a range [from, to), for one course or the whole school. */
export const LearningFigures = z.object({
  /** Enrollments made in the range. */
  enrollments: count,
  /** Distinct students with an enrollment last active in [to − 30 days, to). */
  activeStudents: count,
  /** Enrollments completed in the range (whenever they were made). */
  completions: count,
  /** Of the range's enrollments, the share completed before the range's end (0 without enrollments). */
  completionRate: z.number().min(0).max(1),
});
export type LearningFigures = z.infer<typeof LearningFigures>;

/** A course's learners in the asked range: the figures the Courses list, the course page and Analytics › Learning share. */
export const CourseLearning = LearningFigures;
export type CourseLearning = LearningFigures;

const CourseLearningRow = LearningFigures.extend({ courseId: id, title: z.string() });
type CourseLearningRow = z.infer<typeof CourseLearningRow>;

export const LearningReport = LearningFigures.extend({
  from: isoTime,
  to: isoTime,
  /** Every course of the school, with its figures in the range. */
  courses: z.array(CourseLearningRow),
});
export type LearningReport = z.infer<typeof LearningReport>;

/**
 * One step of a course's section funnel, for the enrollments made in the range: how many learners reached the
 * section (it is the one they are in, or they went past it) and how many completed every lecture of it.
 */
const SectionFunnelStep = z.object({ sectionId: id, title: z.string(), reached: count, completed: count });
type SectionFunnelStep = z.infer<typeof SectionFunnelStep>;

/** Where learners stall: the funnel in curriculum order (reached never grows from one section to the next). */
export const SectionFunnel = z.array(SectionFunnelStep);
export type SectionFunnel = z.infer<typeof SectionFunnel>;

/** Enrollments made per day, ISO week or month of the business time zone (periodStart: the local period's first instant). */
export const EnrollmentsSeries = z.array(z.object({ periodStart: isoTime, enrollments: count }));
export type EnrollmentsSeries = z.infer<typeof EnrollmentsSeries>;

/** What the engine needs of a course's curriculum to place its learners: its sections in order with their lecture counts. */
export const FunnelSection = z.object({ sectionId: id, title: z.string(), lectures: count });
export type FunnelSection = z.infer<typeof FunnelSection>;

/** The figures of no learners (a course without enrollments in the range). */
export const NO_LEARNERS: LearningFigures = { enrollments: 0, activeStudents: 0, completions: 0, completionRate: 0 };

/** A curriculum's sections in order with their lecture counts: what the engine needs to place learners in the funnel. */
export function funnelSectionsOf(curriculum: Pick<Curriculum, 'sections'>): FunnelSection[] {
  return [...curriculum.sections].sort((a, b) => a.position - b.position).map((s) => ({ sectionId: s.id, title: s.title, lectures: s.lectures.length }));
}
