// The subscriptions that need the admin: past due (a payment failed) and canceling (set to end with the
// period), one currency at a time (never mixed). Each row links to its member; cancel at period end and
// cancel now go through the app's one way of writing, with a confirmation naming the member.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SubscriptionView } from '../../../shared/model/money';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { CurrencyTabs } from '../analytics/CurrencyTabs';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { useShownCurrency } from '../common/use-shown-currency';
import { formatCount, formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { PendingWrite, usePendingWrites } from '../writes/pending-writes';
import { useWrite, type WriteRunner } from '../writes/use-write';
import '../writes/writes.css';
import { SubscriptionsTable } from './SubscriptionsTable';

const NO_CURRENCIES: string[] = [];

export function SubscriptionsPage() {
  return (
    <DashboardFrame dashboard="subscriptions">
      <SubscriptionsDashboard />
      <Outlet />
    </DashboardFrame>
  );
}

function SubscriptionsDashboard() {
  const account = useActiveAccount();
  const locale = useLocale();
  const query = useInvokeQuery('money.subscriptions', { accountId: account?.id ?? '' }, { enabled: account !== null });
  // One currency at a time, by the rule every such screen follows (use-shown-currency).
  const { currencies, currency, choose } = useShownCurrency(query.data?.data.currencies ?? NO_CURRENCIES);
  const write = useWrite();
  // Today links to one list: ?show=pastDue or ?show=canceling.
  const [params] = useSearchParams();
  const show = params.get('show');
  return (
    <Page title="Subscriptions" description="Subscriptions that need you: payments that failed, and members who are leaving." meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the Subscriptions page" label="the subscriptions">
        {(answer) => {
          if (currency === null) return <EmptyState title="Nothing needs you" icon="check">No subscription is past due or set to cancel.</EmptyState>;
          return (
            <div data-testid="subscription-lists" data-currency={currency}>
              <CurrencyTabs currencies={currencies} value={currency} onChange={choose} label="Currency">
                {show !== 'canceling' && <SubscriptionList title="Past due" testId="past-due" rows={answer.data.pastDue.filter((s) => s.currency === currency)} dateLabel="Next attempt" dateOf={(s) => s.nextChargeAt ?? s.currentPeriodEnd} locale={locale} write={write} />}
                {show !== 'pastDue' && <SubscriptionList title="Canceling" testId="canceling" rows={answer.data.canceling.filter((s) => s.currency === currency)} dateLabel="Ends" dateOf={(s) => s.currentPeriodEnd} locale={locale} write={write} />}
              </CurrencyTabs>
            </div>
          );
        }}
      </QueryState>
      {write.element}
    </Page>
  );
}

function SubscriptionList({ title, testId, rows, dateLabel, dateOf, locale, write }: {
  title: string;
  testId: string;
  rows: SubscriptionView[];
  dateLabel: string;
  dateOf(row: SubscriptionView): string;
  locale: Locale;
  write: WriteRunner;
}) {
  const pendingFor = usePendingWrites();
  const { t } = useTranslation('money', { keyPrefix: 'subscriptions' });
  return (
    <Card title={`${title} (${formatCount(rows.length, locale.locale)})`} flush className="subscription-card">
      {rows.length === 0 ? (
        <EmptyState title="None in this currency" icon="check" />
      ) : (
        <DataTable
          label={title}
          testId={testId}
          className="subscription-table"
          columns={[{ label: 'Member' }, { label: 'Plan' }, { label: 'Amount', numeric: true }, { label: dateLabel }, { label: 'Actions', hidden: true }]}
        >
              {rows.map((s) => (
                <tr key={s.id} data-subscription-id={s.id}>
                  <th scope="row">
                    <Link to={`/subscriptions/members/${encodeURIComponent(s.memberId)}`}>{s.memberName}</Link>
                  </th>
                  <td>{s.planName ?? <span className="cell-muted">{s.planId}</span>}</td>
                  <td className="num cell-nowrap">
                    {formatMoney(s.amount, s.currency, locale.locale)} / {s.interval}
                  </td>
                  <td className="cell-nowrap">{formatDateTime(dateOf(s), locale)}</td>
                  <td className="row-actions">
                    {pendingFor('subscription', s.id) ? <PendingWrite item={pendingFor('subscription', s.id)!} /> : <>
                    {!s.canceling && (
                      <Button size="sm" variant="ghost" aria-label={t('cancelAtPeriodEndLabel', { member: s.memberName })} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: true, seenUpdatedAt: s.updatedAt })}>
                        {t('cancelAtPeriodEnd')}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" aria-label={t('cancelNowLabel', { member: s.memberName })} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: false, seenUpdatedAt: s.updatedAt })}>
                      {t('cancelNow')}
                    </Button>
                    </>}
                  </td>
                </tr>
              ))}
        </DataTable>
      )}
    </Card>
  );
}

/** The member behind a subscription: who they are and everything they subscribe to; their orders one click away. */
export function MemberPanel() {
  const { memberId = '' } = useParams();
  const account = useActiveAccount();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useInvokeQuery('money.member', { accountId: account?.id ?? '', memberId }, { enabled: account !== null && memberId !== '' });
  const member = query.data?.data;
  const close = () => void navigate('/subscriptions');
  const subscriptions = useMemo(() => member?.subscriptions ?? [], [member]);
  return (
    <Dialog
      open
      onClose={close}
      title={member?.name ?? 'Member'}
      actions={
        <Button variant="primary" onClick={close}>
          Close
        </Button>
      }
    >
      <QueryState query={query} what="this member" label="the member">
        {() =>
          member ? (
            <div data-testid="member-panel">
              <dl className="member-facts">
                <dt>Email</dt>
                <dd>{member.email}</dd>
                <dt>Member since</dt>
                <dd>{formatDateTime(member.joinedAt, locale)}</dd>
                {member.tags.length > 0 && (
                  <>
                    <dt>Tags</dt>
                    <dd>{member.tags.join(', ')}</dd>
                  </>
                )}
              </dl>
              <SubscriptionsTable subscriptions={subscriptions} locale={locale} />
              <p>
                <Link to={`/orders?q=${encodeURIComponent(member.email)}`}>Their orders</Link>
              </p>
            </div>
          ) : null
        }
      </QueryState>
    </Dialog>
  );
}
