// Settings › Security: how saved sign-ins are protected on this computer (honest about a weak key store,
// with the main process's own question to agree to it), and in browser mode the browsers signed in to the
// app, each with its expiry, to sign out one by one or all but this one.
import { useQueryClient } from '@tanstack/react-query';
import type { BrowserSession } from '../../shared/ipc/security';
import { useInvoke, useInvokeQuery } from '../lib/bridge-hooks';
import { useAppStatus } from '../state/app-status';
import { useNotices } from '../state/notices';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Icon } from '../components/Icon';

export function SecurityCard() {
  const status = useAppStatus();
  return (
    <Card title="Security">
      <ProtectionNotice />
      {status?.mode === 'browser' && <BrowserSessions />}
    </Card>
  );
}

function ProtectionNotice() {
  const protection = useInvokeQuery('security.protection', {});
  const queryClient = useQueryClient();
  const push = useNotices((s) => s.push);
  const agree = useInvoke('security.allowWeakProtection', {
    onSuccess: ({ allowed }) => {
      void queryClient.invalidateQueries();
      if (!allowed) push({ tone: 'info', title: 'Sign-ins are not kept', message: 'Set up a key store, then restart the app.' });
    },
    onError: (error) => push({ tone: 'warning', title: 'Weak protection was not turned on', message: error.message }),
  });
  const value = protection.data;
  if (!value) return <p className="muted">{protection.isError ? 'How sign-ins are protected could not be read.' : 'Checking how sign-ins are protected…'}</p>;
  const weak = value.level === 'weak';
  return (
    <div className={`protection ${weak ? 'protection-weak' : 'protection-strong'}`} data-testid="secret-protection">
      <p className="protection-title">
        <Icon name={weak ? 'alert' : 'lock'} size={16} /> {weak ? 'Saved sign-ins have weak protection on this computer' : 'Saved sign-ins are protected by this computer\'s key store'}
      </p>
      <p className="small">{value.summary}</p>
      {weak && !value.weakAllowed && (
        <Button size="sm" busy={agree.isPending} onClick={() => agree.mutate({})}>
          Keep sign-ins with weak protection…
        </Button>
      )}
    </div>
  );
}

function BrowserSessions() {
  const sessions = useInvokeQuery('security.browserSessions.list', {}, { refetchInterval: 30_000 });
  const queryClient = useQueryClient();
  const push = useNotices((s) => s.push);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['security.browserSessions.list'] });
  const revoke = useInvoke('security.browserSessions.revoke', { onSuccess: refresh });
  const revokeOthers = useInvoke('security.browserSessions.revokeOthers', {
    onSuccess: ({ revoked }) => {
      refresh();
      push({ tone: 'success', title: revoked === 1 ? 'Signed out 1 other browser' : `Signed out ${revoked} other browsers` });
    },
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <section className="browser-sessions" aria-labelledby="browser-sessions-title">
      <div className="browser-sessions-header">
        <h3 id="browser-sessions-title" className="field-label">Browser sessions</h3>
        {others.length > 0 && (
          <Button size="sm" variant="ghost" busy={revokeOthers.isPending} onClick={() => revokeOthers.mutate({})}>
            Sign out all other browsers
          </Button>
        )}
      </div>
      <p className="muted small">Each browser that opened a launch link has its own session, which ends by itself after 12 hours.</p>
      {sessions.isError && <p className="small">The sessions could not be listed.</p>}
      <ul className="session-list">
        {list.map((session) => (
          <SessionRow key={session.id} session={session} busy={revoke.isPending && revoke.variables?.sessionId === session.id} onRevoke={() => revoke.mutate({ sessionId: session.id })} />
        ))}
      </ul>
    </section>
  );
}

function SessionRow({ session, busy, onRevoke }: { session: BrowserSession; busy: boolean; onRevoke: () => void }) {
  return (
    <li className="session-row">
      <div className="session-row-text">
        <p className="session-row-name">
          {session.label} {session.current && <span className="tag">This browser</span>}
        </p>
        <p className="muted small">
          Signed in {formatTime(session.createdAt)} · ends {formatTime(session.expiresAt)}
        </p>
      </div>
      {!session.current && (
        <Button size="sm" variant="ghost" busy={busy} onClick={onRevoke} aria-label={`Sign out ${session.label}, signed in ${formatTime(session.createdAt)}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
