// Today: the first screen after sign-in. Sales per currency (never added across currencies) against the same
// weekday a week before and the same days of last month, and what needs the admin, each count a link to the
// screen that lists exactly those records. Everything from data.today (shared/ipc/today.ts), each part with its
// age; the background sync's data.invalidated refreshes it like every dashboard.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { NeedKind, TodayNeed, TodayOverview } from '../../../shared/ipc/today';
import { TODAY_COMPARISONS, type TodayPeriod } from '../../../shared/today-periods';
import { Card } from '../../components/Card';
import { DataAge } from '../../components/DataAge';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { formatChange, formatCount, formatDateTime, formatMoney, relativeChange, type Locale } from '../../lib/format';
import { useAccounts, useActiveAccount } from '../../state/active-account';
import { useBusinessTime } from '../../state/business-time';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { useLocale } from '../common/use-locale';
import { AllSchools } from './AllSchools';
import { useTodayVisits } from './use-visits';
import './today.css';

export function TodayPage() {
  return (
    <DashboardFrame dashboard="today">
      <TodayDashboard />
    </DashboardFrame>
  );
}

function TodayDashboard() {
  const { t } = useTranslation('today');
  const account = useActiveAccount();
  const locale = useLocale();
  // The business zone's rule (Settings › Time zone), named by the frame: the service follows the same setting.
  const business = useBusinessTime();
  const accounts = useAccounts();
  // With several schools, a switch shows them all side by side (kept in the address: ?schools=all).
  const [params, setParams] = useSearchParams();
  const all = accounts.length > 1 && params.get('schools') === 'all';
  const query = useInvokeQuery('data.today', { accountId: account?.id ?? '', fallbackTimeZone: locale.timeZone }, { enabled: account !== null && !all });
  const overview = query.data;
  useTodayVisits(account && !all && overview ? [{ accountId: account.id, shownAt: query.dataUpdatedAt }] : []);
  const switcher = accounts.length > 1 && (
    <div className="chips chips-inline" role="group" aria-label={t('schools.show')}>
      {([false, true] as const).map((on) => (
        <button key={String(on)} type="button" className={`chip${all === on ? ' is-on' : ''}`} aria-pressed={all === on} onClick={() => setParams(on ? { schools: 'all' } : {}, { replace: true })}>
          {t(on ? 'schools.all' : 'schools.one')}
        </button>
      ))}
    </div>
  );
  if (all) {
    return (
      <Page title={t('title')} description={t('description')} actions={switcher}>
        <AllSchools accounts={accounts} fallbackTimeZone={locale.timeZone} locale={locale.locale} onOpen={() => setParams({}, { replace: true })} />
      </Page>
    );
  }
  return (
    <Page
      title={t('title')}
      description={t('description')}
      actions={switcher}
      meta={
        overview && (
          <>
            {/* The frame names the business zone once in this header; Today's figures are in it too, unless the
                service had to fall back to another zone (the school's record unreadable there): then it says so. */}
            {overview.timeZone !== business.timeZone && (
              <span className="meta-line" data-testid="today-zone">
                {overview.schoolZone ? t('zone', { zone: overview.timeZone }) : t('zoneComputer', { zone: overview.timeZone })}
              </span>
            )}
            <span className="meta-line" data-testid="today-last-visit" data-last-visit={overview.lastVisit ?? ''}>
              {overview.lastVisit ? t('lastVisit', { time: formatDateTime(overview.lastVisit, { locale: locale.locale, timeZone: overview.timeZone }) }) : t('firstVisit')}
            </span>
          </>
        )
      }
    >
      <QueryState query={query} what={t('title')} label={t('title')}>
        {(data) => {
          const zoned: Locale = { locale: locale.locale, timeZone: data.timeZone };
          return (
            <div className="today-grid" data-testid="today-overview" data-time-zone={data.timeZone}>
              <Sales overview={data} locale={zoned} />
              <Needs overview={data} locale={zoned} />
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}

function weekdayOf(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale.locale, { weekday: 'long', timeZone: locale.timeZone }).format(Date.parse(iso));
}

function Sales({ overview, locale }: { overview: TodayOverview; locale: Locale }) {
  const { t } = useTranslation('today');
  const sales = overview.sales;
  const label = (period: TodayPeriod) => t(`periods.${period}`, { weekday: weekdayOf(overview.periods[period].from, locale) });
  return (
    <Card title={t('sales.heading')} actions={sales && <FigureAge answer={sales} />} className="today-sales">
      {!sales ? (
        <EmptyState title={t('sales.unavailable')} icon="info" />
      ) : sales.currencies.length === 0 ? (
        <EmptyState title={t('sales.none')} icon="info" />
      ) : (
        sales.currencies.map((row) => (
          <section className="today-currency" key={row.currency} aria-label={t('sales.currency', { currency: row.currency })}>
            <h3 className="today-currency-title">{t('sales.currency', { currency: row.currency })}</h3>
            <div className="table-scroll">
              <table className="data-table today-sales-table" aria-label={t('sales.currency', { currency: row.currency })} data-currency={row.currency}>
                <thead>
                  <tr>
                    <th scope="col">{t('sales.period')}</th>
                    <th scope="col" className="num">{t('sales.orders')}</th>
                    <th scope="col" className="num">{t('sales.net')}</th>
                    <th scope="col" className="num">{t('sales.comparedWith')}</th>
                    <th scope="col" className="num">{t('sales.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {TODAY_COMPARISONS.map(([period, base]) => {
                    const now = row.periods[period];
                    const then = row.periods[base];
                    const change = relativeChange(now.net, then.net);
                    return (
                      <tr key={period} data-period={period} data-base={base}
                        data-from={overview.periods[period].from} data-to={overview.periods[period].to}
                        data-base-from={overview.periods[base].from} data-base-to={overview.periods[base].to}
                        data-orders={now.orders} data-net={now.net} data-base-orders={then.orders} data-base-net={then.net}>
                        <th scope="row">
                          {label(period)}
                          <span className="cell-sub">{label(base)}</span>
                        </th>
                        <td className="num">{formatCount(now.orders, locale.locale)}</td>
                        <td className="num cell-nowrap">{formatMoney(now.net, row.currency, locale.locale)}</td>
                        <td className="num cell-nowrap cell-muted">
                          {t('sales.ordersShort', { count: then.orders, formatted: formatCount(then.orders, locale.locale) })} · {formatMoney(then.net, row.currency, locale.locale)}
                        </td>
                        <td className="num cell-nowrap">{change === null ? '–' : formatChange(change, locale.locale)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </Card>
  );
}

function needLabel(t: ReturnType<typeof useTranslation<'today'>>['t'], kind: NeedKind, overview: TodayOverview, locale: Locale): string {
  switch (kind) {
    case 'refunds':
      return t('needs.refunds', { since: formatDateTime(overview.since, locale) });
    default:
      return t(`needs.${kind}`);
  }
}

function Needs({ overview, locale }: { overview: TodayOverview; locale: Locale }) {
  const { t } = useTranslation('today');
  return (
    <Card title={t('needs.heading')} className="today-needs">
      <ul className="today-need-list">
        {overview.needs.map((need) => (
          <NeedRow key={need.kind} need={need} label={needLabel(t, need.kind, overview, locale)} locale={locale} />
        ))}
      </ul>
    </Card>
  );
}

function NeedRow({ need, label, locale }: { need: TodayNeed; label: string; locale: Locale }) {
  const { t } = useTranslation('today');
  const known = need.count !== null;
  const body = (
    <>
      <span className={`today-need-count${known && need.count! > 0 ? ' is-due' : ''}`}>{known ? formatCount(need.count!, locale.locale) : '–'}</span>
      <span className="today-need-label">
        {label}
        {need.seatsLeft !== undefined && need.seatsLeft !== null && <span className="cell-muted"> · {t('needs.seatsLeft', { count: need.seatsLeft })}</span>}
        {!known && <span className="cell-muted"> · {t('needs.unknown')}</span>}
      </span>
      {need.fresh ? <span className="badge badge-info today-need-fresh">{t('needs.fresh', { count: need.fresh })}</span> : null}
    </>
  );
  return (
    <li className="today-need" data-need={need.kind} data-count={need.count ?? ''} data-fresh={need.fresh ?? ''}>
      {known ? (
        <Link to={need.route} className="today-need-link">{body}</Link>
      ) : (
        <span className="today-need-link">{body}</span>
      )}
      {need.fetchedAt && <DataAge updatedAt={need.fetchedAt} offline={need.fromCache} />}
    </li>
  );
}
