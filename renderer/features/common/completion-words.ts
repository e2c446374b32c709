// How the completion rate reads wherever it is shown (Courses, a course's page, Analytics › Learning): the rate
// beside the two numbers it divides, so it is never taken for completions over enrollments of other learners
// (docs/business-api.md, "Learning").
import type { LearningFigures } from '../../../shared/model/learning';
import { formatCount } from '../../lib/format';

/** "8 of 422 who started in the range finished"; null without enrollments in the range (no rate to explain). */
export function completionOf(figures: Pick<LearningFigures, 'enrollments' | 'enrollmentsCompleted'>, locale: string): string | null {
  if (figures.enrollments === 0) return null;
  return `${formatCount(figures.enrollmentsCompleted, locale)} of ${formatCount(figures.enrollments, locale)} who started in the range finished`;
}

/** The short form for a table cell: "8 of 422". */
export function completionShort(figures: Pick<LearningFigures, 'enrollments' | 'enrollmentsCompleted'>, locale: string): string {
  return `${formatCount(figures.enrollmentsCompleted, locale)} of ${formatCount(figures.enrollments, locale)}`;
}

/** What the completions count says next to it: finished in the range, whenever they started. */
export const COMPLETIONS_HINT = 'finished in the range, whenever they started';
