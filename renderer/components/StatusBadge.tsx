// An account's session state in a word and a colour (never the colour alone).
import type { AccountStatus } from '../../shared/model/accounts';

const WORDS: Record<AccountStatus, { label: string; tone: 'positive' | 'info' | 'warning' | 'neutral' }> = {
  signed_in: { label: 'Signed in', tone: 'positive' },
  refreshing: { label: 'Refreshing', tone: 'info' },
  sign_in_needed: { label: 'Sign-in needed', tone: 'warning' },
  offline: { label: 'Offline', tone: 'neutral' },
};

export function accountStatusLabel(status: AccountStatus): string {
  return WORDS[status].label;
}

export function StatusBadge({ status }: { status: AccountStatus }) {
  const { label, tone } = WORDS[status];
  return (
    <span className={`badge badge-${tone}`}>
      <span className="badge-dot" aria-hidden="true" />
      {label}
    </span>
  );
}
