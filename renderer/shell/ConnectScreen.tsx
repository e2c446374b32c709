// First run and "Add a school": the demo school in one click when the app offers one, or the school's own
// address, checked as the admin types. While the browser is open: the steps, a link back to the sign-in
// page and Cancel. A failure says what happened and what to do, and keeps what was typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { normalizeSchoolAddress } from '../../shared/school-address';
import { errorCopy, messageIsTechnical } from '../lib/error-copy';
import { useAccounts, useActiveAccount } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { useBrowserFlow, useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { BrowserFlowProgress } from '../features/account/BrowserFlowProgress';
import { BrandMark } from './BrandMark';
import { addressFeedback } from './address-feedback';
import { ClientIdFields, NO_CLIENT, clientForConnect } from './ClientIdFields';
import { WalkthroughLink } from './WalkthroughLink';

const SETTLE_MS = 600;

export function ConnectScreen() {
  const status = useAppStatus();
  const accounts = useAccounts();
  const active = useActiveAccount();
  const flow = useBrowserFlow();
  const { connect, dismiss } = useBrowserFlowActions();
  const navigate = useNavigate();
  const { t } = useTranslation(['shell', 'common']);
  const [address, setAddress] = useState('');
  const [settled, setSettled] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [givenClient, setGivenClient] = useState(NO_CLIENT);
  const inputId = useId();
  const feedbackId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const addingAnother = accounts.length > 0;
  const connectFlow = flow.phase !== 'idle' && flow.kind === 'connect' ? flow : null;

  useEffect(() => {
    if (!address) return;
    const timer = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [address]);

  // A failure from a previous visit is not news on this one.
  useEffect(() => () => dismiss(), [dismiss]);

  const start = async (target: string, label?: string, client?: { clientId: string; clientSecret?: string }) => {
    const account = await connect(target, label, client);
    if (account) navigate('/', { replace: true });
    else titleRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSettled(true);
    setSubmitted(true);
    const result = normalizeSchoolAddress(address);
    if (!result.ok) {
      inputRef.current?.focus();
      return;
    }
    void start(result.url, undefined, clientForConnect(givenClient));
  };

  const failure = connectFlow?.phase === 'failed' ? connectFlow : null;
  const feedback = addressFeedback(address, settled, { submitted, failedFor: failure?.target ?? null });
  const copy = failure ? errorCopy(failure.error.code) : null;

  return (
    <div className="connect-screen">
      <main className="connect-panel" id="main" tabIndex={-1}>
        <div className="connect-brand">
          <BrandMark />
          <span>{t('common:appName')}</span>
        </div>
        <h1 className="connect-title" ref={titleRef} tabIndex={-1}>
          {addingAnother ? t('connect.addTitle') : t('connect.title')}
        </h1>
        <p className="connect-lede">{t('connect.lede')}</p>

        {connectFlow?.phase === 'running' ? (
          <BrowserFlowProgress flow={connectFlow} />
        ) : (
          <>
            {failure && copy && (
              <div className={`callout callout-${copy.tone === 'error' ? 'danger' : 'neutral'}`} role="alert">
                <Icon name={copy.tone === 'error' ? 'alert' : 'info'} size={18} />
                <div>
                  <p className="callout-title">{copy.title}</p>
                  {/* "Cancelled" needs no detail: the admin just did it. A technical message folds away under the plain hint. */}
                  {failure.error.code !== 'cancelled' && !messageIsTechnical(failure.error.code) && <p>{failure.error.message}</p>}
                  <p className="muted">{copy.hint}</p>
                  {messageIsTechnical(failure.error.code) && (
                    <details className="callout-details">
                      <summary>{t('connect.technicalDetails')}</summary>
                      <p className="mono">{failure.error.message}</p>
                    </details>
                  )}
                  {failure.error.helpUrl && <WalkthroughLink url={failure.error.helpUrl} />}
                </div>
              </div>
            )}

            {status?.defaultSchool && (
              <section className="demo-school" aria-labelledby="demo-school-title">
                <span className="demo-school-icon">
                  <Icon name="school" size={22} />
                </span>
                <div className="demo-school-text">
                  <h2 id="demo-school-title">{status.defaultSchool.label}</h2>
                  <p className="muted">{status.defaultSchool.address}</p>
                </div>
                <Button variant="primary" onClick={() => void start(status.defaultSchool!.address, status.defaultSchool!.label)}>
                  {t('common:actions.connect')}
                </Button>
              </section>
            )}

            {status?.defaultSchool && (
              <div className="divider" role="presentation">
                <span>{t('connect.or')}</span>
              </div>
            )}

            <form className="address-form" onSubmit={onSubmit} noValidate>
              <label htmlFor={inputId} className="field-label">
                {t('connect.addressLabel')}
              </label>
              <div className="address-row">
                <input
                  ref={inputRef}
                  id={inputId}
                  className="input"
                  type="text"
                  inputMode="url"
                  autoComplete="url"
                  spellCheck={false}
                  autoCapitalize="off"
                  placeholder={t('connect.addressPlaceholder')}
                  value={address}
                  aria-invalid={feedback.kind === 'error' || undefined}
                  aria-describedby={feedbackId}
                  onChange={(event) => {
                    setAddress(event.target.value);
                    setSettled(false);
                    setSubmitted(false);
                  }}
                  onBlur={() => address && setSettled(true)}
                />
                <Button type="submit" variant={status?.defaultSchool ? 'secondary' : 'primary'}>
                  {t('common:actions.connect')}
                </Button>
              </div>
              <p id={feedbackId} className={`field-feedback field-feedback-${feedback.kind}`} aria-live="polite">
                {feedback.kind === 'error' && (
                  <>
                    <Icon name="alert" size={14} /> {feedback.message}
                  </>
                )}
                {feedback.kind === 'ok' && (
                  <>
                    <Icon name="check" size={14} /> <Trans t={t} i18nKey="connect.willConnect" values={{ url: feedback.url }} components={{ mono: <span className="mono" /> }} />
                  </>
                )}
                {feedback.kind === 'none' && t('connect.addressHint')}
              </p>
              <ClientIdFields value={givenClient} onChange={setGivenClient} />
            </form>
          </>
        )}

        {addingAnother && active && connectFlow?.phase !== 'running' && (
          <p className="connect-back">
            <Link to="/">{t('connect.backTo', { school: active.school.name })}</Link>
          </p>
        )}
      </main>
      {/* In a landmark like everything else on the screen (a screen reader's landmark list reaches it). */}
      <footer className="connect-footnote">
        <Icon name="lock" size={14} /> {t('connect.footnote')}
      </footer>
    </div>
  );
}
