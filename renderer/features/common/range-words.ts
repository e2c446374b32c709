// How ranges read on screen. The ranges themselves (presets, instants, comparisons) are shared/date-range.ts,
// the one implementation the main process and the data engine use too.
import type { DayRange, RangePreset, RangeProblem } from '../../../shared/date-range';
import { formatDays, type Locale } from '../../lib/format';

export const PRESET_LABELS: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  last12Months: 'Last 12 months',
  custom: 'Custom',
};

export const RANGE_PROBLEMS: Record<RangeProblem, string> = {
  missing_day: 'Pick both a start and an end day.',
  start_after_end: 'The start day must not be after the end day.',
  too_long: 'Pick at most three years.',
};

/** What a change is against, named by its days: "vs Oct 1 – 27". */
export function versusDays(days: DayRange, locale: Locale): string {
  return `vs ${formatDays(days, locale.locale)}`;
}

/** Period labels with the one in progress marked "(so far)" (a copy; -1 marks none). */
export function markPartial(labels: readonly string[], partial: number): string[] {
  return labels.map((label, i) => (i === partial ? `${label} (so far)` : label));
}
