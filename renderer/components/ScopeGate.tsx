// Least privilege, step-up: a screen that needs scopes the admin has not granted explains, in plain words,
// what it would read, and asks. Nothing is requested until the admin presses "Grant access".
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { describeScope } from '../../shared/scopes';
import { missingScopes } from '../../shared/app-scopes';
import { useActiveAccount } from '../state/active-account';
import { useBrowserFlow, useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from './Button';
import { Icon } from './Icon';

interface ScopeGateProps {
  scopes: readonly string[];
  /** What needs them, for the sentence "<what> needs your permission to …": "the Orders dashboard". */
  what: string;
  children: ReactNode;
}

export function ScopeGate({ scopes, what, children }: ScopeGateProps) {
  const account = useActiveAccount();
  if (!account) return null;
  const missing = missingScopes(account.grantedScopes, scopes);
  if (missing.length === 0) return <>{children}</>;
  return <GrantAccess what={what} missing={missing} />;
}

/** The explanation and the button; also used by ErrorState for a 403 insufficient_scope. */
export function GrantAccess({ what, missing }: { what: string; missing: readonly string[] }) {
  const account = useActiveAccount();
  const flow = useBrowserFlow();
  const { grantScopes } = useBrowserFlowActions();
  const busy = flow.phase === 'running' && flow.kind === 'grant';
  const { t } = useTranslation('common');
  return (
    <div className="grant-access" role="region" aria-label={t('grant.region')}>
      <span className="grant-access-icon">
        <Icon name="lock" size={20} />
      </span>
      <div className="grant-access-body">
        <h2 className="grant-access-title">{capitalise(t('grant.title', { what }))}</h2>
        <p>
          {account ? t('grant.askSchool', { school: account.school.name }) : t('grant.ask')}
        </p>
        <ul className="grant-access-list">
          {missing.map((scope) => (
            <li key={scope}>
              <Icon name="check" size={14} />
              <span>{describeScope(scope)}</span>
            </li>
          ))}
        </ul>
        <p className="muted">{t('grant.confirm')}</p>
        <div className="grant-access-actions">
          <Button variant="primary" busy={busy} disabled={!account} onClick={() => account && void grantScopes(account, missing)}>
            {busy ? t('actions.waitingForBrowser') : t('actions.grantAccess')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
