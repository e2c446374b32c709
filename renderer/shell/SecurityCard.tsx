// Settings › Security: how saved sign-ins are protected on this computer (honest about a weak key store,
// with the main process's own question to agree to it), and in browser mode the browsers signed in to the
// app, each with its expiry, to sign out one by one or all but this one.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { useUiLocale } from '../state/ui-language';
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
  const { t } = useTranslation('shell', { keyPrefix: 'settings.security' });
  return (
    <Card title={t('title')}>
      <ProtectionNotice />
      {status?.mode === 'browser' && <BrowserSessions />}
    </Card>
  );
}

function ProtectionNotice() {
  const protection = useInvokeQuery('security.protection', {});
  const queryClient = useQueryClient();
  const push = useNotices((s) => s.push);
  const { t } = useTranslation('shell', { keyPrefix: 'settings.security' });
  const agree = useInvoke('security.allowWeakProtection', {
    onSuccess: ({ allowed }) => {
      void queryClient.invalidateQueries();
      if (!allowed) push({ tone: 'info', title: t('notKept'), message: t('notKeptHint') });
    },
    onError: (error) => push({ tone: 'warning', title: t('weakNotOn'), message: error.message }),
  });
  const value = protection.data;
  if (!value) return <p className="muted">{protection.isError ? t('unreadable') : t('checking')}</p>;
  const weak = value.level === 'weak';
  return (
    <div className={`protection ${weak ? 'protection-weak' : 'protection-strong'}`} data-testid="secret-protection">
      <p className="protection-title">
        <Icon name={weak ? 'alert' : 'lock'} size={16} /> {weak ? t('weak') : t('strong')}
      </p>
      <p className="small">{value.summary}</p>
      {weak && !value.weakAllowed && (
        <Button size="sm" busy={agree.isPending} onClick={() => agree.mutate({})}>
          {t('keepWeak')}
        </Button>
      )}
    </div>
  );
}

function BrowserSessions() {
  const sessions = useInvokeQuery('security.browserSessions.list', {}, { refetchInterval: 30_000 });
  const queryClient = useQueryClient();
  const push = useNotices((s) => s.push);
  const { t } = useTranslation('shell', { keyPrefix: 'settings.security' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['security.browserSessions.list'] });
  const revoke = useInvoke('security.browserSessions.revoke', { onSuccess: refresh });
  const revokeOthers = useInvoke('security.browserSessions.revokeOthers', {
    onSuccess: ({ revoked }) => {
      refresh();
      push({ tone: 'success', title: t('signedOutOthers', { count: revoked }) });
    },
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  return (
    <section className="browser-sessions" aria-labelledby="browser-sessions-title">
      <div className="browser-sessions-header">
        <h3 id="browser-sessions-title" className="field-label">{t('sessions')}</h3>
        {others.length > 0 && (
          <Button size="sm" variant="ghost" busy={revokeOthers.isPending} onClick={() => revokeOthers.mutate({})}>
            {t('signOutOthers')}
          </Button>
        )}
      </div>
      <p className="muted small">{t('sessionsHint')}</p>
      {sessions.isError && <p className="small">{t('sessionsError')}</p>}
      <ul className="session-list">
        {list.map((session) => (
          <SessionRow key={session.id} session={session} busy={revoke.isPending && revoke.variables?.sessionId === session.id} onRevoke={() => revoke.mutate({ sessionId: session.id })} />
        ))}
      </ul>
    </section>
  );
}

function SessionRow({ session, busy, onRevoke }: { session: BrowserSession; busy: boolean; onRevoke: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { locale } = useUiLocale();
  const created = formatTime(session.createdAt, locale);
  return (
    <li className="session-row">
      <div className="session-row-text">
        <p className="session-row-name">
          {session.label} {session.current && <span className="tag">{t('settings.security.thisBrowser')}</span>}
        </p>
        <p className="muted small">
          {t('settings.security.sessionTimes', { created, expires: formatTime(session.expiresAt, locale) })}
        </p>
      </div>
      {!session.current && (
        <Button size="sm" variant="ghost" busy={busy} onClick={onRevoke} aria-label={t('settings.security.signOutSession', { label: session.label, created })}>
          {t('common:actions.signOut')}
        </Button>
      )}
    </li>
  );
}

function formatTime(iso: string, locale: string): string {
  return formatDateTime(iso, { locale, timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' });
}
