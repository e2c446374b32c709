// Settings › Demo platform, only where the app runs beside `npm start`'s demo platform (browser mode): take it
// offline and back, to see what the app does without the platform (saved copies, the outbox), and reset the
// demo school, which drops every change made in it. The terminal that runs npm start offers the same (o, r).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DemoPlatformStatus } from '../../shared/ipc/demo';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { invoke, useEvent, useInvokeQuery } from '../lib/bridge-hooks';
import { formatCount } from '../lib/format';
import { useLocale } from '../features/common/use-locale';
import { useNotices } from '../state/notices';

export function DemoPlatformCard() {
  const client = useQueryClient();
  const { locale } = useLocale();
  const push = useNotices((s) => s.push);
  const status = useInvokeQuery('demo.status', {});
  // Taken offline or back from the terminal: the probe notices, and so does this card.
  useEvent('app.statusChanged', () => void status.refetch());
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  if (!status.data?.available) return null;
  const { offline, changes } = status.data;

  const act = async (run: () => Promise<DemoPlatformStatus>, done: string) => {
    setBusy(true);
    try {
      client.setQueryData(['demo.status', {}], await run());
      push({ tone: 'success', title: done });
    } catch (error) {
      push({ tone: 'warning', title: 'The demo platform did not do that', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const changesText = changes === 1 ? 'one change' : `${formatCount(changes, locale)} changes`;

  return (
    <Card title="Demo platform">
      <p data-testid="demo-platform-state">
        {offline ? (
          <strong>Offline: the demo platform refuses every connection.</strong>
        ) : (
          <>Running on this computer, beside the app.</>
        )}{' '}
        It keeps {changes === 0 ? 'no change' : changesText} made in the demo schools since they were last reset, also when npm start is restarted.
      </p>
      <div className="button-row">
        <Button onClick={() => void act(() => invoke('demo.setOffline', { offline: !offline }), offline ? 'The demo platform is back online' : 'The demo platform is offline')} busy={busy} disabled={busy}>
          {offline ? 'Bring it back online' : 'Take it offline'}
        </Button>
        <Button variant="danger" onClick={() => setConfirmReset(true)} disabled={busy}>
          Reset the demo school…
        </Button>
      </div>
      <p className="muted">
        Offline, the app shows what it saved and keeps your changes in the outbox until the platform is back. The terminal running npm start does the same:
        type o and Enter to take it offline or back, r and Enter to reset.
      </p>
      {confirmReset && (
        <Dialog
          open
          onClose={() => setConfirmReset(false)}
          busy={busy}
          title="Reset the demo school?"
          description={
            <p>
              {changes === 0 ? 'Nothing was changed in it.' : `The ${changesText} made in it since the last reset ${changes === 1 ? 'is' : 'are'} dropped`}: its coupons, students, subscriptions and events
              become as generated for today. You stay signed in; the app reads the school again. This cannot be undone.
            </p>
          }
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirmReset(false)} disabled={busy} autoFocus>
                Keep the demo school
              </Button>
              <Button
                variant="danger"
                busy={busy}
                onClick={() =>
                  void act(() => invoke('demo.reset', {}), 'The demo school was reset').then(() => {
                    setConfirmReset(false);
                  })
                }
              >
                Reset the demo school
              </Button>
            </>
          }
        />
      )}
    </Card>
  );
}
