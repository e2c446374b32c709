// How ranges read on screen, in the UI language. The ranges themselves (presets, instants, comparisons) are
// shared/date-range.ts, the one implementation the main process and the data engine use too.
import { t } from '../../../shared/i18n/i18n';
import type { DayRange, RangePreset, RangeProblem } from '../../../shared/date-range';
import { formatDays, type Locale } from '../../lib/format';

/** A preset's name in the current UI language. */
export function presetLabel(preset: RangePreset): string {
  return t(`common:range.presets.${preset}`);
}

const PROBLEM_KEYS = { missing_day: 'bothDays', start_after_end: 'order', too_long: 'tooLong' } as const satisfies Record<RangeProblem, string>;

/** Why typed days make no range, in the current UI language. */
export function rangeProblemWords(problem: RangeProblem): string {
  return t(`common:range.problems.${PROBLEM_KEYS[problem]}`);
}

/** What a change is against, named by its days: "vs Oct 1 – 27" (the days in the locale's own span format). */
export function versusDays(days: DayRange, locale: Locale): string {
  return t('common:range.versus', { days: formatDays(days, locale.locale) });
}

/** Period labels with the one in progress marked "(so far)" (a copy; -1 marks none). */
export function markPartial(labels: readonly string[], partial: number): string[] {
  return labels.map((label, i) => (i === partial ? t('common:time.soFar', { label }) : label));
}
