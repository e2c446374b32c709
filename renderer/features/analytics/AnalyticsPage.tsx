// Sales, subscriptions and learning for the picked range. Each currency has its own tab (never summed);
// every chart has its table one click away.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SalesReport } from '../../../shared/platform/resources';
import type { SubscriptionsOverview } from '../../../shared/ipc/data';
import type { LearningReport } from '../../../shared/platform/resources';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { StatTile } from '../../components/StatTile';
import { EmptyState } from '../../components/EmptyState';
import { describeDelta } from '../../lib/delta';
import { Chart } from '../../charts/LazyChart';
import type { ChartSpec } from '../../charts/chart-spec';
import { useActiveAccount } from '../../state/active-account';
import { useDataQuery } from '../../data/hooks';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { RangePicker } from '../common/RangePicker';
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useRangeInstants, useRangeStore } from '../common/range-store';
import { defaultInterval } from '../common/range';
import { formatCount, formatDateTime, formatMoney, formatPercent, type Locale } from '../common/format';
import { CurrencyTabs } from './CurrencyTabs';
import { useCurrencyPick } from './use-currency-pick';
import { ordersChart, salesChart, salesTiles } from './sales-view';

const VIEWS = [
  { id: 'sales', label: 'Sales' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'learning', label: 'Learning' },
] as const;
type View = (typeof VIEWS)[number]['id'];

export function AnalyticsPage() {
  return (
    <DashboardFrame dashboard="analytics">
      <AnalyticsDashboard />
    </DashboardFrame>
  );
}

function AnalyticsDashboard() {
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.some((v) => v.id === params.get('view')) ? (params.get('view') as View) : 'sales';
  const locale = useLocale();
  const { range } = useRangeInstants(locale.timeZone);
  const setRange = useRangeStore((s) => s.setRange);
  return (
    <Page title="Analytics" description="Sales, subscriptions and learning, against the previous period and last year." actions={<RangePicker value={range} onChange={setRange} timeZone={locale.timeZone} />}>
      <nav className="tabs" aria-label="Analytics views">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            className={`tab${view === v.id ? ' is-active' : ''}`}
            aria-current={view === v.id ? 'page' : undefined}
            onClick={() => setParams({ view: v.id })}
          >
            {v.label}
          </button>
        ))}
      </nav>
      {view === 'sales' && <SalesView locale={locale} />}
      {view === 'subscriptions' && <SubscriptionsView locale={locale} />}
      {view === 'learning' && <LearningView locale={locale} />}
    </Page>
  );
}

function SalesView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { range, from, to } = useRangeInstants(locale.timeZone);
  const [interval, setInterval] = useState<'day' | 'week' | 'month' | 'auto'>('auto');
  const [courseId, setCourseId] = useState('');
  const step = interval === 'auto' ? defaultInterval(range) : interval;
  const query = useDataQuery(
    'data.sales.report',
    account ? { accountId: account.id, from, to, interval: step, timeZone: locale.timeZone, ...(courseId ? { courseId } : {}) } : null,
  );
  // The learning report names every course: the course filter needs no other scope than analytics:read.
  const courses = useDataQuery('data.learning.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  return (
    <section aria-label="Sales" className="dashboard-grid">
      <div className="toolbar">
        <SelectField label="By" value={interval} onChange={(v) => setInterval(v as typeof interval)}>
            <option value="auto">Auto ({step})</option>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
        </SelectField>
        <SelectField label="Course" value={courseId} onChange={setCourseId}>
            <option value="">All courses</option>
            {courses.data?.data.courses.map((c) => (
              <option key={c.course_id} value={c.course_id}>
                {c.title}
              </option>
            ))}
        </SelectField>
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what="the sales report" label="sales">
        {(answer) => <SalesBody report={answer.data} locale={locale} />}
      </QueryState>
    </section>
  );
}

function SalesBody({ report, locale }: { report: SalesReport; locale: Locale }) {
  const { currencies, entry, pick } = useCurrencyPick(report.currencies);
  const revenue = useMemo(() => (entry ? salesChart(entry, report.interval, locale) : null), [entry, report.interval, locale]);
  const orders = useMemo(() => (entry ? ordersChart(entry, report.interval, locale) : null), [entry, report.interval, locale]);
  if (!entry || !revenue || !orders) return <EmptyState title="No sales in this range">Pick a longer range or another course.</EmptyState>;
  return (
    <>
      <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label="Currency" />
      <div className="tiles" data-testid="sales-tiles" data-currency={entry.currency}>
        {salesTiles(entry, locale).map((tile) => (
          <div key={tile.key} data-tile={tile.key} data-value={entry.current[tile.key]} className="tile-wrap">
            <StatTile
              label={tile.label}
              value={tile.value}
              delta={tile.delta}
              deltaLabel="vs previous period"
              lowerIsBetter={tile.lowerIsBetter}
              hint={tile.yearDelta === null ? 'none a year before' : `${describeDelta(tile.yearDelta, tile.lowerIsBetter).text} vs last year`}
            />
          </div>
        ))}
      </div>
      <div className="chart-row">
        <Card>
          <Chart spec={revenue} />
        </Card>
        <Card>
          <Chart spec={orders} />
        </Card>
      </div>
    </>
  );
}

