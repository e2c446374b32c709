// Sales, subscriptions and learning for the picked range. Each currency has its own tab (never summed);
// every chart has its table one click away.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SalesReport, SubscriptionsOverview } from '../../../shared/model/analytics';
import type { LearningReport } from '../../../shared/model/learning';
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
import { RangeProblem } from '../common/RangeProblem';
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useRangeInstants, useRangeStore } from '../common/range-store';
import { comparesWithLastYear, defaultInterval, previousInstants } from '../common/range';
import { formatCount, formatDate, formatDateTime, formatMoney, formatPercent, relativeChange, type Locale } from '../../lib/format';
import { CurrencyTabs } from './CurrencyTabs';
import { useCurrencyPick } from './use-currency-pick';
import { SyncProgress } from './SyncProgress';
import { useAccountProgress } from '../../data/progress';
import { ordersChart, partialBucket, salesChart, salesTiles } from './sales-view';

// Each view says what it compares with, and only promises what it shows.
const VIEWS = [
  { id: 'sales', label: 'Sales', description: 'Sales in the range, against the previous period and, for ranges under a year, the same days last year.' },
  { id: 'subscriptions', label: 'Subscriptions', description: 'MRR and subscribers as of now; new and churned subscribers in the range, against the previous period.' },
  { id: 'learning', label: 'Learning', description: 'Enrollments and completions in the range, against the previous period; students active in the 30 days up to its end.' },
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
  const { range, problem } = useRangeInstants(locale.timeZone);
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const description = VIEWS.find((v) => v.id === view)?.description;
  return (
    <Page title="Analytics" description={description} actions={<RangePicker value={range} onChange={setRange} timeZone={locale.timeZone} onProblem={setProblem} />}>
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
      {problem ? (
        <RangeProblem problem={problem} />
      ) : (
        <>
          {view === 'sales' && <SalesView locale={locale} />}
          {view === 'subscriptions' && <SubscriptionsView locale={locale} />}
          {view === 'learning' && <LearningView locale={locale} />}
        </>
      )}
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
  const progress = useAccountProgress(account?.id ?? null);
  const syncing = query.isFetching ? progress : null;
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
              <option key={c.courseId} value={c.courseId}>
                {c.title}
              </option>
            ))}
        </SelectField>
        <FigureAge answer={query.data} />
      </div>
      {/* A platform without the report: the figures wait on the engine's sync, shown instead of a bare spinner. */}
      {syncing && <SyncProgress progress={syncing} locale={locale} what="the sales figures" />}
      {!(syncing && query.data === undefined) && (
        <QueryState query={query} what="the sales report" label="sales">
          {(answer) => <SalesBody report={answer.data} locale={locale} lastYear={comparesWithLastYear(range)} />}
        </QueryState>
      )}
    </section>
  );
}

function SalesBody({ report, locale, lastYear }: { report: SalesReport; locale: Locale; lastYear: boolean }) {
  const { currencies, entry, pick } = useCurrencyPick(report.currencies);
  // The period still in progress (today, this week…) holds only what happened so far.
  const partial = entry ? partialBucket(entry.series, report.to, Date.now()) : -1;
  const revenue = useMemo(() => (entry ? salesChart(entry, report.interval, locale, partial) : null), [entry, report.interval, locale, partial]);
  const orders = useMemo(() => (entry ? ordersChart(entry, report.interval, locale, partial) : null), [entry, report.interval, locale, partial]);
  if (!entry || !revenue || !orders) return <EmptyState title="No sales in this range">Pick a longer range or another course.</EmptyState>;
  const partialNote =
    partial >= 0 ? (
      <p className="chart-note" data-testid="partial-period">
        {revenue.categories[partial]?.replace(/ \(so far\)$/, '')} is not over yet: its {report.interval === 'day' ? 'day' : report.interval} shows only the sales so far.
      </p>
    ) : null;
  return (
    <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label="Currency">
      <div className="tiles" data-testid="sales-tiles" data-currency={entry.currency}>
        {salesTiles(entry, locale).map((tile) => (
          <div key={tile.key} data-tile={tile.key} data-value={entry.current[tile.key]} className="tile-wrap">
            <StatTile
              label={tile.label}
              value={tile.value}
              delta={tile.delta}
              deltaLabel="vs previous period"
              lowerIsBetter={tile.lowerIsBetter}
              hint={!lastYear ? undefined : tile.yearDelta === null ? 'none a year before' : `${describeDelta(tile.yearDelta, tile.lowerIsBetter, locale.locale).text} vs last year`}
            />
          </div>
        ))}
      </div>
      <div className="chart-row">
        <Card>
          <Chart spec={revenue} />
          {partialNote}
        </Card>
        <Card>
          <Chart spec={orders} />
          {partialNote}
        </Card>
      </div>
    </CurrencyTabs>
  );
}

