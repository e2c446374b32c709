// What a list page does when its sync ends: every window of the list is asked again, since those read while it
// ran hold only the rows so far.
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query of `method` (the list's windows) fetched again. A window whose first answer is still on its way
 * was asked while the sync ran: invalidating alone would hand that answer (the rows so far) back as the new one,
 * since react-query joins a first fetch in flight instead of starting another, so reads in flight are dropped first.
 */
export async function refetchWindows(client: QueryClient, method: string): Promise<void> {
  await client.cancelQueries({ queryKey: [method] });
  await client.invalidateQueries({ queryKey: [method] });
}
