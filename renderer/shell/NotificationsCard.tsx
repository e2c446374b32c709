// Settings › Notifications: which kinds pop up for each school, quiet hours, and (browser mode) the
// browser's permission, asked only when the admin presses "Allow notifications".
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { t } from '../../shared/i18n/i18n';
import { kindAvailable, NotificationKind, type NotificationSettings } from '../../shared/ipc/notifications';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { invoke } from '../lib/bridge-hooks';
import { useAccounts } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useNotices } from '../state/notices';
import { useWebPermission } from '../state/notifications';
import { useUiStore } from '../state/ui-store';

function useSaveNotifications(): (next: NotificationSettings) => void {
  const push = useNotices((s) => s.push);
  return (next) => {
    const before = useUiStore.getState();
    useUiStore.setState({ notifications: next });
    invoke('settings.set', { notifications: next }).catch(() => {
      useUiStore.setState({ notifications: before.notifications });
      push({ tone: 'warning', title: t('shell:settings.notifications.notSaved'), message: t('shell:settings.notifications.asTheyWere') });
    });
  };
}

export function NotificationsCard() {
  const settings = useUiStore((s) => s.notifications);
  const accounts = useAccounts();
  const save = useSaveNotifications();
  const mode = useAppStatus()?.mode;
  const quietId = useId();
  const { t } = useTranslation('shell', { keyPrefix: 'settings.notifications' });

  const toggle = (accountId: string, kind: NotificationKind, on: boolean) => {
    const off = new Set(settings.off[accountId] ?? []);
    if (on) off.delete(kind);
    else off.add(kind);
    const nextOff = { ...settings.off };
    if (off.size === 0) delete nextOff[accountId];
    else nextOff[accountId] = NotificationKind.options.filter((k) => off.has(k));
    save({ ...settings, off: nextOff });
  };
  const quiet = settings.quietHours;

  return (
    <Card title={t('title')} data-testid="notifications-card">
      <p className="muted">{t('intro')}</p>
      {mode === 'browser' && <BrowserPermission />}
      {accounts.map((account) => (
        <fieldset key={account.id} className="notify-school">
          <legend className="field-label">{account.school.name}</legend>
          <div className="notify-kinds">
            {NotificationKind.options.map((kind) => (
              <label key={kind} className="checkbox-row">
                <input type="checkbox" checked={!(settings.off[account.id] ?? []).includes(kind)} onChange={(e) => toggle(account.id, kind, e.currentTarget.checked)} />
                {t(`kinds.${kind}`)}
                {!kindAvailable(kind, account.grantedScopes) && <span className="muted small">{t('notGranted')}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="notify-quiet">
        <legend className="field-label">{t('quietHours')}</legend>
        <label className="checkbox-row">
          <input type="checkbox" checked={quiet.enabled} onChange={(e) => save({ ...settings, quietHours: { ...quiet, enabled: e.currentTarget.checked } })} />
          {t('quietEnabled')}
        </label>
        <div className="notify-quiet-times">
          <label htmlFor={`${quietId}-start`} className="visually-hidden">{t('quietStart')}</label>
          <input id={`${quietId}-start`} className="input" type="time" value={quiet.start} disabled={!quiet.enabled} required onChange={(e) => e.currentTarget.value && save({ ...settings, quietHours: { ...quiet, start: e.currentTarget.value } })} />
          <span>{t('and')}</span>
          <label htmlFor={`${quietId}-end`} className="visually-hidden">{t('quietEnd')}</label>
          <input id={`${quietId}-end`} className="input" type="time" value={quiet.end} disabled={!quiet.enabled} required onChange={(e) => e.currentTarget.value && save({ ...settings, quietHours: { ...quiet, end: e.currentTarget.value } })} />
        </div>
        <p className="muted small">{t('quietHint')}</p>
      </fieldset>
    </Card>
  );
}

function BrowserPermission() {
  const { permission, request } = useWebPermission();
  const { t } = useTranslation('shell', { keyPrefix: 'settings.notifications' });
  if (permission === 'granted') return <p className="small" data-testid="notify-permission">{t('granted')}</p>;
  if (permission === 'unsupported') return <p className="muted small" data-testid="notify-permission">{t('unsupported')}</p>;
  if (permission === 'denied') return <p className="muted small" data-testid="notify-permission">{t('denied')}</p>;
  return (
    <div className="notify-permission" data-testid="notify-permission">
      <p className="muted small">{t('untilAllowed')}</p>
      <Button size="sm" variant="primary" onClick={() => void request()}>
        {t('allow')}
      </Button>
    </div>
  );
}
