// Settings › Demo platform, only where the app runs beside `npm start`'s demo platform (browser mode): take it
// offline and back, to see what the app does without the platform (saved copies, the outbox), and reset the
// demo school, which drops every change made in it. The terminal that runs npm start offers the same (o, r).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { DemoPlatformStatus } from '../../shared/ipc/demo';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { invoke, useEvent, useInvokeQuery } from '../lib/bridge-hooks';
import { formatCount } from '../lib/format';
import { useNotices } from '../state/notices';
import { useUiLocale } from '../state/ui-language';

export function DemoPlatformCard() {
  const client = useQueryClient();
  const { t } = useTranslation('shell', { keyPrefix: 'settings.demo' });
  const { locale } = useUiLocale();
  const push = useNotices((s) => s.push);
  const status = useInvokeQuery('demo.status', {});
  // Taken offline or back from the terminal: the probe notices, and so does this card.
  useEvent('app.statusChanged', () => void status.refetch());
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  if (!status.data?.available) return null;
  const { offline, changes } = status.data;
  const counted = { count: changes, formatted: formatCount(changes, locale) };

  const act = async (run: () => Promise<DemoPlatformStatus>, done: string) => {
    setBusy(true);
    try {
      client.setQueryData(['demo.status', {}], await run());
      push({ tone: 'success', title: done });
    } catch (error) {
      push({ tone: 'warning', title: t('failed'), message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('title')}>
      <p data-testid="demo-platform-state">
        {offline ? <strong>{t('offline')}</strong> : t('running')} {changes === 0 ? t('keepsNone') : t('keeps', counted)}
      </p>
      <div className="button-row">
        <Button onClick={() => void act(() => invoke('demo.setOffline', { offline: !offline }), offline ? t('nowOnline') : t('nowOffline'))} busy={busy} disabled={busy}>
          {offline ? t('bringBack') : t('takeOffline')}
        </Button>
        <Button variant="danger" onClick={() => setConfirmReset(true)} disabled={busy}>
          {t('reset')}
        </Button>
      </div>
      <p className="muted">{t('hint')}</p>
      {confirmReset && (
        <Dialog
          open
          onClose={() => setConfirmReset(false)}
          busy={busy}
          title={t('resetTitle')}
          description={<p>{changes === 0 ? t('resetNothing') : t('resetLoses', counted)}</p>}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirmReset(false)} disabled={busy} autoFocus>
                {t('keep')}
              </Button>
              <Button variant="danger" busy={busy} onClick={() => void act(() => invoke('demo.reset', {}), t('wasReset')).then(() => setConfirmReset(false))}>
                {t('confirmReset')}
              </Button>
            </>
          }
        />
      )}
    </Card>
  );
}
