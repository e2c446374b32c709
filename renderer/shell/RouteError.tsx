// A screen that failed to render: instead of React Router's bare "Unexpected Application Error!" and a
// stack, a plain explanation with Reload and Copy details. The error goes to the log once.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';
import { errorDetailsText, errorFacts, reportWindowError } from '../lib/window-errors';
import { useAppStatus } from '../state/app-status';

type CopyState = 'idle' | 'copied' | 'manual';

export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = useAppStatus();
  const { t } = useTranslation('shell', { keyPrefix: 'routeError' });
  const [copy, setCopy] = useState<CopyState>('idle');
  const [at] = useState(() => new Date());
  const facts = useMemo(() => errorFacts(error), [error]);
  const details = errorDetailsText(facts, { route: pathname, version: status?.version ?? null, mode: status?.mode ?? null, at });

  // Once per error, not per re-render of this screen (the route it happened on is the one shown).
  const [reportedRoute] = useState(pathname);
  useEffect(() => reportWindowError('render', error, reportedRoute), [error, reportedRoute]);

  const copyDetails = async () => {
    try {
      await navigator.clipboard.writeText(details);
      setCopy('copied');
    } catch {
      // The clipboard was refused (focus, permission): the details are shown to copy by hand.
      setCopy('manual');
    }
  };

  return (
    <Page title={t('title')}>
      <div className="route-error" data-testid="route-error">
        <EmptyState
          title={t('heading')}
          icon="alert"
          action={
            <div className="button-row">
              <Button variant="primary" onClick={() => window.location.reload()}>
                {t('reload')}
              </Button>
              <Button onClick={() => void copyDetails()}>{t('copy')}</Button>
            </div>
          }
        >
          <p>{t('body')}</p>
        </EmptyState>
        <p className="muted small" role="status">
          {copy === 'copied' && t('copied')}
          {copy === 'manual' && t('manual')}
        </p>
        <details className="route-error-details" open={copy === 'manual'}>
          <summary>{t('show')}</summary>
          <pre className="mono">{details}</pre>
        </details>
      </div>
    </Page>
  );
}
