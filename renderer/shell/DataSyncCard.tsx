// Settings › Background sync: how often the app brings over what changed in each school's synced orders,
// students and subscriptions on its own (electron/services/engine/client/sync-schedule.ts). Only while online, and only
// what a screen has synced once; a screen's Refresh syncs at once whatever this says.
import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState } from 'react';
import { SyncIntervalMinutes } from '../../shared/ipc/app';
import { Card } from '../components/Card';
import { invoke, useEvent } from '../lib/bridge-hooks';
import { useNotices } from '../state/notices';


export function DataSyncCard() {
  const id = useId();
  const { t } = useTranslation('shell', { keyPrefix: 'settings.sync' });
  const push = useNotices((s) => s.push);
  const [minutes, setMinutes] = useState<SyncIntervalMinutes | null>(null);
  useEffect(() => {
    let live = true;
    invoke('settings.get', {})
      .then((settings) => live && setMinutes(settings.syncIntervalMinutes))
      .catch(() => live && setMinutes(15));
    return () => {
      live = false;
    };
  }, []);
  useEvent('settings.changed', (settings) => setMinutes(settings.syncIntervalMinutes));

  const choose = (next: SyncIntervalMinutes) => {
    const before = minutes;
    setMinutes(next);
    invoke('settings.set', { syncIntervalMinutes: next }).catch(() => {
      setMinutes(before);
      push({ tone: 'warning', title: t('notSaved'), message: t('asItWas') });
    });
  };

  return (
    <Card title={t('title')}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {t('label')}
        </label>
        <select id={id} className="select" value={minutes ?? 15} disabled={minutes === null} onChange={(e) => choose(SyncIntervalMinutes.parse(Number(e.target.value)))}>
          {SyncIntervalMinutes.options.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`every${option.value}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">{t('hint')}</p>
    </Card>
  );
}
