// Browser mode, a tab whose session with the app ended (npm start restarted, or the session ended in
// Settings › Security): said at once and in place of everything else, with the way back (a new launch link
// from the terminal), instead of stale screens whose every request is refused.
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { isSessionEnded, onSessionEnded } from '../bridge/session-ended';

export function SessionGate({ children }: { children: ReactNode }) {
  const ended = useSyncExternalStore(onSessionEnded, isSessionEnded);
  return ended ? <SessionEnded /> : children;
}

function SessionEnded() {
  const { t } = useTranslation('shell', { keyPrefix: 'sessionEnded' });
  return (
    <main className="connect-screen" data-testid="session-ended">
      <div className="connect-panel" role="alert">
        <EmptyState title={t('title')} icon="lock">
          <p>{t('why')}</p>
          <p>
            <strong>{t('next')}</strong>
          </p>
        </EmptyState>
      </div>
    </main>
  );
}
