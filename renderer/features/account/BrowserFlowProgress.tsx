// The steps of a browser sign-in, the link back to the sign-in page while it waits, and Cancel.
import { SIGN_IN_WAIT_MINUTES, VISIBLE_STEPS, stepPosition, stepStates } from '../../lib/connect-steps';
import type { BrowserFlowState } from '../../state/browser-flow';
import { useBrowserFlowActions, useBrowserFlowStore } from '../../state/browser-flow-store';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { SignInLink } from './SignInLink';
import { SignInOriginNotice } from './SignInOriginNotice';

const TITLES = {
  connect: (target: string) => `Connecting to ${target}`,
  sign_in_again: (target: string) => `Signing in to ${target} again`,
  grant: (target: string) => `Asking ${target} for more access`,
  reconnect: (target: string) => `Reconnecting ${target} at its new address`,
};

export function BrowserFlowProgress({ flow, compact = false }: { flow: Extract<BrowserFlowState, { phase: 'running' }>; compact?: boolean }) {
  const { cancel } = useBrowserFlowActions();
  const dispatch = useBrowserFlowStore((s) => s.dispatch);
  const states = stepStates(flow.step);
  const { index, total } = stepPosition(flow.step);
  const current = VISIBLE_STEPS[Math.min(index, total - 1)]!;
  const waiting = flow.step === 'waiting_for_browser';
  return (
    <section className={compact ? 'flow-progress flow-progress-compact' : 'flow-progress'} aria-labelledby="flow-progress-title">
      <div className="flow-progress-head">
        <h2 id="flow-progress-title" className="flow-progress-title">
          {TITLES[flow.kind](flow.target)}
        </h2>
        <Button variant="secondary" size="sm" onClick={cancel} busy={flow.cancelling}>
          {flow.cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      <div className="flow-bar" role="progressbar" aria-label="Sign-in progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={index} aria-valuetext={`Step ${Math.min(index + 1, total)} of ${total}: ${current.label}`}>
        <div className="flow-bar-fill" style={{ width: `${((index + (waiting ? 0.5 : 0.35)) / total) * 100}%` }} />
      </div>
      {!compact && (
        <ol className="steps">
          {VISIBLE_STEPS.map((s, i) => (
            <li key={s.step} className={`step step-${states[i]}`} aria-current={states[i] === 'current' ? 'step' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {states[i] === 'done' ? <Icon name="check" size={14} /> : states[i] === 'current' ? <Spinner size={14} /> : null}
              </span>
              <span className="step-label">{s.label}</span>
              <span className="visually-hidden">{states[i] === 'done' ? ' (done)' : states[i] === 'current' ? ' (in progress)' : ''}</span>
            </li>
          ))}
        </ol>
      )}
      {flow.signInOrigin && <SignInOriginNotice origin={flow.signInOrigin} />}
      {waiting && (
        <div className="flow-waiting">
          {flow.backWhileWaiting ? (
            <p role="status">
              <strong>Still waiting for your answer on the sign-in page.</strong> If you closed that tab, open the sign-in page again, or Cancel. The app
              waits up to {SIGN_IN_WAIT_MINUTES} minutes in all.
            </p>
          ) : (
            <p>
              Your browser opened your school's sign-in page. Review the access there and choose <strong>Allow</strong>; this screen moves on by itself. The
              app waits up to {SIGN_IN_WAIT_MINUTES} minutes for your answer.
            </p>
          )}
          {flow.authorizationUrl && <SignInLink url={flow.authorizationUrl} onOpen={() => dispatch({ type: 'pageReopened' })} />}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {current.label}
      </p>
    </section>
  );
}
