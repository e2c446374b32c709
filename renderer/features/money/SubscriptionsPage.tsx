// The subscriptions that need the admin: past due (a payment failed) and canceling (set to end with the
// period), one currency at a time (never mixed). Each row links to its member; cancel at period end and
// cancel now go through the app's one way of writing, with a confirmation naming the member.
import { useMemo, useState } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
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
import { useLocale } from '../common/use-locale';
import { formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { useWrite, type WriteRunner } from '../writes/use-write';
import '../writes/writes.css';
import { SubscriptionsTable } from './SubscriptionsTable';


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
  const [picked, setPicked] = useState<string | null>(null);
  const write = useWrite();
  return (
    <Page title="Subscriptions" description="Subscriptions that need you: payments that failed, and members who are leaving." meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the Subscriptions page" label="the subscriptions">
        {(answer) => {
          const { currencies } = answer.data;
          if (currencies.length === 0) return <EmptyState title="Nothing needs you" icon="check">No subscription is past due or set to cancel.</EmptyState>;
          const currency = picked && currencies.includes(picked) ? picked : currencies[0]!;
          return (
            <div data-testid="subscription-lists" data-currency={currency}>
              <CurrencyTabs currencies={currencies} value={currency} onChange={setPicked} label="Currency">
                <SubscriptionList title="Past due" testId="past-due" rows={answer.data.pastDue.filter((s) => s.currency === currency)} dateLabel="Next attempt" dateOf={(s) => s.nextChargeAt ?? s.currentPeriodEnd} locale={locale} write={write} />
                <SubscriptionList title="Canceling" testId="canceling" rows={answer.data.canceling.filter((s) => s.currency === currency)} dateLabel="Ends" dateOf={(s) => s.currentPeriodEnd} locale={locale} write={write} />
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
  return (
    <Card title={`${title} (${rows.length})`} flush className="subscription-card">
      {rows.length === 0 ? (
        <EmptyState title="None in this currency" icon="check" />
      ) : (
        <div className="table-scroll">
          <table className="data-table subscription-table" aria-label={title} data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Plan</th>
                <th scope="col" className="num">Amount</th>
                <th scope="col">{dateLabel}</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    {!s.canceling && (
                      <Button size="sm" variant="ghost" aria-label={`Cancel at period end: ${s.memberName}'s subscription`} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: true, seenUpdatedAt: s.updatedAt })}>
                        Cancel at period end
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" aria-label={`Cancel now: ${s.memberName}'s subscription`} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: false, seenUpdatedAt: s.updatedAt })}>
                      Cancel now
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
