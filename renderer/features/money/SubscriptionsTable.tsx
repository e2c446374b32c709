// One member's subscriptions as a table: plan, state (the same labels everywhere), amount per interval. Shown in
// the Subscriptions page's member panel and on a student's profile (where the plan links to that panel).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from '../../../shared/model/money';
import { INTERVAL_LABELS, SUBSCRIPTION_STATE_LABELS } from '../../../shared/state-labels';
import { formatMoney, type Locale } from '../../lib/format';
import { DataTable, type Column } from '../common/DataTable';

export function SubscriptionsTable({ subscriptions, locale, plan = (s) => s.planName ?? s.planId }: { subscriptions: readonly SubscriptionView[]; locale: Locale; plan?: (s: SubscriptionView) => ReactNode }) {
  const { t } = useTranslation('money');
  const columns: Column[] = [{ label: t('member.columns.plan') }, { label: t('member.columns.state') }, { label: t('member.columns.amount'), numeric: true }];
  // A member may pay in more than one currency: then each amount says which.
  const nameCurrency = new Set(subscriptions.map((s) => s.currency)).size > 1;
  return (
    <DataTable label={t('member.subscriptions')} frame={false} columns={columns}>
        {subscriptions.map((s) => (
          <tr key={s.id}>
            <th scope="row">{plan(s)}</th>
            <td>
              {SUBSCRIPTION_STATE_LABELS[s.state]}
              {s.canceling ? t('member.canceling') : ''}
            </td>
            <td className="num cell-nowrap">
              {t('subscriptions.perInterval', { amount: formatMoney(s.amount, s.currency, locale.locale, { nameCurrency }), interval: INTERVAL_LABELS[s.interval] })}
            </td>
          </tr>
        ))}
    </DataTable>
  );
}
