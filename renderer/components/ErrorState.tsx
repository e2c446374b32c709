// A failure where content should be: what happened in a few words, the main process's detail, and the
// one action that helps (grant access, sign in again, retry).
import type { SerializedAppError } from '../../shared/errors';
import { errorCopy } from '../lib/error-copy';
import { useActiveAccount } from '../state/active-account';
import { useBrowserFlow, useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from './Button';
import { Icon } from './Icon';
import { GrantAccess } from './ScopeGate';

export interface ErrorStateProps {
  error: Pick<SerializedAppError, 'code' | 'message' | 'missingScopes'>;
  onRetry?: () => void;
  /** For insufficient_scope: what needed the access ("the Orders dashboard"). */
  what?: string;
}

export function ErrorState({ error, onRetry, what = 'this screen' }: ErrorStateProps) {
  const account = useActiveAccount();
  const flow = useBrowserFlow();
  const { signInAgain } = useBrowserFlowActions();

  if (error.code === 'insufficient_scope' && error.missingScopes && error.missingScopes.length > 0) {
    return <GrantAccess what={what} missing={error.missingScopes} />;
  }
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
              Sign in again
            </Button>
          )}
          {onRetry && (
            <Button icon={<Icon name="refresh" size={16} />} onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
