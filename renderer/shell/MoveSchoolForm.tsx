// "Moved to a new address?": a school whose platform now lives elsewhere (it changed domain) is re-pointed
// there instead of being connected from scratch. The app signs in at the new address for the same school
// (the browser opens; no stored token is sent there) and keeps the account, its saved data and settings.
import { useTranslation } from 'react-i18next';
import { useId, useState, type FormEvent } from 'react';
import type { AccountView } from '../../shared/model/accounts';
import { normalizeSchoolAddress } from '../../shared/school-address';
import { useBrowserFlowActions } from '../state/browser-flow-store';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';

export function MoveSchoolForm({ account, onDone }: { account: AccountView; onDone: () => void }) {
  const { reconnect } = useBrowserFlowActions();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const feedbackId = useId();
  const { t } = useTranslation(['shell', 'common']);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = normalizeSchoolAddress(address);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    if (await reconnect(account, result.url)) onDone();
  };

  return (
    <form className="move-school" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('settings.move.form', { school: account.school.name })}>
      <label htmlFor={inputId} className="field-label">
        {t('settings.move.label', { school: account.school.name })}
      </label>
      <div className="address-row">
        <input
          id={inputId}
          className="input"
          type="text"
          inputMode="url"
          spellCheck={false}
          autoCapitalize="off"
          placeholder={t('connect.addressPlaceholder')}
          value={address}
          aria-invalid={problem ? true : undefined}
          aria-describedby={feedbackId}
          onChange={(event) => setAddress(event.target.value)}
          // The admin asked for this form: the field is where they type next.
          autoFocus
        />
        <Button type="submit" variant="primary">
          {t('common:actions.reconnect')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
      </div>
      <p id={feedbackId} className={`field-feedback field-feedback-${problem ? 'error' : 'none'}`} aria-live="polite">
        {problem ? (
          <>
            <Icon name="alert" size={14} /> {problem}
          </>
        ) : (
          t('settings.move.hint', { school: account.school.name })
        )}
      </p>
    </form>
  );
}
