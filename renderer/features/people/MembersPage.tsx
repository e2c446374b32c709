// Members (#/members): every subscriber with their membership plans and each subscription's state; a member
// opens in the Subscriptions page's member panel (#/subscriptions/members/:memberId).
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
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
import { formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { SUBSCRIPTION_STATE_LABELS } from '../money/SubscriptionsTable';
import './people.css';

const COLUMNS: Column[] = [{ label: 'Member' }, { label: 'Plan' }, { label: 'State' }, { label: 'Amount', numeric: true }, { label: 'Member since' }];
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
  const query = useInvokeQuery('people.members', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [text, setText] = useState('');
  return (
    <Page title="Members" description="Everyone who subscribes to a membership plan, with each subscription's state." meta={<FigureAge answer={query.data} />}>
      <QueryState query={query} what="the Members page" label="the members">
        {(answer) => <MembersTable members={answer.data.members} text={text} onText={setText} locale={locale} />}
      </QueryState>
    </Page>
  );
}

function MembersTable({ members, text, onText, locale }: { members: MemberView[]; text: string; onText(v: string): void; locale: Locale }) {
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return q ? members.filter((m) => `${m.name} ${m.email}`.toLowerCase().includes(q)) : members;
  }, [members, text]);
  if (members.length === 0) return <EmptyState title="No members yet">Nobody subscribes to a membership plan of this school.</EmptyState>;
  return (
    <Card
      flush
      title={`${shown.length} of ${members.length} members`}
      actions={
        <label className="inline-form">
          <span className="visually-hidden">Find a member</span>
          <input type="search" placeholder="Name or email" value={text} onChange={(e) => onText(e.target.value)} />
        </label>
      }
    >
      <DataTable label="Members" testId="members" columns={COLUMNS}>
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
                        {s.canceling ? ' · canceling' : ''}
                      </span>
                    ) : (
                      'No subscription'
                    )}
                  </td>
                  <td className="num cell-nowrap">{s ? `${formatMoney(s.amount, s.currency, locale.locale)} / ${s.interval}` : ''}</td>
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
