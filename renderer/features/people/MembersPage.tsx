// Members (#/members): every subscriber with their membership plans and each subscription's state; a member
// opens in the Subscriptions page's member panel (#/subscriptions/members/:memberId).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INTERVAL_LABELS, SUBSCRIPTION_STATE_LABELS } from '../../../shared/state-labels';
import type { MemberView, SubscriptionView } from '../../../shared/model/money';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { formatCount, formatDateTime, formatMoney, type Locale } from '../../lib/format';
import './people.css';

const TONES: Partial<Record<SubscriptionView['state'], string>> = { active: 'status-ok', trialing: 'status-ok', past_due: 'status-warn', incomplete: 'status-warn' };

export function MembersPage() {
  return (
    <DashboardFrame dashboard="members">
      <MembersView />
    </DashboardFrame>
  );
}

function MembersView() {
  const account = useActiveAccount();
  const locale = useLocale();
  const { t } = useTranslation('people');
  const query = useInvokeQuery('people.members', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [text, setText] = useState('');
  return (
    <Page title={t('members.title')} description={t('members.description')} meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what={t('members.what')} label={t('members.label')}>
        {(answer) => <MembersTable members={answer.data.members} text={text} onText={setText} locale={locale} />}
      </QueryState>
    </Page>
  );
}

function MembersTable({ members, text, onText, locale }: { members: MemberView[]; text: string; onText(v: string): void; locale: Locale }) {
  const { t } = useTranslation('people');
  const columns: Column[] = [
    { label: t('members.columns.member') },
    { label: t('members.columns.plan') },
    { label: t('members.columns.state') },
    { label: t('members.columns.amount'), numeric: true },
    { label: t('members.columns.since') },
  ];
  const shown = useMemo(() => {
    const q = text.trim().toLocaleLowerCase(locale.locale);
    return q ? members.filter((m) => `${m.name} ${m.email}`.toLocaleLowerCase(locale.locale).includes(q)) : members;
  }, [members, text, locale.locale]);
  if (members.length === 0) return <EmptyState title={t('members.none')}>{t('members.noneHint')}</EmptyState>;
  return (
    <Card
      flush
      title={t('members.shown', { shown: formatCount(shown.length, locale.locale), total: formatCount(members.length, locale.locale) })}
      actions={
        <label className="inline-form">
          <span className="visually-hidden">{t('members.find')}</span>
          <input type="search" placeholder={t('members.findPlaceholder')} value={text} onChange={(e) => onText(e.target.value)} />
        </label>
      }
    >
      <DataTable label={t('members.title')} testId="members" columns={columns}>
            {shown.map((m) => {
              const subs = m.subscriptions.length > 0 ? m.subscriptions : [null];
              return subs.map((s, k) => (
                <tr key={`${m.id}:${s?.id ?? 'none'}`} data-member-id={m.id}>
                  {k === 0 && (
                    <th scope="row" rowSpan={subs.length}>
                      <Link to={`/subscriptions/members/${encodeURIComponent(m.id)}`}>{m.name}</Link>
                      <div className="muted">{m.email}</div>
                    </th>
                  )}
                  <td>{s ? (s.planName ?? s.planId) : '—'}</td>
                  <td>
                    {s ? (
                      <span className={`status-pill ${TONES[s.state] ?? ''}`}>
                        {SUBSCRIPTION_STATE_LABELS[s.state]}
                        {s.canceling ? t('members.canceling') : ''}
                      </span>
                    ) : (
                      t('members.noSubscription')
                    )}
                  </td>
                  <td className="num cell-nowrap">{s ? t('members.perInterval', { amount: formatMoney(s.amount, s.currency, locale.locale), interval: INTERVAL_LABELS[s.interval] }) : ''}</td>
                  {k === 0 && (
                    <td className="cell-nowrap" rowSpan={subs.length}>
                      {formatDateTime(m.joinedAt, locale)}
                    </td>
                  )}
                </tr>
              ));
            })}
      </DataTable>
    </Card>
  );
}
