// The one "export what you see as CSV" control of the app's lists (Orders, Students): the data engine streams
// the file (the Save dialog in the desktop app, a one-time download in browser mode); while it runs, its
// progress with Cancel; then where it was saved, or which file was downloaded; an error says why.
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../../shared/i18n/i18n';
import { useEffect, useState } from 'react';
import type { Answer, CsvFileExport } from '../../../shared/ipc/data';
import { Button } from '../../components/Button';
import { Progress } from '../../components/Progress';
import { newJobId, useJobProgress } from '../../data/progress';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { formatCount } from '../../lib/format';

interface Nouns {
  one: string;
  other: string;
}

/** `start`: the export call for the view on screen; `nouns`: what a row is ("order"/"orders") for the done notice. */
export function useCsvFileExport(start: ((jobId: string) => Promise<Answer<CsvFileExport>>) | null, nouns: Nouns, locale: string) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const progress = useJobProgress(jobId);
  const started = progress !== null;
  // A Cancel pressed before the engine took the job on (while the destination was being chosen) finds nothing
  // to stop: it is sent again as soon as the job reports.
  useEffect(() => {
    if (cancelling && started && jobId) void invoke('data.cancel', { jobId }).catch(() => undefined);
  }, [cancelling, started, jobId]);
  function cancel() {
    if (!jobId) return;
    setCancelling(true);
    void invoke('data.cancel', { jobId }).catch(() => undefined);
  }
  async function run() {
    if (!start || jobId) return;
    const id = newJobId('export');
    setJobId(id);
    setCancelling(false);
    setError(null);
    setNotice(null);
    try {
      const { data } = await start(id);
      if (data.downloadUrl) downloadUrl(data.downloadUrl, data.fileName);
      const rows = `${formatCount(data.rows, locale)} ${data.rows === 1 ? nouns.one : nouns.other}`;
      setNotice(data.savedTo ? translate('common:export.saved', { rows, path: data.savedTo }) : translate('common:export.downloaded', { file: data.fileName, rows }));
    } catch (e) {
      const err = toSerializedError(e);
      if (err.code !== 'cancelled') setError(err.message);
    } finally {
      setJobId(null);
    }
  }
  return { run, cancel, cancelling, jobId, progress, error, notice };
}

export function ExportCsvControl({ state, label, disabled }: { state: ReturnType<typeof useCsvFileExport>; label: string; disabled: boolean }) {
  const { jobId, progress, error, notice, cancelling } = state;
  const { t } = useTranslation('common');
  return (
    <span className="export">
      {jobId ? (
        <Progress
          label={t('export.exporting')}
          value={progress?.total ? progress.loaded : undefined}
          max={progress?.total ?? 1}
          onCancel={state.cancel}
          cancelling={cancelling}
        />
      ) : (
        <Button size="sm" variant="primary" onClick={() => void state.run()} disabled={disabled}>
          {label}
        </Button>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {notice && <span role="status" className="export-notice">{notice}</span>}
    </span>
  );
}

/**
 * A CSV made on screen or by a service (the activity log, stalled learners), saved as every export is: the
 * Save dialog naming `subject` in the desktop app, a download in browser mode. Answers the notice to show;
 * throws cancelled when the admin cancels the dialog.
 */
export async function saveCsvText(subject: 'activity' | 'stalledLearners', file: { name: string; csv: string; rows: number }, nouns: Nouns, locale: string): Promise<string> {
  const { data } = await invoke('data.saveCsvFile', { subject, fileName: file.name, csv: file.csv, rows: file.rows });
  const rows = `${formatCount(data.rows, locale)} ${data.rows === 1 ? nouns.one : nouns.other}`;
  if (data.downloadUrl) downloadUrl(data.downloadUrl, data.fileName);
  return data.savedTo ? translate('common:export.saved', { rows, path: data.savedTo }) : translate('common:export.downloaded', { file: data.fileName, rows });
}

/** Browser mode: the host streams the export as a download (same origin, once). */
function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
