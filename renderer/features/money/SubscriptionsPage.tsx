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
import { INTERVAL_LABELS } from '../../../shared/state-labels';
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
  const { t } = useTranslation(['money', 'common']);
  return (
    <Page title={t('common:dashboards.titles.subscriptions')} description={t('subscriptions.description')} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what={t('subscriptions.what')} label={t('subscriptions.label')}>
        {(answer) => {
          if (currency === null) return <EmptyState title={t('subscriptions.nothing')} icon="check">{t('subscriptions.nothingHint')}</EmptyState>;
          return (
            <div data-testid="subscription-lists" data-currency={currency}>
              <CurrencyTabs currencies={currencies} value={currency} onChange={choose} label={t('subscriptions.currency')}>
                {show !== 'canceling' && <SubscriptionList title={t('subscriptions.pastDue')} testId="past-due" rows={answer.data.pastDue.filter((s) => s.currency === currency)} dateLabel={t('subscriptions.columns.nextAttempt')} dateOf={(s) => s.nextChargeAt ?? s.currentPeriodEnd} locale={locale} write={write} />}
                {show !== 'pastDue' && <SubscriptionList title={t('subscriptions.canceling')} testId="canceling" rows={answer.data.canceling.filter((s) => s.currency === currency)} dateLabel={t('subscriptions.columns.ends')} dateOf={(s) => s.currentPeriodEnd} locale={locale} write={write} />}
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
  const pendingOf = (id: string) => pendingFor('subscription', id);
  const { t } = useTranslation('money', { keyPrefix: 'subscriptions' });
  return (
    <Card title={t('listTitle', { title, count: formatCount(rows.length, locale.locale) })} flush className="subscription-card">
      {rows.length === 0 ? (
        <EmptyState title={t('noneInCurrency')} icon="check" />
      ) : (
        <DataTable
          label={title}
          testId={testId}
          className="subscription-table"
          columns={[{ label: t('columns.member') }, { label: t('columns.plan') }, { label: t('columns.amount'), numeric: true }, { label: dateLabel }, { label: t('columns.actions'), hidden: true }]}
        >
          {rows.map((s) => {
            const pending = pendingOf(s.id);
            return (
              <tr key={s.id} data-subscription-id={s.id}>
                <th scope="row">
                  <Link to={`/subscriptions/members/${encodeURIComponent(s.memberId)}`}>{s.memberName}</Link>
                </th>
                <td>{s.planName ?? <span className="cell-muted">{s.planId}</span>}</td>
                <td className="num cell-nowrap">
                  {t('perInterval', { amount: formatMoney(s.amount, s.currency, locale.locale), interval: INTERVAL_LABELS[s.interval] })}
                </td>
                <td className="cell-nowrap">{formatDateTime(dateOf(s), locale)}</td>
                <td className="row-actions">
                  {pending ? (
                    <PendingWrite item={pending} />
                  ) : (
                    <>
                      {!s.canceling && (
                        <Button size="sm" variant="ghost" aria-label={t('cancelAtPeriodEndLabel', { member: s.memberName })} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: true, seenUpdatedAt: s.updatedAt })}>
                          {t('cancelAtPeriodEnd')}
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" aria-label={t('cancelNowLabel', { member: s.memberName })} onClick={() => void write.run({ kind: 'subscription.cancel', subscriptionId: s.id, memberName: s.memberName, atPeriodEnd: false, seenUpdatedAt: s.updatedAt })}>
                        {t('cancelNow')}
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
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
  const { t } = useTranslation('money', { keyPrefix: 'member' });
  return (
    <Dialog
      open
      onClose={close}
      title={member?.name ?? t('title')}
      actions={
        <Button variant="primary" onClick={close}>
          {t('close')}
        </Button>
      }
    >
      <QueryState query={query} what={t('what')} label={t('label')}>
        {() =>
          member ? (
            <div data-testid="member-panel">
              <dl className="member-facts">
                <dt>{t('email')}</dt>
                <dd>{member.email}</dd>
                <dt>{t('since')}</dt>
                <dd>{formatDateTime(member.joinedAt, locale)}</dd>
                {member.tags.length > 0 && (
                  <>
                    <dt>{t('tags')}</dt>
                    <dd>{member.tags.join(t('tagSeparator'))}</dd>
                  </>
                )}
              </dl>
              <SubscriptionsTable subscriptions={subscriptions} locale={locale} />
              <p>
                <Link to={`/orders?q=${encodeURIComponent(member.email)}`}>{t('orders')}</Link>
              </p>
            </div>
          ) : null
        }
      </QueryState>
    </Dialog>
  );
}
