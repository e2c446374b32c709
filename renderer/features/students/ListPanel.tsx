// Work from a list: the admin pastes e-mail addresses, or drops or opens a CSV (UTF-8 or Big5), and the app
// says who it found among the synced students, who it did not, and which were given twice; "Select the found"
// makes them the page's selection, so the bulk actions (tag, enroll: confirmation with the count, progress
// with Cancel, Undo, activity log, outbox) do the rest as one bulk write.
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { formatCount } from '../../lib/format';
import { addressesIn, decodeListFile, matchList, type ListMatch } from './address-list';

interface ListPanelProps {
  accountId: string;
  locale: string;
  onSelect(found: ListMatch['found']): void;
  onClose(): void;
}

/** The most a list may hold: the engine's pick takes up to 100,000 addresses. */
const MAX_ADDRESSES = 100_000;

export function ListPanel({ accountId, locale, onSelect, onClose }: ListPanelProps) {
  const { t } = useTranslation('students', { keyPrefix: 'list' });
  const [text, setText] = useState('');
  const [result, setResult] = useState<(ListMatch & { repeated: number }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const n = (count: number) => ({ count, formatted: formatCount(count, locale) });

  async function readFile(picked: File | undefined) {
    if (!picked) return;
    try {
      setText(decodeListFile(new Uint8Array(await picked.arrayBuffer())));
      setResult(null);
      setProblem(null);
    } catch {
      setProblem(t('unreadable', { name: picked.name }));
    }
  }

  async function find() {
    const { addresses, repeated } = addressesIn(text);
    setResult(null);
    if (addresses.length === 0) return setProblem(t('none'));
    if (addresses.length > MAX_ADDRESSES) return setProblem(t('tooMany', { formatted: formatCount(MAX_ADDRESSES, locale) }));
    setProblem(null);
    setBusy(true);
    try {
      const picked = await invoke('data.students.pick', { accountId, emails: addresses });
      setResult({ ...matchList(addresses, picked.data), repeated });
    } catch (error) {
      setProblem(toSerializedError(error).message);
    } finally {
      setBusy(false);
    }
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    void readFile(event.dataTransfer.files[0]);
  }

  return (
    <Card title={t('title')} actions={<Button size="sm" variant="ghost" onClick={onClose}>{t('close')}</Button>}>
      <div className="list-panel" data-testid="list-panel" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <label htmlFor={fieldId}>{t('label')}</label>
        <textarea id={fieldId} className="input list-text" rows={5} value={text} placeholder={t('placeholder')} onChange={(e) => { setText(e.target.value); setResult(null); }} />
        <div className="inline-form">
          <Button size="sm" variant="primary" onClick={() => void find()} busy={busy} disabled={text.trim() === ''}>
            {t('find')}
          </Button>
          <Button size="sm" onClick={() => file.current?.click()}>
            {t('open')}
          </Button>
          <input ref={file} type="file" accept=".csv,.txt,text/csv,text/plain" hidden aria-label={t('open')} onChange={(e) => { void readFile(e.target.files?.[0]); e.target.value = ''; }} />
          <span className="muted">{t('hint')}</span>
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        {result && (
          <div role="status" data-testid="list-result" data-found={result.found.length} data-not-found={result.notFound.length} data-repeated={result.repeated}>
            <p>
              <strong>{t('found', n(result.found.length))}</strong>
              {result.notFound.length > 0 && <> · {t('notFound', n(result.notFound.length))}</>}
              {result.repeated > 0 && <> · {t('repeated', n(result.repeated))}</>}
            </p>
            {result.notFound.length > 0 && (
              <ul className="list-missing" aria-label={t('notFoundList')}>
                {result.notFound.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            )}
            {result.found.length > 0 && (
              <Button size="sm" variant="primary" onClick={() => onSelect(result.found)}>
                {t('select', n(result.found.length))}
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
