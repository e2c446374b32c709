// "Use a client ID from your platform": for a platform that does not let apps register themselves (or a
// school that arranged an integration with it), the admin types the client ID it was given, and its secret
// when it has one. The secret goes to the main process once and is kept there in the vault; the UI never
// shows it again.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface GivenClient {
  clientId: string;
  clientSecret: string;
}

export const NO_CLIENT: GivenClient = { clientId: '', clientSecret: '' };

/** What accounts.connect takes: nothing when no client ID was typed. */
export function clientForConnect(given: GivenClient): { clientId: string; clientSecret?: string } | undefined {
  const clientId = given.clientId.trim();
  if (!clientId) return undefined;
  return given.clientSecret ? { clientId, clientSecret: given.clientSecret } : { clientId };
}

export function ClientIdFields({ value, onChange }: { value: GivenClient; onChange: (next: GivenClient) => void }) {
  const idField = useId();
  const secretField = useId();
  const hint = useId();
  const { t } = useTranslation('shell', { keyPrefix: 'clientId' });
  return (
    <details className="client-id-fields">
      <summary>{t('summary')}</summary>
      <p id={hint} className="muted small">
        {t('hint')}
      </p>
      <label htmlFor={idField} className="field-label">
        {t('id')}
      </label>
      <input
        id={idField}
        className="input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        aria-describedby={hint}
        value={value.clientId}
        onChange={(event) => onChange({ ...value, clientId: event.target.value })}
      />
      <label htmlFor={secretField} className="field-label">
        {t('secret')} <span className="muted">{t('optional')}</span>
      </label>
      <input
        id={secretField}
        className="input"
        type="password"
        autoComplete="off"
        value={value.clientSecret}
        onChange={(event) => onChange({ ...value, clientSecret: event.target.value })}
      />
      <p className="muted small">{t('secretKept')}</p>
    </details>
  );
}
