// Online or offline, and when the school on screen last synced: the sidebar's footer line.
import { toMs, formatAge } from '../lib/relative-time';
import { useActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useNow } from '../components/DataAge';

export function AppStatusLine() {
  const status = useAppStatus();
  const account = useActiveAccount();
  const now = useNow();
  if (!status) return null;
  const lastSync = toMs(account?.lastSyncAt ?? status.lastSyncAt);
  return (
    <p className="app-status" data-testid="app-status">
      <span className={status.online ? 'status-dot status-dot-online' : 'status-dot status-dot-offline'} aria-hidden="true" />
      <span className="app-status-state">{status.online ? 'Online' : 'Offline'}</span>
      <span className="app-status-sync">
        {lastSync === null ? ' · not synced yet' : ` · synced ${formatAge(lastSync, now) === 'just now' ? 'just now' : `${formatAge(lastSync, now)} ago`}`}
      </span>
    </p>
  );
}
