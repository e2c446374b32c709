// Today for every connected school side by side: one row a school (its sales today and this month so far per
// currency, how many things need the admin, its own age), then the totals per currency over the schools (never
// added across currencies). Each row is that school's own data.today, so it is exactly as fresh as its own sync;
// a school whose platform cannot be reached says so and keeps its last figures with their age.
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TodayOverview } from '../../../shared/ipc/today';
import type { AccountView } from '../../../shared/model/accounts';
import { Card } from '../../components/Card';
import { DataAge } from '../../components/DataAge';
import { bridgeQueryKey, invoke } from '../../lib/bridge-hooks';
import { formatCount, formatMoney } from '../../lib/format';
import { useSetActiveAccount } from '../../state/active-account';
import { schoolTotals, type SchoolSales } from './school-totals';
import { useTodayVisits } from './use-visits';

interface Props {
  accounts: readonly AccountView[];
  fallbackTimeZone: string;
  locale: string;
  /** Shows one school's Today. */
  onOpen(): void;
}

const salesOf = (overview: TodayOverview | undefined): SchoolSales | null =>
  overview?.sales ? overview.sales.currencies.map((c) => ({ currency: c.currency, today: c.periods.today, month: c.periods.monthToDate })) : null;

function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

export function AllSchools({ accounts, fallbackTimeZone, locale, onOpen }: Props) {
  const { t } = useTranslation('today');
  const setActive = useSetActiveAccount();
  const queries = useQueries({
    queries: accounts.map((account) => {
      const input = { accountId: account.id, fallbackTimeZone };
      return { queryKey: bridgeQueryKey('data.today', input), queryFn: () => invoke('data.today', input) };
    }),
  });
  // Looking at every school is a look at each one's Today.
  useTodayVisits(queries.map((q, i) => ({ accountId: accounts[i]!.id, shownAt: q.data ? q.dataUpdatedAt : 0 })));
  const totals = schoolTotals(queries.map((q) => salesOf(q.data)));
  const money = (amount: { net: number; orders: number }, currency: string) => (
    <span className="today-school-amount" data-currency={currency} data-net={amount.net} data-orders={amount.orders}>
      {formatMoney(amount.net, currency, locale)} <span className="cell-muted">· {t('sales.ordersShort', { count: amount.orders, formatted: formatCount(amount.orders, locale) })}</span>
    </span>
  );
  return (
    <Card flush title={t('schools.heading')}>
      <div className="table-scroll">
        <table className="data-table today-schools" aria-label={t('schools.heading')} data-testid="today-schools">
          <thead>
            <tr>
              <th scope="col">{t('schools.school')}</th>
              <th scope="col" className="num">{t('periods.today')}</th>
              <th scope="col" className="num">{t('periods.monthToDate')}</th>
              <th scope="col" className="num">{t('needs.heading')}</th>
              <th scope="col">{t('schools.age')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account, i) => {
              const query = queries[i]!;
              const overview = query.data;
              const sales = salesOf(overview);
              const needs = overview?.needs.reduce((n, need) => n + (need.count ?? 0), 0);
              return (
                <tr key={account.id} data-account-id={account.id} data-reached={overview ? String(overview.reached) : ''}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => { setActive(account.id); onOpen(); }}>
                      {account.school.name}
                    </button>
                    {/* Two schools may share a name: the platform's address tells them apart. */}
                    <span className="cell-sub">
                      {hostOf(account.issuer)}
                      {overview && ` · ${overview.timeZone}`}
                    </span>
                    {overview && !overview.reached && <span className="badge badge-warning today-school-unreached">{t('schools.unreached')}</span>}
                  </th>
                  <td className="num">{sales ? (sales.length === 0 ? '–' : sales.map((c) => <div key={c.currency}>{money(c.today, c.currency)}</div>)) : query.isError ? t('needs.unknown') : '…'}</td>
                  <td className="num">{sales ? (sales.length === 0 ? '–' : sales.map((c) => <div key={c.currency}>{money(c.month, c.currency)}</div>)) : query.isError ? t('needs.unknown') : '…'}</td>
                  <td className="num" data-needs={needs ?? ''}>{needs === undefined ? '–' : formatCount(needs, locale)}</td>
                  <td>{overview?.sales ? <DataAge updatedAt={overview.sales.fetchedAt} offline={!overview.reached || overview.sales.fromCache} /> : null}</td>
                </tr>
              );
            })}
          </tbody>
          {totals.length > 0 && (
            <tfoot>
              {totals.map((row) => (
                <tr key={row.currency} data-total-currency={row.currency}>
                  <th scope="row">{t('schools.total', { currency: row.currency })}</th>
                  <td className="num">{money(row.today, row.currency)}</td>
                  <td className="num">{money(row.month, row.currency)}</td>
                  <td />
                  <td />
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </Card>
  );
}
