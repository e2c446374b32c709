// What the frame says above the content when the school on screen is not simply signed in, and the
// progress of a browser flow started from inside the frame (sign in again, grant access).
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../shared/model/accounts';
import { errorCopy } from '../lib/error-copy';
import { movedPlatformAddress } from '../lib/account-addresses';
import { useActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useBrowserFlow, useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { BrowserFlowProgress } from '../features/account/BrowserFlowProgress';
import { MovedPlatformBanner } from './MovedPlatformBanner';

export function AccountBanner() {
  const account = useActiveAccount();
  const flow = useBrowserFlow();
  const { signInAgain, reconnect, dismiss } = useBrowserFlowActions();
  const { t } = useTranslation('common');
  const defaultSchool = useAppStatus()?.defaultSchool ?? null;
  const movedTo = account ? movedPlatformAddress(account, defaultSchool) : null;
  if (!account) return null;

  if (flow.phase === 'running' && flow.kind !== 'connect') {
    return (
      <div className="banner banner-info">
        <BrowserFlowProgress flow={flow} compact />
      </div>
    );
  }
  if (flow.phase === 'failed' && flow.kind !== 'connect') {
    const copy = errorCopy(flow.error.code);
    return (
      <div className={`banner banner-${copy.tone === 'error' ? 'danger' : 'neutral'}`} role="alert">
        <Icon name={copy.tone === 'error' ? 'alert' : 'info'} size={18} />
        <p className="banner-text">
          <strong>{copy.title}.</strong> {flow.error.message}
        </p>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {t('actions.dismiss')}
        </Button>
      </div>
    );
  }
  if (movedTo) return <MovedPlatformBanner account={account} address={movedTo} onReconnect={() => void reconnect(account, movedTo)} />;
  return <StatusBanner account={account} onSignIn={() => void signInAgain(account)} />;
}

function StatusBanner({ account, onSignIn }: { account: AccountView; onSignIn: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  if (account.status === 'sign_in_needed') {
    return (
      <div className="banner banner-warning" role="status">
        <Icon name="lock" size={18} />
        <p className="banner-text">
          {account.signInNeededReason ? (
            <>
              <strong>{t('banner.lostTitle', { school: account.school.name })}</strong> {account.signInNeededReason}
            </>
          ) : (
            <>
              <strong>{t('banner.endedTitle', { school: account.school.name })}</strong> {t('banner.endedRest')}
            </>
          )}
        </p>
        <Button size="sm" variant="primary" onClick={onSignIn}>
          {t('common:actions.signInAgain')}
        </Button>
      </div>
    );
  }
  // Offline is not said here: the dashboards' OfflineBanner is the one offline notice, from the probe.
  return null;
}
