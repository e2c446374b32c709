// Says that a list shows only the records a school's first sync has brought so far (the Orders and Students
// pages): while it runs, how many of how many, and that totals and filters cover only those; once it stopped
// (Cancel, a failure), why and a way to go on loading. The wording of both pages lives here, in one place.
import type { PartialSync } from '../../../shared/ipc/data';
import type { SerializedAppError } from '../../../shared/errors';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { formatCount, type Locale } from '../../lib/format';

export interface PartialSyncNoticeProps {
  partial: PartialSync;
  /** Records answered from (the answer's `loaded`). */
  loaded: number;
  noun: { one: string; other: string };
  /** What the figures on the page are ("Totals and filters"). */
  figures: string;
  locale: Locale;
  /** Why it stopped, when that was not the admin's Cancel. */
  error?: SerializedAppError | null;
  onResume(): void;
}

export function PartialSyncNotice({ partial, loaded, noun, figures, locale, error, onResume }: PartialSyncNoticeProps) {
  const count = (n: number) => `${formatCount(n, locale.locale)} ${n === 1 ? noun.one : noun.other}`;
  const of = partial.expected !== null && partial.expected > loaded ? ` of ${formatCount(partial.expected, locale.locale)}` : '';
  const stoppedBy = error && error.code !== 'cancelled' ? `${error.message} ` : '';
  return (
    <div className="callout callout-neutral partial-sync" role="status" data-testid="partial-sync" data-running={partial.running}>
      <Icon name={partial.running ? 'refresh' : 'info'} size={18} />
      <div>
        <p className="callout-title">{partial.running ? `Showing the ${count(loaded)}${of} loaded so far` : `Loading stopped with ${count(loaded)}${of}`}</p>
        <p>
          {stoppedBy}
          {figures} cover these only{partial.running ? ' and update as more arrive.' : '.'}
        </p>
      </div>
      {!partial.running && (
        <Button size="sm" variant="primary" onClick={onResume}>
          Resume loading
        </Button>
      )}
    </div>
  );
}