function SubscriptionsView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { from, to } = useRangeInstants(locale.timeZone);
  const query = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  // New and churned subscribers are counted over the range, so they compare with the period before it.
  const before = previousInstants({ from, to });
  const previous = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, ...before, timeZone: locale.timeZone } : null);
  const progress = useAccountProgress(account?.id ?? null);
  const syncing = query.isFetching ? progress : null;
  return (
    <section aria-label="Subscriptions" className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      {syncing && <SyncProgress progress={syncing} locale={locale} what="the subscription figures" />}
      {!(syncing && query.data === undefined) && (
        <QueryState query={query} what="the subscriptions report" label="subscriptions">
          {(answer) => <SubscriptionsBody overview={answer.data} previous={previous.data?.data.report} locale={locale} />}
        </QueryState>
      )}
    </section>
  );
}

function SubscriptionsBody({ overview, previous, locale }: { overview: SubscriptionsOverview; previous: SubscriptionsOverview['report'] | undefined; locale: Locale }) {
  const { currencies, entry, pick } = useCurrencyPick(overview.report.currencies);
  const before = previous?.currencies.find((c) => c.currency === entry?.currency);
  // Each currency tab lists its own subscriptions: amounts of two currencies never share a list.
  const pastDue = useMemo(() => overview.pastDue.filter((s) => s.currency === entry?.currency), [overview.pastDue, entry?.currency]);
  const canceling = useMemo(() => overview.canceling.filter((s) => s.currency === entry?.currency), [overview.canceling, entry?.currency]);
  const spec = useMemo<ChartSpec | null>(
    () =>
      entry
        ? {
            kind: 'bar',
            // The title says each bar's period: three are as of now, two count the range.
            title: `Subscribers (${entry.currency}): new and churned in the range, the others now`,
            categoryLabel: 'Figure',
            categories: ['Active', 'New', 'Churned', 'Past due', 'Canceling'],
            series: [{ name: 'Subscribers', values: [entry.activeSubscribers, entry.newSubscribers, entry.churnedSubscribers, entry.pastDue, entry.canceling] }],
            formatValue: (v) => formatCount(v, locale.locale),
            integer: true,
          }
        : null,
    [entry, locale],
  );
  if (!entry || !spec) return <EmptyState title="No subscriptions yet" />;
  return (
    <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label="Currency">
      <div className="tiles" data-testid="subscription-tiles" data-currency={entry.currency}>
        <div className="tile-wrap" data-tile="mrr" data-value={entry.mrr}><StatTile label="MRR" value={formatMoney(entry.mrr, entry.currency, locale.locale)} hint="as of now" /></div>
        <div className="tile-wrap" data-tile="active" data-value={entry.activeSubscribers}><StatTile label="Active subscribers" value={formatCount(entry.activeSubscribers, locale.locale)} hint="as of now" /></div>
        <div className="tile-wrap" data-tile="new" data-value={entry.newSubscribers} data-previous={before?.newSubscribers}>
          <StatTile label="New" value={formatCount(entry.newSubscribers, locale.locale)} delta={before ? relativeChange(entry.newSubscribers, before.newSubscribers) : null} deltaLabel="vs previous period" />
        </div>
        <div className="tile-wrap" data-tile="churned" data-value={entry.churnedSubscribers} data-previous={before?.churnedSubscribers}>
          <StatTile
            label="Churned"
            value={formatCount(entry.churnedSubscribers, locale.locale)}
            delta={before ? relativeChange(entry.churnedSubscribers, before.churnedSubscribers) : null}
            deltaLabel="vs previous period"
            lowerIsBetter
            hint={`churn rate ${formatPercent(entry.churnRate, locale.locale)}`}
          />
        </div>
      </div>
      <div className="chart-row">
        <Card>
          <Chart spec={spec} />
        </Card>
        <SubscriptionList title={`Past due, ${entry.currency} (${pastDue.length})`} rows={pastDue} locale={locale} dateLabel="Next charge" dateOf={(s) => s.nextChargeAt ?? s.currentPeriodEnd} testId="past-due" />
      </div>
      <SubscriptionList title={`Canceling, ${entry.currency} (${canceling.length})`} rows={canceling} locale={locale} dateLabel="Ends" dateOf={(s) => s.currentPeriodEnd} testId="canceling" />
    </CurrencyTabs>
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
                  <th scope="row">{s.memberName}</th>
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
  const before = previousInstants({ from, to });
  const previous = useDataQuery('data.learning.report', account ? { accountId: account.id, ...before, timeZone: locale.timeZone } : null);
  return (
    <section aria-label="Learning" className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what="the learning report" label="learning">
        {(answer) => <LearningBody report={answer.data} previous={previous.data?.data} locale={locale} />}
      </QueryState>
    </section>
  );
}

// Active students get no "vs previous period": the platform keeps only each learner's last activity, so an
// earlier window misses everyone active since, and the change would show growth that is not there.
const LEARNING_TILES = [
  { key: 'enrollments', label: 'Enrollments', kind: 'count', compare: true },
  { key: 'activeStudents', tile: 'active', label: 'Active students', kind: 'count', compare: false },
  { key: 'completions', label: 'Completions', kind: 'count', compare: true },
  { key: 'completionRate', tile: 'completion_rate', label: 'Completion rate', kind: 'rate', compare: true },
] as const;

function LearningBody({ report, previous, locale }: { report: LearningReport; previous: LearningReport | undefined; locale: Locale }) {
  // Active students count the 30 days that end with the range (docs/business-api.md).
  const activeUntil = formatDate(new Date(Date.parse(report.to) - 1).toISOString(), locale);
  const hints: Record<(typeof LEARNING_TILES)[number]['key'], string | undefined> = {
    enrollments: undefined,
    activeStudents: `in the 30 days to ${activeUntil}`,
    completions: undefined,
    completionRate: 'of the enrollments in the range',
  };
  const top = useMemo(() => [...report.courses].sort((a, b) => b.enrollments - a.enrollments || a.title.localeCompare(b.title)).slice(0, 10), [report]);
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'hbar',
      title: 'Top courses by enrollments in the range',
      categoryLabel: 'Course',
      categories: top.map((c) => c.title),
      series: [
        { name: 'Enrollments', values: top.map((c) => c.enrollments) },
        { name: 'Active students', values: top.map((c) => c.activeStudents) },
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
        {LEARNING_TILES.map(({ key, label, kind, compare, ...named }) => (
          <div key={key} className="tile-wrap" data-tile={'tile' in named ? named.tile : key} data-value={report[key]} data-previous={compare ? previous?.[key] : undefined}>
            <StatTile
              label={label}
              value={kind === 'rate' ? formatPercent(report[key], locale.locale) : formatCount(report[key], locale.locale)}
              delta={compare && previous ? relativeChange(report[key], previous[key]) : null}
              deltaLabel="vs previous period"
              hint={hints[key]}
            />
          </div>
        ))}
      </div>
      <Card>{top.length === 0 ? <EmptyState title="No learning activity in this range" /> : <Chart spec={spec} height={Math.max(240, top.length * 40)} />}</Card>
    </>
  );
}
