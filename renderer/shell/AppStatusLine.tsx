// Online or offline, and when the school on screen last synced: the sidebar's footer line. Online is the
// main process's probe (app.status) and nothing else; until its first answer the line is not drawn, so a
// reload with the platform gone never shows a green "Online" first.
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
  const age = lastSync === null ? null : formatAge(lastSync, now);
  const synced = age === null ? 'not synced yet' : age === 'just now' ? 'synced just now' : `synced ${age} ago`;
  return (
    <p className="app-status" data-testid="app-status" data-online={status.online}>
      <span className={status.online ? 'status-dot status-dot-online' : 'status-dot status-dot-offline'} aria-hidden="true" />
      <span className="app-status-state">{status.online ? 'Online' : 'Offline'}</span>
      <span className="app-status-sync"> · {status.online || age === null ? synced : `last ${synced}`}</span>
    </p>
  );
}
