// A failure where content should be: what happened in a few words, the main process's detail, and the
// one action that helps (grant access, sign in again, retry).
import { useTranslation } from 'react-i18next';
import type { SerializedAppError } from '../../shared/errors';
import { errorCopy } from '../lib/error-copy';
import { useActiveAccount } from '../state/active-account';
import { useBrowserFlow, useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from './Button';
import { Icon } from './Icon';
import { GrantAccess } from './ScopeGate';
import { NothingSavedOffline } from './NothingSavedOffline';

interface ErrorStateProps {
  error: Pick<SerializedAppError, 'code' | 'message' | 'missingScopes'>;
  onRetry?: () => void;
  /**
   * What the content is ("the Orders dashboard"): names it for insufficient_scope, and marks a read of that
   * content, so an `offline` failure says there is nothing saved for it yet (nothing was, or the main
   * process would have answered from its cache) rather than showing a failure.
   */
  what?: string;
}

export function ErrorState({ error, onRetry, what }: ErrorStateProps) {
  const account = useActiveAccount();
  const flow = useBrowserFlow();
  const { signInAgain } = useBrowserFlowActions();
  const { t } = useTranslation('common');

  if (error.code === 'insufficient_scope' && error.missingScopes && error.missingScopes.length > 0) {
    return <GrantAccess what={what ?? t('grant.thisScreen')} missing={error.missingScopes} />;
  }
  if (error.code === 'offline' && what !== undefined) return <NothingSavedOffline what={what} onRetry={onRetry} />;
  const copy = errorCopy(error.code);
  const signingIn = flow.phase === 'running' && flow.kind === 'sign_in_again';
  return (
    <div className={`error-state error-state-${copy.tone}`} role="alert">
      <span className="error-state-icon">
        <Icon name={copy.tone === 'error' ? 'alert' : 'info'} size={20} />
      </span>
      <div className="error-state-body">
        <h2 className="error-state-title">{copy.title}</h2>
        <p>{error.message}</p>
        <p className="muted">{copy.hint}</p>
        <div className="error-state-actions">
          {error.code === 'sign_in_needed' && account && (
            <Button variant="primary" busy={signingIn} onClick={() => void signInAgain(account)}>
              {t('actions.signInAgain')}
            </Button>
          )}
          {onRetry && (
            <Button icon={<Icon name="refresh" size={16} />} onClick={onRetry}>
              {t('actions.tryAgain')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
