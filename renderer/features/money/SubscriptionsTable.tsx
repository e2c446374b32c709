// One member's subscriptions as a table: plan, state (the same labels everywhere), amount per interval. Shown in
// the Subscriptions page's member panel and on a student's profile (where the plan links to that panel).
import type { ReactNode } from 'react';
import type { SubscriptionView } from '../../../shared/model/money';
import { formatMoney, type Locale } from '../../lib/format';
import { DataTable, type Column } from '../common/DataTable';

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionView['state'], string> = {
  active: 'Active', incomplete: 'Incomplete', trialing: 'Trialing', past_due: 'Past due', canceled: 'Canceled', expired: 'Expired',
};

const COLUMNS: Column[] = [{ label: 'Plan' }, { label: 'State' }, { label: 'Amount', numeric: true }];

export function SubscriptionsTable({ subscriptions, locale, plan = (s) => s.planName ?? s.planId }: { subscriptions: readonly SubscriptionView[]; locale: Locale; plan?: (s: SubscriptionView) => ReactNode }) {
  return (
    <DataTable label="Their subscriptions" frame={false} columns={COLUMNS}>
        {subscriptions.map((s) => (
          <tr key={s.id}>
            <th scope="row">{plan(s)}</th>
            <td>
              {SUBSCRIPTION_STATE_LABELS[s.state]}
              {s.canceling ? ' · canceling' : ''}
            </td>
            <td className="num cell-nowrap">
              {formatMoney(s.amount, s.currency, locale.locale)} / {s.interval}
            </td>
          </tr>
        ))}
    </DataTable>
  );
}
