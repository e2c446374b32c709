// "Since you last looked": Today records the admin's look at a school each time it shows that school's figures
// (data.todayVisit). Reading data.today records nothing, so the tray's glance never moves the mark.
import { useEffect } from 'react';
import { invoke } from '../../lib/bridge-hooks';

/** Records a look at each school whose figures are on screen, again whenever they are shown anew (`shownAt`, 0: not shown). */
export function useTodayVisits(shown: readonly { accountId: string; shownAt: number }[]): void {
  // One string for the effect's dependency: the schools shown and when their figures arrived.
  const key = JSON.stringify(shown.filter((s) => s.shownAt > 0).map((s) => [s.accountId, s.shownAt]));
  useEffect(() => {
    for (const [accountId] of JSON.parse(key) as [string, number][]) {
      // A mark that cannot be kept only loses the "new" markers next time: nothing to tell the admin now.
      invoke('data.todayVisit', { accountId }).catch(() => undefined);
    }
  }, [key]);
}
