// Settings and About: the theme, the language, the connected schools (switch, sign in again, sign out, add),
// whose time zone dates follow, security (how sign-ins are protected, browser sessions), the version and mode,
// and the app's updates.
import { useState } from 'react';
import { useTranslation, Trans } from 'react-i18next';
import { LANGUAGE_SETTINGS } from '../../shared/i18n/language';
import { useNavigate } from 'react-router';
import type { AccountView } from '../../shared/model/accounts';
import type { Language, Theme } from '../../shared/ipc/app';
import { useAccounts, useActiveAccount, useSetActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useBrowserFlowActions } from '../state/browser-flow-store';
import { useSetLanguage, useSetTheme } from '../state/settings';
import { useUiStore } from '../state/ui-store';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Icon, type IconName } from '../components/Icon';
import { Page } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';
import { browserLanguages } from '../state/ui-language';
import { MoveSchoolForm } from './MoveSchoolForm';
import { NotificationsCard } from './NotificationsCard';
import { DataSyncCard } from './DataSyncCard';
import { DesktopAppCard } from './DesktopAppCard';
import { DemoPlatformCard } from './DemoPlatformCard';
import { TimeZoneCard } from './TimeZoneCard';
import { SecurityCard } from './SecurityCard';
import { SignOutDialog } from '../features/account/SignOutDialog';
import { UpdatesPanel } from './UpdatesPanel';
import { DiagnosticsPanel } from './DiagnosticsPanel';

const THEMES: { value: Theme; icon: IconName }[] = [
  { value: 'system', icon: 'monitor' },
  { value: 'light', icon: 'sun' },
  { value: 'dark', icon: 'moon' },
];

export function SettingsPage() {
  const { t } = useTranslation('shell', { keyPrefix: 'settings' });
  return (
    <Page title={t('title')} description={t('description')}>
      <div className="settings-grid">
        <AppearanceCard />
        <LanguageCard />
        <SchoolsCard />
        <TimeZoneCard />
        <NotificationsCard />
        <DataSyncCard />
        <DesktopAppCard />
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
  const { t } = useTranslation('shell', { keyPrefix: 'settings' });
  return (
    <Card title={t('appearance')}>
      <fieldset className="segmented">
        <legend className="field-label">{t('theme')}</legend>
        <div className="segmented-options">
          {THEMES.map((option) => (
            <label key={option.value} className="segmented-option">
              <input type="radio" name="theme" value={option.value} checked={theme === option.value} onChange={() => setTheme(option.value)} />
              <span className="segmented-face">
                <Icon name={option.icon} size={16} />
                {t(`themes.${option.value}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted">{t('themeHint')}</p>
    </Card>
  );
}

/** System / English / 繁體中文: applied at once (state/ui-language), menus and tray included. Each language named in itself. */
function LanguageCard() {
  const language = useUiStore((s) => s.language);
  const setLanguage = useSetLanguage();
  const status = useAppStatus();
  const { t } = useTranslation(['shell', 'common']);
  const preferred = (status?.systemLanguages ?? browserLanguages()).slice(0, 3).join(', ');
  return (
    <Card title={t('settings.language')}>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('settings.language')}</legend>
        <div className="segmented-options">
          {LANGUAGE_SETTINGS.map((value: Language) => (
            <label key={value} className="segmented-option">
              <input type="radio" name="language" value={value} checked={language === value} onChange={() => setLanguage(value)} />
              <span className="segmented-face" lang={value === 'system' ? undefined : value}>
                {t(`common:language.${value}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="muted">{t(status?.mode === 'browser' ? 'settings.languageHintBrowser' : 'settings.languageHint', { languages: preferred || '–' })}</p>
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
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Card
      title={t('settings.schools')}
      actions={
        <Button size="sm" icon={<Icon name="plus" size={16} />} onClick={() => navigate('/connect')}>
          {t('switcher.add')}
        </Button>
      }
    >
      <ul className="school-list">
        {accounts.map((account) => (
          <li key={account.id} className="school-row">
            <Avatar name={account.school.name} size={36} square />
            <div className="school-row-text">
              <p className="school-row-name">
                {account.school.name} {account.id === active?.id && <span className="tag">{t('settings.onScreen')}</span>}
              </p>
              <p className="muted">
                {account.admin.name}
                {account.admin.email ? ` · ${account.admin.email}` : ''} · {hostOf(account.issuer)}
              </p>
              <p className="muted small">{t('settings.permissions', { count: account.grantedScopes.length })}</p>
              {account.signInNeededReason && <p className="small school-row-warning">{account.signInNeededReason}</p>}
              {account.signInOrigin && (
                <p className="muted small" data-testid="settings-sign-in-origin">
                  <Trans t={t} i18nKey="settings.signsInAt" values={{ origin: account.signInOrigin }} components={{ mono: <span className="mono" /> }} />
                </p>
              )}
            </div>
            <StatusBadge status={account.status} />
            <div className="school-row-actions">
              {account.status === 'sign_in_needed' && (
                <Button size="sm" variant="primary" onClick={() => void signInAgain(account)}>
                  {t('common:actions.signInAgain')}
                </Button>
              )}
              {account.id !== active?.id && (
                <Button size="sm" onClick={() => setActive(account.id)}>
                  {t('settings.switchTo')}
                </Button>
              )}
              {(account.status === 'offline' || account.status === 'sign_in_needed') && moving !== account.id && (
                <Button size="sm" variant="ghost" onClick={() => setMoving(account.id)} aria-label={t('settings.movedLabel', { school: account.school.name })}>
                  {t('settings.moved')}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setSigningOut(account)} aria-label={t('settings.signOutLabel', { school: account.school.name })}>
                {t('common:actions.signOut')}
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
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Card title={t('settings.about')}>
      <dl className="facts">
        <div>
          <dt>{t('settings.version')}</dt>
          <dd data-testid="app-version">{status?.version ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('settings.runningAs')}</dt>
          <dd>{status ? (status.mode === 'desktop' ? t('settings.desktop') : t('settings.browserMode')) : '…'}</dd>
        </div>
        <div>
          <dt>{t('settings.connection')}</dt>
          <dd>{status ? (status.online ? t('status.online') : t('status.offline')) : '…'}</dd>
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
