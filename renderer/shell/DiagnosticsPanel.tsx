// Settings › About › Log and diagnostics: where the log file is, Open log file (desktop app), and Copy
// diagnostic bundle (no names, emails or tokens: built by the main process, see docs/security.md).
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useInvoke, useInvokeQuery } from '../lib/bridge-hooks';
import { Button } from '../components/Button';

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; text: string } | { kind: 'failed'; message: string };

export function DiagnosticsPanel() {
  const info = useInvokeQuery('app.logInfo', {}, { staleTime: Infinity, retry: false });
  const openLog = useInvoke('app.openLogFile');
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' });
  const { t } = useTranslation('shell', { keyPrefix: 'settings.diagnostics' });
  const bundle = useInvoke('app.diagnosticBundle', {
    onSuccess: async ({ text, copied }) => {
      if (copied) return setCopy({ kind: 'copied' });
      try {
        await navigator.clipboard.writeText(text);
        setCopy({ kind: 'copied' });
      } catch {
        // The browser refused the clipboard (permission, focus): the text is shown to copy by hand.
        setCopy({ kind: 'manual', text });
      }
    },
    onError: (error) => setCopy({ kind: 'failed', message: error.message }),
  });

  return (
    <section className="updates" aria-labelledby="diagnostics-title">
      <h3 id="diagnostics-title" className="subheading">
        {t('title')}
      </h3>
      {info.isPending && <p className="muted">{t('finding')}</p>}
      {info.isError && <p className="muted">{t('unreadable')}</p>}
      {info.data && (
        <>
          <p>
            {t('logFile')}{' '}
            <span className="mono log-path" data-testid="log-file-path">
              {info.data.logFile}
            </span>
          </p>
          {!info.data.canOpen && <p className="muted small">{t('cannotOpen')}</p>}
        </>
      )}
      <div className="button-row">
        {info.data?.canOpen && (
          <Button size="sm" onClick={() => openLog.mutate({})} busy={openLog.isPending}>
            {t('open')}
          </Button>
        )}
        <Button size="sm" onClick={() => bundle.mutate({})} busy={bundle.isPending}>
          {t('copy')}
        </Button>
      </div>
      <p className="muted small" role="status">
        {copy.kind === 'copied' && t('copied')}
        {copy.kind === 'failed' && t('failed', { message: copy.message })}
        {copy.kind === 'manual' && t('manual')}
      </p>
      {copy.kind === 'manual' && <textarea className="diagnostic-text mono" readOnly rows={8} value={copy.text} aria-label={t('bundle')} onFocus={(event) => event.currentTarget.select()} />}
    </section>
  );
}
