// While a figure waits on the engine's sync of the school's records (a platform without report endpoints:
// the engine computes the figures itself, docs/data-and-offline.md), how far the sync is, with Cancel.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { Progress } from '../../components/Progress';
import type { DataProgress } from '../../../shared/ipc/data';
import { invoke } from '../../lib/bridge-hooks';
import { formatCount, type Locale } from '../../lib/format';

export function SyncProgress({ progress, locale, what }: { progress: DataProgress; locale: Locale; what: string }) {
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { t } = useTranslation('analytics', { keyPrefix: 'sync' });
  return (
    <Card>
      <div data-testid="sync-progress">
        <Progress
          label={t('label', { label: progress.label, what })}
          value={progress.total ? progress.loaded : undefined}
          max={progress.total ?? 1}
          detail={
            progress.total ? t('of', { loaded: formatCount(progress.loaded, locale.locale), total: formatCount(progress.total, locale.locale) })
              : progress.loaded > 0 ? t('soFar', { loaded: formatCount(progress.loaded, locale.locale) }) : t('starting')

          }
          cancelling={cancelling === progress.jobId}
          onCancel={() => {
            setCancelling(progress.jobId);
            void invoke('data.cancel', { jobId: progress.jobId }).catch(() => undefined);
          }}
        />
      </div>
    </Card>
  );
}
