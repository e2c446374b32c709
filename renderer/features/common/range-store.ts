// The date range the admin picked, shared by the dashboards so a drill-down keeps it (Courses → a course),
// resolved in the business time zone with the periods it is compared with (shared/date-range.ts).
import { useMemo } from 'react';
import { create } from 'zustand';
import {
  comparisonsOf, currentDays, sameDaysLastYear, toInstants, todayIn, type DayRange, type InstantRange, type PickedRange,
} from '../../../shared/date-range';
import { useLocale } from './use-locale';

interface RangeState {
  /** A preset's days are recomputed in the business zone on every use; only custom days are kept as typed. */
  range: PickedRange;
  /** What is wrong with the days the admin is typing (From after To…): no figures are shown meanwhile. */
  problem: string | null;
  setRange(range: PickedRange): void;
  setProblem(problem: string | null): void;
}

export const useRangeStore = create<RangeState>()((set) => ({
  range: { preset: 'last30', startDay: '', endDay: '' },
  problem: null,
  setRange: (range) => set({ range, problem: null }),
  setProblem: (problem) => set({ problem }),
}));

/** A period as days (for its name on screen) and as the instants a report is asked for. */
export type Period = DayRange & InstantRange;

interface ResolvedRange extends InstantRange {
  /** The days covered in the business zone today. */
  range: PickedRange;
  timeZone: string;
  /** What changes are against: the period just before. */
  previous: Period;
  /** The same days a year before, when that says something the previous period does not (else null). */
  lastYear: Period | null;
  /** The same days a year before as instants, always (the sales report computes them whether shown or not). */
  lastYearInstants: InstantRange;
}

/** Days and instants of a picked range with its comparisons, in the zone, as of today there. */
export function resolveRange(picked: PickedRange, timeZone: string, now: number = Date.now()): ResolvedRange {
  const range = currentDays(picked, now, timeZone);
  const period = (days: DayRange): Period => ({ ...days, ...toInstants(days, timeZone) });
  const compared = comparisonsOf(range);
  return {
    range,
    timeZone,
    ...toInstants(range, timeZone),
    previous: period(compared.previous),
    lastYear: compared.lastYear ? period(compared.lastYear) : null,
    lastYearInstants: toInstants(sameDaysLastYear(range), timeZone),
  };
}

/** A picked range resolved in the business zone (see resolveRange), stable while the day and the pick stay. */
export function useResolvedRange(picked: PickedRange): ResolvedRange {
  const { timeZone } = useLocale();
  const today = todayIn(timeZone);
  // `today` is a dependency on purpose: a preset moves with the calendar.
  return useMemo(() => resolveRange(picked, timeZone), [picked, timeZone, today]);
}

/** The dashboards' shared range, resolved, and the problem of the range being typed, if any. */
export function useDashboardRange(): ResolvedRange & { problem: string | null } {
  const picked = useRangeStore((s) => s.range);
  const problem = useRangeStore((s) => s.problem);
  return { ...useResolvedRange(picked), problem };
}
