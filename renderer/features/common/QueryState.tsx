// The three states of a read before its content: loading, failed (with the right next step), nothing yet.
// Cached data always wins over an error: the main process answers from its cache when it can, so an error
// here means there is truly nothing to show.
import type { ReactNode } from 'react';
import type { SerializedAppError } from '../../../shared/errors';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { toSerializedError } from '../../lib/app-error';

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** The previous answer shown while the one for new inputs loads. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export function QueryState<T>({ query, what, label, children }: { query: QueryLike<T>; what: string; label: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) {
    // While new figures load, the old ones stay (dimmed, marked busy) instead of flashing empty.
    const updating = query.isPlaceholderData === true;
    return (
      <div className={updating ? 'query-body is-updating' : 'query-body'} aria-busy={updating || undefined}>
        {children(query.data)}
      </div>
    );
  }
  if (query.error) {
    const error: SerializedAppError = toSerializedError(query.error);
    return <ErrorState error={error} what={what} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="loading-block">
      <Spinner size={18} label={`Loading ${label}…`} />
    </div>
  );
}
