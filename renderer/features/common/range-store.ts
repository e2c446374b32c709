// The date range the admin picked, shared by the dashboards so a drill-down keeps it (Courses → a course).
import { create } from 'zustand';
import { pickPreset, toInstants, type PickedRange } from './range';
import { systemLocale } from '../../lib/format';

interface RangeState {
  range: PickedRange;
  /** What is wrong with the days the admin is typing (From after To…): no figures are shown meanwhile. */
  problem: string | null;
  setRange(range: PickedRange): void;
  setProblem(problem: string | null): void;
}

export const useRangeStore = create<RangeState>()((set) => ({
  range: pickPreset('last30', Date.now(), systemLocale().timeZone),
  problem: null,
  setRange: (range) => set({ range, problem: null }),
  setProblem: (problem) => set({ problem }),
}));

/** The picked range as [from, to) instants in the time zone, and the problem of the range being typed, if any. */
export function useRangeInstants(timeZone: string) {
  const range = useRangeStore((s) => s.range);
  const problem = useRangeStore((s) => s.problem);
  return { range, problem, ...toInstants(range, timeZone) };
}
