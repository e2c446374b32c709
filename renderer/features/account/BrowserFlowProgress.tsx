// The steps of a browser sign-in, the link back to the sign-in page while it waits, and Cancel.
import { Trans, useTranslation } from 'react-i18next';
import { SIGN_IN_WAIT_MINUTES, VISIBLE_STEPS, stepPosition, stepStates } from '../../lib/connect-steps';
import type { BrowserFlowState } from '../../state/browser-flow';
import { useBrowserFlowActions, useBrowserFlowStore } from '../../state/browser-flow-store';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { SignInLink } from './SignInLink';
import { SignInOriginNotice } from './SignInOriginNotice';

export function BrowserFlowProgress({ flow, compact = false }: { flow: Extract<BrowserFlowState, { phase: 'running' }>; compact?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const { cancel } = useBrowserFlowActions();
  const dispatch = useBrowserFlowStore((s) => s.dispatch);
  const states = stepStates(flow.step);
  const { index, total } = stepPosition(flow.step);
  const current = VISIBLE_STEPS[Math.min(index, total - 1)]!;
  const waiting = flow.step === 'waiting_for_browser';
  const currentLabel = t(`flow.steps.${current.step}`);
  return (
    <section className={compact ? 'flow-progress flow-progress-compact' : 'flow-progress'} aria-labelledby="flow-progress-title">
      <div className="flow-progress-head">
        <h2 id="flow-progress-title" className="flow-progress-title">
          {t(`flow.titles.${flow.kind}`, { target: flow.target })}
        </h2>
        <Button variant="secondary" size="sm" onClick={cancel} busy={flow.cancelling}>
          {flow.cancelling ? t('common:actions.cancelling') : t('common:actions.cancel')}
        </Button>
      </div>
      <div className="flow-bar" role="progressbar" aria-label={t('flow.progress')} aria-valuemin={0} aria-valuemax={total} aria-valuenow={index} aria-valuetext={t('common:progress.step', { index: Math.min(index + 1, total), total, label: currentLabel })}>
        <div className="flow-bar-fill" style={{ width: `${((index + (waiting ? 0.5 : 0.35)) / total) * 100}%` }} />
      </div>
      {!compact && (
        <ol className="steps">
          {VISIBLE_STEPS.map((s, i) => (
            <li key={s.step} className={`step step-${states[i]}`} aria-current={states[i] === 'current' ? 'step' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {states[i] === 'done' ? <Icon name="check" size={14} /> : states[i] === 'current' ? <Spinner size={14} /> : null}
              </span>
              <span className="step-label">{t(`flow.steps.${s.step}`)}</span>
              <span className="visually-hidden">{states[i] === 'done' ? ` ${t('flow.done')}` : states[i] === 'current' ? ` ${t('flow.inProgress')}` : ''}</span>
            </li>
          ))}
        </ol>
      )}
      {flow.signInOrigin && <SignInOriginNotice origin={flow.signInOrigin} />}
      {waiting && (
        <div className="flow-waiting">
          {flow.backWhileWaiting ? (
            <p role="status">
              <strong>{t('flow.stillWaiting')}</strong> {t('flow.stillWaitingRest', { count: SIGN_IN_WAIT_MINUTES })}
            </p>
          ) : (
            <p>
              <Trans t={t} i18nKey="flow.browserOpened" components={{ strong: <strong /> }} /> {t('flow.waitsFor', { count: SIGN_IN_WAIT_MINUTES })}
            </p>
          )}
          {flow.authorizationUrl && <SignInLink url={flow.authorizationUrl} onOpen={() => dispatch({ type: 'pageReopened' })} />}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {currentLabel}
      </p>
    </section>
  );
}
