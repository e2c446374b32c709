// Settings › Notifications: which kinds pop up for each school, quiet hours, and (browser mode) the
// browser's permission, asked only when the admin presses "Allow notifications".
import { useId } from 'react';
import { kindAvailable, NOTIFICATION_KIND_LABELS, NotificationKind, type NotificationSettings } from '../../shared/ipc/notifications';
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
      push({ tone: 'warning', title: "The notification settings couldn't be saved", message: 'They are as they were.' });
    });
  };
}

export function NotificationsCard() {
  const settings = useUiStore((s) => s.notifications);
  const accounts = useAccounts();
  const save = useSaveNotifications();
  const mode = useAppStatus()?.mode;
  const quietId = useId();

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
    <Card title="Notifications" data-testid="notifications-card">
      <p className="muted">The app looks for what needs you about once a minute while it runs and the school can be reached. Nothing from before a school was connected, and nothing twice.</p>
      {mode === 'browser' && <BrowserPermission />}
      {accounts.map((account) => (
        <fieldset key={account.id} className="notify-school">
          <legend className="field-label">{account.school.name}</legend>
          <div className="notify-kinds">
            {NotificationKind.options.map((kind) => (
              <label key={kind} className="checkbox-row">
                <input type="checkbox" checked={!(settings.off[account.id] ?? []).includes(kind)} onChange={(e) => toggle(account.id, kind, e.currentTarget.checked)} />
                {NOTIFICATION_KIND_LABELS[kind]}
                {!kindAvailable(kind, account.grantedScopes) && <span className="muted small">(not granted: not looked for)</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset className="notify-quiet">
        <legend className="field-label">Quiet hours</legend>
        <label className="checkbox-row">
          <input type="checkbox" checked={quiet.enabled} onChange={(e) => save({ ...settings, quietHours: { ...quiet, enabled: e.currentTarget.checked } })} />
          Don't pop up notifications between
        </label>
        <div className="notify-quiet-times">
          <label htmlFor={`${quietId}-start`} className="visually-hidden">Quiet hours start</label>
          <input id={`${quietId}-start`} className="input" type="time" value={quiet.start} disabled={!quiet.enabled} required onChange={(e) => e.currentTarget.value && save({ ...settings, quietHours: { ...quiet, start: e.currentTarget.value } })} />
          <span>and</span>
          <label htmlFor={`${quietId}-end`} className="visually-hidden">Quiet hours end</label>
          <input id={`${quietId}-end`} className="input" type="time" value={quiet.end} disabled={!quiet.enabled} required onChange={(e) => e.currentTarget.value && save({ ...settings, quietHours: { ...quiet, end: e.currentTarget.value } })} />
        </div>
        <p className="muted small">Your computer's time; may cross midnight. They still count in the badge.</p>
      </fieldset>
    </Card>
  );
}

function BrowserPermission() {
  const { permission, request } = useWebPermission();
  if (permission === 'granted') return <p className="small" data-testid="notify-permission">This browser shows them as notifications.</p>;
  if (permission === 'unsupported') return <p className="muted small" data-testid="notify-permission">This browser cannot show notifications: they appear inside the app.</p>;
  if (permission === 'denied') return <p className="muted small" data-testid="notify-permission">This browser blocks notifications for the app (change it in the site settings): they appear inside the app.</p>;
  return (
    <div className="notify-permission" data-testid="notify-permission">
      <p className="muted small">Until you allow them, they appear inside the app.</p>
      <Button size="sm" variant="primary" onClick={() => void request()}>
        Allow notifications
      </Button>
    </div>
  );
}
