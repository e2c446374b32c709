// The app's one offline notice. Online or offline is the main process's probe (app.status), never
// navigator.onLine or a failed read, so this banner, the sidebar's status line and the figures' ages never
// disagree. It names no age: each figure carries its own (FigureAge), and a view never opened says that
// nothing is saved for it (NothingSavedOffline).
import { useTranslation } from 'react-i18next';
import { useAppStatus } from '../../state/app-status';
import { useActiveAccount } from '../../state/active-account';
import { Icon } from '../../components/Icon';

export function OfflineBanner() {
  const status = useAppStatus();
  const school = useActiveAccount()?.school.name;
  const { t } = useTranslation('common', { keyPrefix: 'offline' });
  if (!status || status.online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Icon name="wifiOff" size={16} />
      <span>
        <strong>{t('title')}</strong> {school ? t('school', { school }) : t('platform')} {t('rest')}
      </span>
    </div>
  );
}
