// Sales, subscriptions and learning for the picked range. Each currency has its own tab (never summed);
// every chart has its table one click away.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
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
import { DataTable } from '../common/DataTable';
import { RangePicker } from '../common/RangePicker';
import { RangeProblem } from '../common/RangeProblem';
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useDashboardRange, useRangeStore, type Period } from '../common/range-store';
import { defaultInterval } from '../../../shared/date-range';
import { versusDays } from '../common/range-words';
import { useShownCurrency } from '../common/use-shown-currency';
import { formatCount, formatDate, formatDateTime, formatDays, formatMoney, formatPercent, relativeChange, sortedByName, type Locale } from '../../lib/format';
import { CurrencyTabs } from './CurrencyTabs';
import { SyncProgress } from './SyncProgress';
import { useAccountProgress } from '../../data/progress';
import { ordersChart, partialBucket, salesChart, salesTiles } from './sales-view';

// Each view says what it compares with, and only promises what it shows.
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
  const { range, problem } = useDashboardRange();
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const { t } = useTranslation('analytics');
  const description = t(`views.${view}`);
  return (
    <Page title="Analytics" description={description} actions={<RangePicker value={range} onChange={setRange} onProblem={setProblem} />}>
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
  const { range, from, to, previous, lastYear, lastYearInstants } = useDashboardRange();
  const [interval, setInterval] = useState<'day' | 'week' | 'month' | 'auto'>('auto');
  const [courseId, setCourseId] = useState('');
  const step = interval === 'auto' ? defaultInterval(range) : interval;
  const query = useDataQuery(
    'data.sales.report',
    account
      ? { accountId: account.id, from, to, interval: step, timeZone: locale.timeZone, previous: { from: previous.from, to: previous.to }, lastYear: lastYearInstants, ...(courseId ? { courseId } : {}) }
      : null,
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
            {sortedByName(courses.data?.data.courses ?? [], (c) => c.title, locale.locale).map((c) => (
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
          {(answer) => <SalesBody report={answer.data} locale={locale} previous={previous} lastYear={lastYear} />}
        </QueryState>
      )}
    </section>
  );
}

/** The entry of the currency shown (the one rule of use-shown-currency), and the tabs' order. */
function useShownEntry<T extends { currency: string }>(entries: readonly T[]) {
  const { currencies, currency, choose } = useShownCurrency(entries.map((e) => e.currency));
  return { currencies, entry: entries.find((e) => e.currency === currency), pick: choose };
}

function SalesBody({ report, locale, previous, lastYear }: { report: SalesReport; locale: Locale; previous: Period; lastYear: Period | null }) {
  const { t } = useTranslation('analytics');
  const { currencies, entry, pick } = useShownEntry(report.currencies);
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
        {salesTiles(entry, locale, { lastYear: lastYear !== null }).map((tile) => (
          <div key={tile.key} data-tile={tile.key} data-value={entry.current[tile.key]} className="tile-wrap">
            <StatTile
              label={tile.label}
              value={tile.value}
              delta={tile.delta}
              deltaUnit={tile.deltaUnit}
              deltaLabel={versusDays(previous, locale)}
              lowerIsBetter={tile.lowerIsBetter}
              hint={
                !lastYear
                  ? undefined
                  : tile.yearDelta === null
                    ? t('lastYearNone', { days: formatDays(lastYear, locale.locale) })
                    : `${describeDelta(tile.yearDelta, tile.lowerIsBetter, locale.locale, tile.deltaUnit).text} ${versusDays(lastYear, locale)}`
              }
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
  const { from, to, previous: before } = useDashboardRange();
  const query = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  // New and churned subscribers are counted over the range, so they compare with the period before it.
  const previous = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from: before.from, to: before.to, timeZone: locale.timeZone } : null);
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
          {(answer) => <SubscriptionsBody overview={answer.data} previous={previous.data?.data.report} period={before} locale={locale} />}
        </QueryState>
      )}
    </section>
  );
}

function SubscriptionsBody({ overview, previous, period, locale }: { overview: SubscriptionsOverview; previous: SubscriptionsOverview['report'] | undefined; period: Period; locale: Locale }) {
  const { t } = useTranslation('analytics');
  const { currencies, entry, pick } = useShownEntry(overview.report.currencies);
  const versus = versusDays(period, locale);
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
          <StatTile label="New" value={formatCount(entry.newSubscribers, locale.locale)} delta={before ? relativeChange(entry.newSubscribers, before.newSubscribers) : undefined} deltaLabel={versus} />
        </div>
        <div className="tile-wrap" data-tile="churned" data-value={entry.churnedSubscribers} data-previous={before?.churnedSubscribers}>
          <StatTile
            label="Churned"
            value={formatCount(entry.churnedSubscribers, locale.locale)}
            delta={before ? relativeChange(entry.churnedSubscribers, before.churnedSubscribers) : undefined}
            deltaLabel={versus}
            lowerIsBetter
          />
        </div>
        <div className="tile-wrap" data-tile="churn_rate" data-value={entry.churnRate} data-previous={before?.churnRate}>
          <StatTile
            label={t('tiles.churnRate')}
            value={formatPercent(entry.churnRate, locale.locale)}
            delta={before ? entry.churnRate - before.churnRate : undefined}
            deltaUnit="points"
            deltaLabel={versus}
            lowerIsBetter
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
        <DataTable label={title} testId={testId} frame={{ className: 'table-scroll-short' }} columns={[{ label: 'Member' }, { label: 'Amount', numeric: true }, { label: dateLabel }]}>
              {rows.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.memberName}</th>
                  <td className="num">
                    {formatMoney(s.amount, s.currency, locale.locale)} / {s.interval}
                  </td>
                  <td>{formatDateTime(dateOf(s), locale)}</td>
                </tr>
              ))}
        </DataTable>
      )}
    </Card>
  );
}

function LearningView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { from, to, previous: before } = useDashboardRange();
  const query = useDataQuery('data.learning.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  const previous = useDataQuery('data.learning.report', account ? { accountId: account.id, from: before.from, to: before.to, timeZone: locale.timeZone } : null);
  return (
    <section aria-label="Learning" className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what="the learning report" label="learning">
        {(answer) => <LearningBody report={answer.data} previous={previous.data?.data} period={before} locale={locale} />}
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

function LearningBody({ report, previous, period, locale }: { report: LearningReport; previous: LearningReport | undefined; period: Period; locale: Locale }) {
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
              // The completion rate changes in percentage points, the counts relatively.
              delta={!compare || !previous ? undefined : kind === 'rate' ? (report.enrollments === 0 || previous.enrollments === 0 ? null : report[key] - previous[key]) : relativeChange(report[key], previous[key])}
              deltaUnit={kind === 'rate' ? 'points' : 'relative'}
              deltaLabel={versusDays(period, locale)}
              hint={hints[key]}
            />
          </div>
        ))}
      </div>
      <Card>{top.length === 0 ? <EmptyState title="No learning activity in this range" /> : <Chart spec={spec} height={Math.max(240, top.length * 40)} />}</Card>
    </>
  );
}
