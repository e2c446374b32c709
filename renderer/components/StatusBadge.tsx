// An account's session state in a word and a colour (never the colour alone).
import { useTranslation } from 'react-i18next';
import { t } from '../../shared/i18n/i18n';
import type { AccountStatus } from '../../shared/model/accounts';

const TONES: Record<AccountStatus, 'positive' | 'info' | 'warning' | 'neutral'> = {
  signed_in: 'positive',
  refreshing: 'info',
  sign_in_needed: 'warning',
  offline: 'neutral',
};

/** The state in a word, in the current UI language. */
export function accountStatusLabel(status: AccountStatus): string {
  return t(`common:accountStatus.${status}`);
}

export function StatusBadge({ status }: { status: AccountStatus }) {
  useTranslation();
  const label = accountStatusLabel(status);
  const tone = TONES[status];
  return (
    <span className={`badge badge-${tone}`}>
      <span className="badge-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
