// Says that a list shows only the records a school's first sync has brought so far (the Orders and Students
// pages): while it runs, how many of how many, and that totals and filters cover only those; once it stopped
// (Cancel, a failure), why and a way to go on loading.
import { useTranslation } from 'react-i18next';
import type { PartialSync } from '../../../shared/ipc/data';
import type { SerializedAppError } from '../../../shared/errors';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { formatCount, type Locale } from '../../lib/format';

interface PartialSyncNoticeProps {
  partial: PartialSync;
  /** Records answered from (the answer's `loaded`). */
  loaded: number;
  what: 'orders' | 'students';
  locale: Locale;
  /** Why it stopped, when that was not the admin's Cancel. */
  error?: SerializedAppError | null;
  onResume(): void;
}

export function PartialSyncNotice({ partial, loaded, what, locale, error, onResume }: PartialSyncNoticeProps) {
  const { t } = useTranslation('common', { keyPrefix: 'partialSync' });
  const words = { count: loaded, shown: formatCount(loaded, locale.locale), expected: formatCount(partial.expected ?? 0, locale.locale) };
  const ofExpected = partial.expected !== null && partial.expected > loaded;
  const title = partial.running
    ? t(ofExpected ? `${what}.runningOf` : `${what}.running`, words)
    : t(ofExpected ? `${what}.stoppedOf` : `${what}.stopped`, words);
  const stoppedBy = error && error.code !== 'cancelled' ? `${error.message} ` : '';
  return (
    <div className="callout callout-neutral partial-sync" role="status" data-testid="partial-sync" data-running={partial.running}>
      <Icon name={partial.running ? 'refresh' : 'info'} size={18} />
      <div>
        <p className="callout-title">{title}</p>
        <p>
          {stoppedBy}
          {t(partial.running ? `${what}.coversRunning` : `${what}.coversStopped`)}
        </p>
      </div>
      {!partial.running && (
        <Button size="sm" variant="primary" onClick={onResume}>
          {t('resume')}
        </Button>
      )}
    </div>
  );
}
