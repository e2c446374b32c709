// How the completion rate reads wherever it is shown (Courses, a course's page, Analytics › Learning): the rate
// beside the two numbers it divides, so it is never taken for completions over enrollments of other learners
// (docs/business-api.md, "Learning").
import { t } from '../../../shared/i18n/i18n';
import { formatCount } from '../../lib/format';

/** The two numbers a completion rate divides (shared/model/learning.ts LearningFigures). */
interface Divided {
  enrollments: number;
  enrollmentsCompleted: number;
}

function numbers(figures: Divided, locale: string) {
  return { finished: formatCount(figures.enrollmentsCompleted, locale), started: formatCount(figures.enrollments, locale) };
}

/** "8 of 422 who started in the range finished"; "nobody started in the range" without enrollments in it. */
export function completionOf(figures: Divided, locale: string): string {
  if (figures.enrollments === 0) return t('common:completion.nobodyStarted');
  return t('common:completion.of', numbers(figures, locale));
}

/** The short form for a table cell: "8 of 422". */
export function completionShort(figures: Divided, locale: string): string {
  return t('common:completion.short', numbers(figures, locale));
}

/** What the completions count says next to it: finished in the range, whenever they started. */
export function completionsHint(): string {
  return t('common:completion.completionsHint');
}
