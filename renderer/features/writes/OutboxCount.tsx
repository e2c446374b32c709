// Beside "Activity" in the navigation: how many changes wait in the school's outbox, so a write kept while
// the platform was away is never out of sight. Nothing when the outbox is empty.
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { useWritesRefresh } from './refresh';
import './writes.css';

export function OutboxCount() {
  const account = useActiveAccount();
  useWritesRefresh();
  const outbox = useInvokeQuery('writes.outbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const count = outbox.data?.length ?? 0;
  if (count === 0) return null;
  const label = `${count} ${count === 1 ? 'change' : 'changes'} in the outbox`;
  return (
    <span className="nav-count" data-testid="outbox-count" title={label}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">, {label}</span>
    </span>
  );
}
