// Online or offline, and when the school on screen last synced: the sidebar's footer line. Online is the
// main process's probe (app.status) and nothing else; until its first answer the line is not drawn, so a
// reload with the platform gone never shows a green "Online" first.
import { useTranslation } from 'react-i18next';
import { describeAgo, toMs } from '../lib/relative-time';
import { useUiLocale } from '../state/ui-language';
import { useActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useNow } from '../components/DataAge';

export function AppStatusLine() {
  const { t } = useTranslation('shell');
  const { locale } = useUiLocale();
  const status = useAppStatus();
  const account = useActiveAccount();
  const now = useNow();
  if (!status) return null;
  const lastSync = toMs(account?.lastSyncAt ?? status.lastSyncAt);
  const ago = lastSync === null ? null : describeAgo(lastSync, now, locale);
  const synced = ago === null ? t('status.notSynced') : status.online ? t('status.synced', { ago }) : t('status.lastSynced', { ago });
  return (
    <p className="app-status" data-testid="app-status" data-online={status.online}>
      <span className={status.online ? 'status-dot status-dot-online' : 'status-dot status-dot-offline'} aria-hidden="true" />
      <span className="app-status-state">{status.online ? t('status.online') : t('status.offline')}</span>
      <span className="app-status-sync"> · {synced}</span>
    </p>
  );
}
