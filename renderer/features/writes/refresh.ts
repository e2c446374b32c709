// After a write (here, or a queued one sent later by the main process), the screens that show what it
// changed read again: the courses, the coupons and subscriptions, the events, the activity log and the outbox.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../lib/bridge-hooks';
import { keyAccountId } from '../../data/query-keys';
import { readAgain } from '../../data/read-again';

const AFTER_WRITE = ['data.courses.', 'money.', 'people.', 'writes.', 'events.', 'explorer.'];
/** data.* is refetched by the dashboards' own DataRefresh on data.invalidated; these are the rest. */
const AFTER_INVALIDATION = ['money.', 'people.', 'writes.', 'events.', 'comments.', 'explorer.'];

function refresh(client: QueryClient, accountId: string, prefixes: readonly string[]): Promise<void> {
  // A read already under way may have started before the change (a back-online refetch racing a queued write
  // being sent): it is cancelled and asked again, or its stale answer would stay on screen.
  return readAgain(client, {
    predicate: (query) => {
      const method = query.queryKey[0];
      return typeof method === 'string' && prefixes.some((prefix) => method.startsWith(prefix)) && keyAccountId(query.queryKey) === accountId;
    },
  });
}

export function refreshAfterWrite(client: QueryClient, accountId: string): Promise<void> {
  return refresh(client, accountId, AFTER_WRITE);
}

/** Mounted once in the signed-in frame (OutboxCount): a queued write sent or refused in the background refreshes what shows it. */
export function useWritesRefresh(): void {
  const client = useQueryClient();
  useEvent('writes.changed', ({ accountId }) => void refreshAfterWrite(client, accountId));
  useEvent('data.invalidated', ({ accountId }) => void refresh(client, accountId, AFTER_INVALIDATION));
}