function SubscriptionsView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { from, to } = useRangeInstants(locale.timeZone);
  const query = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  return (
    <section aria-label="Subscriptions" className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what="the subscriptions report" label="subscriptions">
        {(answer) => <SubscriptionsBody overview={answer.data} locale={locale} />}
      </QueryState>
    </section>
  );
}

function SubscriptionsBody({ overview, locale }: { overview: SubscriptionsOverview; locale: Locale }) {
  const { currencies, entry, pick } = useCurrencyPick(overview.report.currencies);
  const spec = useMemo<ChartSpec | null>(
    () =>
      entry
        ? {
            kind: 'bar',
            title: `Subscribers in the range (${entry.currency})`,
            categoryLabel: 'Figure',
            categories: ['Active', 'New', 'Churned', 'Past due', 'Canceling'],
            series: [{ name: 'Subscribers', values: [entry.active_subscribers, entry.new_subscribers, entry.churned_subscribers, entry.past_due, entry.canceling] }],
            formatValue: (v) => formatCount(v, locale.locale),
            integer: true,
          }
        : null,
    [entry, locale],
  );
  if (!entry || !spec) return <EmptyState title="No subscriptions yet" />;
  return (
    <>
      <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label="Currency" />
      <div className="tiles" data-testid="subscription-tiles" data-currency={entry.currency}>
        <div className="tile-wrap" data-tile="mrr" data-value={entry.mrr}><StatTile label="MRR" value={formatMoney(entry.mrr, entry.currency, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="active" data-value={entry.active_subscribers}><StatTile label="Active subscribers" value={formatCount(entry.active_subscribers, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="new" data-value={entry.new_subscribers}><StatTile label="New" value={formatCount(entry.new_subscribers, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="churned" data-value={entry.churned_subscribers}>
          <StatTile label="Churned" value={formatCount(entry.churned_subscribers, locale.locale)} hint={`churn rate ${formatPercent(entry.churn_rate, locale.locale)}`} />
        </div>
      </div>
      <div className="chart-row">
        <Card>
          <Chart spec={spec} />
        </Card>
        <SubscriptionList title={`Past due (${overview.pastDue.length})`} rows={overview.pastDue} locale={locale} dateLabel="Next charge" dateOf={(s) => s.next_charge_at ?? s.current_period_end} testId="past-due" />
      </div>
      <SubscriptionList title={`Canceling (${overview.canceling.length})`} rows={overview.canceling} locale={locale} dateLabel="Ends" dateOf={(s) => s.current_period_end} testId="canceling" />
    </>
  );
}

type SubscriptionRow = SubscriptionsOverview['pastDue'][number];

function SubscriptionList({ title, rows, locale, dateLabel, dateOf, testId }: {
  title: string;
  rows: SubscriptionRow[];
  locale: Locale;
  dateLabel: string;
  dateOf(row: SubscriptionRow): string;
  testId: string;
}) {
  return (
    <Card title={title} flush>
      {rows.length === 0 ? (
        <EmptyState title="None right now" />
      ) : (
        <div className="table-scroll table-scroll-short">
          <table className="data-table" aria-label={title} data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col" className="num">Amount</th>
                <th scope="col">{dateLabel}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.member_name}</th>
                  <td className="num">
                    {formatMoney(s.amount, s.currency, locale.locale)} / {s.interval}
                  </td>
                  <td>{formatDateTime(dateOf(s), locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function LearningView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { from, to } = useRangeInstants(locale.timeZone);
  const query = useDataQuery('data.learning.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  return (
    <section aria-label="Learning" className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what="the learning report" label="learning">
        {(answer) => <LearningBody report={answer.data} locale={locale} />}
      </QueryState>
    </section>
  );
}

function LearningBody({ report, locale }: { report: LearningReport; locale: Locale }) {
  const top = useMemo(() => [...report.courses].sort((a, b) => b.enrollments - a.enrollments || a.title.localeCompare(b.title)).slice(0, 10), [report]);
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'hbar',
      title: 'Top courses by enrollments in the range',
      categoryLabel: 'Course',
      categories: top.map((c) => c.title),
      series: [
        { name: 'Enrollments', values: top.map((c) => c.enrollments) },
        { name: 'Active students', values: top.map((c) => c.active_students) },
        { name: 'Completions', values: top.map((c) => c.completions) },
      ],
      formatValue: (v) => formatCount(v, locale.locale),
      integer: true,
    }),
    [top, locale],
  );
  return (
    <>
      <div className="tiles" data-testid="learning-tiles">
        <div className="tile-wrap" data-tile="enrollments" data-value={report.enrollments}><StatTile label="Enrollments" value={formatCount(report.enrollments, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="active" data-value={report.active_students}><StatTile label="Active students" value={formatCount(report.active_students, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="completions" data-value={report.completions}><StatTile label="Completions" value={formatCount(report.completions, locale.locale)} /></div>
        <div className="tile-wrap" data-tile="completion_rate" data-value={report.completion_rate}><StatTile label="Completion rate" value={formatPercent(report.completion_rate, locale.locale)} /></div>
      </div>
      <Card>{top.length === 0 ? <EmptyState title="No learning activity in this range" /> : <Chart spec={spec} height={Math.max(240, top.length * 40)} />}</Card>
    </>
  );
}
