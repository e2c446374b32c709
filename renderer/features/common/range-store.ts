// The date range the admin picked, shared by the dashboards so a drill-down keeps it (Courses → a course).
import { create } from 'zustand';
import { pickPreset, toInstants, type PickedRange } from './range';
import { systemLocale } from './format';

interface RangeState {
  range: PickedRange;
  setRange(range: PickedRange): void;
}

export const useRangeStore = create<RangeState>()((set) => ({
  range: pickPreset('last30', Date.now(), systemLocale().timeZone),
  setRange: (range) => set({ range }),
}));

/** The picked range as [from, to) instants in the time zone. */
export function useRangeInstants(timeZone: string) {
  const range = useRangeStore((s) => s.range);
  return { range, ...toInstants(range, timeZone) };
}
