// Settings › About › Log and diagnostics: where the log file is, Open log file (desktop app), and Copy
// diagnostic bundle (no names, emails or tokens: built by the main process, see docs/security.md).
import { useState } from 'react';
import { useInvoke, useInvokeQuery } from '../lib/bridge-hooks';
import { Button } from '../components/Button';

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; text: string } | { kind: 'failed'; message: string };

export function DiagnosticsPanel() {
  const info = useInvokeQuery('app.logInfo', {}, { staleTime: Infinity, retry: false });
  const openLog = useInvoke('app.openLogFile');
  const [copy, setCopy] = useState<CopyState>({ kind: 'idle' });
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
        Log and diagnostics
      </h3>
      {info.isPending && <p className="muted">Finding the log file…</p>}
      {info.isError && <p className="muted">The log file's location could not be read.</p>}
      {info.data && (
        <>
          <p>
            The log file (secrets are never written to it):{' '}
            <span className="mono log-path" data-testid="log-file-path">
              {info.data.logFile}
            </span>
          </p>
          {!info.data.canOpen && <p className="muted small">Browser mode cannot open files on this computer: open it from your file manager or editor.</p>}
        </>
      )}
      <div className="button-row">
        {info.data?.canOpen && (
          <Button size="sm" onClick={() => openLog.mutate({})} busy={openLog.isPending}>
            Open log file
          </Button>
        )}
        <Button size="sm" onClick={() => bundle.mutate({})} busy={bundle.isPending}>
          Copy diagnostic bundle
        </Button>
      </div>
      <p className="muted small" role="status">
        {copy.kind === 'copied' && 'Diagnostic bundle copied. It holds the version, the system, your settings and the end of the log: no names, emails or sign-ins.'}
        {copy.kind === 'failed' && `The diagnostic bundle could not be made: ${copy.message}`}
        {copy.kind === 'manual' && 'Copying was not allowed here: select the text below and copy it.'}
      </p>
      {copy.kind === 'manual' && <textarea className="diagnostic-text mono" readOnly rows={8} value={copy.text} aria-label="Diagnostic bundle" onFocus={(event) => event.currentTarget.select()} />}
    </section>
  );
}
