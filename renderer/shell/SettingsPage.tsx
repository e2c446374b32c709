// Settings and About: the theme, the connected schools (switch, sign in again, sign out, add), security
// (how sign-ins are protected, browser sessions), the version and mode, and the app's updates.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountView } from '../../shared/model/accounts';
import type { Theme } from '../../shared/ipc/app';
import { useAccounts, useActiveAccount, useSetActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useBrowserFlowActions } from '../state/browser-flow-store';
import { useSetTheme } from '../state/settings';
import { useUiStore } from '../state/ui-store';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Icon, type IconName } from '../components/Icon';
import { Page } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';
import { MoveSchoolForm } from './MoveSchoolForm';
import { NotificationsCard } from './NotificationsCard';
import { DataSyncCard } from './DataSyncCard';
import { DemoPlatformCard } from './DemoPlatformCard';
import { SecurityCard } from './SecurityCard';
import { SignOutDialog } from '../features/account/SignOutDialog';
import { UpdatesPanel } from './UpdatesPanel';
import { DiagnosticsPanel } from './DiagnosticsPanel';

const THEMES: { value: Theme; label: string; icon: IconName }[] = [
  { value: 'system', label: 'System', icon: 'monitor' },
  { value: 'light', label: 'Light', icon: 'sun' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
];

export function SettingsPage() {
  return (
    <Page title="Settings" description="How the app looks, the schools it is connected to, how your sign-ins are kept safe, and what version it runs.">
      <div className="settings-grid">
        <AppearanceCard />
        <SchoolsCard />
        <NotificationsCard />
        <DataSyncCard />
        <DemoPlatformCard />
        <SecurityCard />
        <AboutCard />
      </div>
    </Page>
  );
}

function AppearanceCard() {
  const theme = useUiStore((s) => s.theme);
  const setTheme = useSetTheme();
  return (
    <Card title="Appearance">
      <fieldset className="segmented">
        <legend className="field-label">Theme</legend>
        <div className="segmented-options">
          {THEMES.map((option) => (
            <label key={option.value} className="segmented-option">
              <input type="radio" name="theme" value={option.value} checked={theme === option.value} onChange={() => setTheme(option.value)} />
              <span className="segmented-face">
                <Icon name={option.icon} size={16} />
                {option.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted">System follows your computer's light or dark setting.</p>
    </Card>
  );
}

function SchoolsCard() {
  const accounts = useAccounts();
  const active = useActiveAccount();
  const setActive = useSetActiveAccount();
  const { signInAgain } = useBrowserFlowActions();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState<AccountView | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  return (
    <Card
      title="Schools"
      actions={
        <Button size="sm" icon={<Icon name="plus" size={16} />} onClick={() => navigate('/connect')}>
          Add a school
        </Button>
      }
    >
      <ul className="school-list">
        {accounts.map((account) => (
          <li key={account.id} className="school-row">
            <Avatar name={account.school.name} size={36} square />
            <div className="school-row-text">
              <p className="school-row-name">
                {account.school.name} {account.id === active?.id && <span className="tag">On screen</span>}
              </p>
              <p className="muted">
                {account.admin.name}
                {account.admin.email ? ` · ${account.admin.email}` : ''} · {hostOf(account.issuer)}
              </p>
              <p className="muted small">{account.grantedScopes.length} permissions granted</p>
              {account.signInNeededReason && <p className="small school-row-warning">{account.signInNeededReason}</p>}
              {account.signInOrigin && (
                <p className="muted small" data-testid="settings-sign-in-origin">
                  Signs in at <span className="mono">{account.signInOrigin}</span>, not at the school's own address
                </p>
              )}
            </div>
            <StatusBadge status={account.status} />
            <div className="school-row-actions">
              {account.status === 'sign_in_needed' && (
                <Button size="sm" variant="primary" onClick={() => void signInAgain(account)}>
                  Sign in again
                </Button>
              )}
              {account.id !== active?.id && (
                <Button size="sm" onClick={() => setActive(account.id)}>
                  Switch to
                </Button>
              )}
              {(account.status === 'offline' || account.status === 'sign_in_needed') && moving !== account.id && (
                <Button size="sm" variant="ghost" onClick={() => setMoving(account.id)} aria-label={`${account.school.name} moved to a new address?`}>
                  Moved?
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setSigningOut(account)} aria-label={`Sign out of ${account.school.name}`}>
                Sign out
              </Button>
            </div>
            {moving === account.id && <MoveSchoolForm account={account} onDone={() => setMoving(null)} />}
          </li>
        ))}
      </ul>
      <SignOutDialog account={signingOut} onClose={() => setSigningOut(null)} />
    </Card>
  );
}

function AboutCard() {
  const status = useAppStatus();
  return (
    <Card title="About">
      <dl className="facts">
        <div>
          <dt>Version</dt>
          <dd data-testid="app-version">{status?.version ?? '…'}</dd>
        </div>
        <div>
          <dt>Running as</dt>
          <dd>{status ? (status.mode === 'desktop' ? 'Desktop app' : 'Browser mode (served from this computer)') : '…'}</dd>
        </div>
        <div>
          <dt>Connection</dt>
          <dd>{status ? (status.online ? 'Online' : 'Offline') : '…'}</dd>
        </div>
      </dl>
      <UpdatesPanel />
      <DiagnosticsPanel />
    </Card>
  );
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}
