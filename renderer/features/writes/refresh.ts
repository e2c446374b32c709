// After a write (here, or a queued one sent later by the main process), the screens that show what it
// changed read again: the courses, the coupons and subscriptions, the activity log and the outbox.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../../lib/bridge-hooks';
import { keyAccountId } from '../../data/query-keys';

const REFRESHED = ['data.courses.', 'money.', 'writes.'];

export function refreshAfterWrite(client: QueryClient, accountId: string): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const method = query.queryKey[0];
      return typeof method === 'string' && REFRESHED.some((prefix) => method.startsWith(prefix)) && keyAccountId(query.queryKey) === accountId;
    },
  });
}

/** Mounted by the pages that show writes: a queued write sent (or refused) in the background refreshes them. */
export function useWritesRefresh(): void {
  const client = useQueryClient();
  useEvent('writes.changed', ({ accountId }) => void refreshAfterWrite(client, accountId));
  useEvent('data.invalidated', ({ accountId }) => void refreshAfterWrite(client, accountId));
}
