// Beside "Activity" in the navigation: how many changes wait in the school's outbox, so a write kept while
// the platform was away is never out of sight. Nothing when the outbox is empty.
import { useTranslation } from 'react-i18next';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { formatCount } from '../../lib/format';
import { useUiLocale } from '../../state/ui-language';
import { useActiveAccount } from '../../state/active-account';
import { useWritesRefresh } from './refresh';
import './writes.css';

export function OutboxCount() {
  const account = useActiveAccount();
  const { t } = useTranslation('writes');
  const { locale } = useUiLocale();
  useWritesRefresh();
  const outbox = useInvokeQuery('writes.outbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const count = outbox.data?.length ?? 0;
  if (count === 0) return null;
  const label = t('outboxCount', { count, formatted: formatCount(count, locale) });
  return (
    <span className="nav-count" data-testid="outbox-count" title={label}>
      <span aria-hidden="true">{formatCount(count, locale)}</span>
      <span className="visually-hidden">, {label}</span>
    </span>
  );
}
