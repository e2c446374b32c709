// Asking cached queries again because what they read changed: a list's sync ended, the main process said an
// account's data changed (data.invalidated), a write landed.
import type { QueryClient, QueryFilters } from '@tanstack/react-query';
import { isStaleAfterInvalidation } from './query-keys';

/**
 * The queries matching `filters` fetched again. A query whose first answer is still on its way was asked before
 * the change: invalidating alone would hand that answer back as the new one, since react-query joins a first
 * fetch in flight instead of starting another (cancelRefetch only cancels a query that already has data), so
 * reads in flight are dropped first.
 */
export async function readAgain(client: QueryClient, filters: QueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}

/** Every window of a list (`method`), once its sync ended: those read while it ran hold only the rows so far. */
export function readWindowsAgain(client: QueryClient, method: string): Promise<void> {
  return readAgain(client, { queryKey: [method] });
}

/** An account's dashboard data, once the main process said it changed (data.invalidated, back online, signed in again). */
export function readAccountAgain(client: QueryClient, accountId: string): Promise<void> {
  return readAgain(client, { predicate: (query) => isStaleAfterInvalidation(query.queryKey, accountId) });
}
