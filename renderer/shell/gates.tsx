// Which screen the admin sees: nothing until the accounts and settings are known, then the Connect
// screen when no school is connected, the signed-in frame otherwise.
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAccountsQuery } from '../state/active-account';
import { useAppStatusQuery } from '../state/app-status';
import { useUiStore } from '../state/ui-store';
import { ErrorState } from '../components/ErrorState';
import { Spinner } from '../components/Spinner';
import { ConnectScreen } from './ConnectScreen';
import { SignedInFrame } from './SignedInFrame';

function Loading() {
  const { t } = useTranslation('shell');
  return (
    <div className="full-page">
      <Spinner size={22} label={t('opening')} />
    </div>
  );
}

function StartupError({ error, onRetry }: { error: Parameters<typeof ErrorState>[0]['error']; onRetry: () => void }) {
  return (
    <div className="full-page">
      <div className="full-page-card">
        <ErrorState error={error} onRetry={onRetry} />
      </div>
    </div>
  );
}

export function SignedInGate() {
  const accounts = useAccountsQuery();
  const loaded = useUiStore((s) => s.loaded);
  if (accounts.isError && !accounts.data) return <StartupError error={accounts.error} onRetry={() => void accounts.refetch()} />;
  if (!accounts.data || !loaded) return <Loading />;
  if (accounts.data.length === 0) return <Navigate to="/connect" replace />;
  return <SignedInFrame />;
}

export function ConnectGate() {
  const accounts = useAccountsQuery();
  const status = useAppStatusQuery();
  const loaded = useUiStore((s) => s.loaded);
  if (status.isError && !status.data) return <StartupError error={status.error} onRetry={() => void status.refetch()} />;
  if (!accounts.data || !status.data || !loaded) return <Loading />;
  return <ConnectScreen />;
}
