// The app's updates, as the main process reports them (shared/ipc/updates.ts): one sentence, Check now,
// Pause. Where updates are not supported (browser mode, development) it says so and offers nothing.
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { UpdateStatus } from '../../shared/ipc/updates';
import { bridgeQueryKey, useEvent, useInvoke, useInvokeQuery } from '../lib/bridge-hooks';
import { Button } from '../components/Button';
import { Progress } from '../components/Progress';

const KEY = bridgeQueryKey('updates.status', {});

export function UpdatesPanel() {
  const queryClient = useQueryClient();
  const query = useInvokeQuery('updates.status', {}, { staleTime: Infinity, retry: false });
  const save = (status: UpdateStatus) => queryClient.setQueryData(KEY, status);
  useEvent('updates.changed', save);
  const checkNow = useInvoke('updates.checkNow', { onSuccess: save });
  const setPaused = useInvoke('updates.setPaused', { onSuccess: save });
  const status = query.data;
  const { t } = useTranslation('shell', { keyPrefix: 'settings.updates' });

  return (
    <section className="updates" aria-labelledby="updates-title">
      <h3 id="updates-title" className="subheading">
        {t('title')}
      </h3>
      {query.isPending && <p className="muted">{t('checking')}</p>}
      {query.isError && <p className="muted">{t('notHere')}</p>}
      {status && (
        <>
          <p data-testid="updates-message">{status.message}</p>
          {status.state === 'downloading' && status.percent !== null && (
            <Progress label={t('downloading', { version: status.availableVersion ?? t('theUpdate') })} value={status.percent} max={100} detail={`${Math.round(status.percent)} %`} />
          )}
          {status.supported && (
            <div className="button-row">
              <Button size="sm" onClick={() => checkNow.mutate({})} busy={checkNow.isPending || status.state === 'checking'}>
                {t('checkNow')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPaused.mutate({ paused: !status.paused })} busy={setPaused.isPending}>
                {status.paused ? t('resume') : t('pause')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
