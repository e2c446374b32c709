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
import { formatCount, formatDate, formatDateTime, formatDays, formatMoney, formatPercent, formatPeriods, nameCollator, relativeChange, sortedByName, type Locale } from '../../lib/format';
import { CurrencyTabs } from './CurrencyTabs';
import { completionOf, completionsHint } from '../common/completion-words';
import { t as translate } from '../../../shared/i18n/i18n';
import { SyncProgress } from './SyncProgress';
import { useAccountProgress } from '../../data/progress';
import { mrrChart, ordersChart, partialBucket, salesChart, salesTiles } from './sales-view';

// Each view says what it compares with, and only promises what it shows.
const VIEWS = ['sales', 'subscriptions', 'learning'] as const;
type View = (typeof VIEWS)[number];

export function AnalyticsPage() {
  return (
    <DashboardFrame dashboard="analytics">
      <AnalyticsDashboard />
    </DashboardFrame>
  );
}

function AnalyticsDashboard() {
  const [params, setParams] = useSearchParams();
  const view: View = VIEWS.some((v) => v === params.get('view')) ? (params.get('view') as View) : 'sales';
  const locale = useLocale();
  const { range, problem } = useDashboardRange();
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const { t } = useTranslation(['analytics', 'common']);
  const description = t(`views.${view}`);
  return (
    <Page title={t('common:dashboards.titles.analytics')} description={description} actions={<RangePicker value={range} onChange={setRange} onProblem={setProblem} />}>
      <nav className="tabs" aria-label={t('tabs.label')}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            className={`tab${view === v ? ' is-active' : ''}`}
            aria-current={view === v ? 'page' : undefined}
            onClick={() => setParams({ view: v })}
          >
            {t(`tabs.${v}`)}
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
  const { t } = useTranslation(['analytics', 'common']);
  return (
    <section aria-label={t('tabs.sales')} className="dashboard-grid">
      <div className="toolbar">
        <SelectField label={t('sales.by')} value={interval} onChange={(v) => setInterval(v as typeof interval)}>
            <option value="auto">{t('sales.auto', { interval: t(`common:periods.words.${step}`) })}</option>
            <option value="day">{t('common:periods.names.day')}</option>
            <option value="week">{t('common:periods.names.week')}</option>
            <option value="month">{t('common:periods.names.month')}</option>
        </SelectField>
        <SelectField label={t('sales.course')} value={courseId} onChange={setCourseId}>
            <option value="">{t('sales.allCourses')}</option>
            {sortedByName(courses.data?.data.courses ?? [], (c) => c.title, locale.locale).map((c) => (
              <option key={c.courseId} value={c.courseId}>
                {c.title}
              </option>
            ))}
        </SelectField>
        <FigureAge answer={query.data} />
      </div>
      {/* A platform without the report: the figures wait on the engine's sync, shown instead of a bare spinner. */}
      {syncing && <SyncProgress progress={syncing} locale={locale} what={t('sales.syncing')} />}
      {!(syncing && query.data === undefined) && (
        <QueryState query={query} what={t('sales.what')} label={t('sales.label')}>
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
  if (!entry || !revenue || !orders) return <EmptyState title={t('sales.none')}>{t('sales.noneBody')}</EmptyState>;
  const partialNote =
    partial >= 0 ? (
      <p className="chart-note" data-testid="partial-period">
        {t(`sales.partial.${report.interval}`, { period: formatPeriods([entry.series[partial]!.periodStart], locale, report.interval)[0] })}
      </p>
    ) : null;
  return (
    <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label={t('sales.currency')}>
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
                    : t('sales.yearHint', { change: describeDelta(tile.yearDelta, tile.lowerIsBetter, locale.locale, tile.deltaUnit).text, versus: versusDays(lastYear, locale) })
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
  const { range, from, to, previous: before } = useDashboardRange();
  const interval = defaultInterval(range);
  const query = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from, to, interval, timeZone: locale.timeZone } : null);
  // New and churned subscribers are counted over the range, so they compare with the period before it.
  const previous = useDataQuery('data.subscriptions.report', account ? { accountId: account.id, from: before.from, to: before.to, interval, timeZone: locale.timeZone } : null);
  const progress = useAccountProgress(account?.id ?? null);
  const syncing = query.isFetching ? progress : null;
  const { t } = useTranslation('analytics');
  return (
    <section aria-label={t('tabs.subscriptions')} className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      {syncing && <SyncProgress progress={syncing} locale={locale} what={t('subscriptions.syncing')} />}
      {!(syncing && query.data === undefined) && (
        <QueryState query={query} what={t('subscriptions.what')} label={t('subscriptions.label')}>
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
  const trend = overview.trend.find((x) => x.currency === entry?.currency);
  // Each currency tab lists its own subscriptions: amounts of two currencies never share a list.
  const pastDue = useMemo(() => overview.pastDue.filter((s) => s.currency === entry?.currency), [overview.pastDue, entry?.currency]);
  const canceling = useMemo(() => overview.canceling.filter((s) => s.currency === entry?.currency), [overview.canceling, entry?.currency]);
  const partial = trend ? partialBucket(trend.series, overview.report.to, Date.now()) : -1;
  const mrrSpec = useMemo(() => (trend ? mrrChart(trend, overview.interval, locale, partial) : null), [trend, overview.interval, locale, partial]);
  const spec = useMemo<ChartSpec | null>(
    () =>
      entry
        ? {
            kind: 'bar',
            title: t('subscriptions.chart', { currency: entry.currency }),
            categoryLabel: t('subscriptions.chartCategory'),
            categories: [t('subscriptions.new'), t('subscriptions.churned'), t('subscriptions.pastDue'), t('subscriptions.canceling')],
            series: [{ name: t('subscriptions.chartSeries'), values: [entry.newSubscribers, entry.churnedSubscribers, entry.pastDue, entry.canceling] }],
            formatValue: (v) => formatCount(v, locale.locale),
            integer: true,
          }
        : null,
    [entry, locale, t],
  );
  if (!entry || !spec || !trend || !mrrSpec) return <EmptyState title={t('subscriptions.none')} />;
  // MRR at the range's end (now, while the range runs), against its start (docs/business-api.md, "MRR over the range").
  const { atEnd, since } = mrrMoments(overview.report, locale);
  return (
    <CurrencyTabs currencies={currencies} value={entry.currency} onChange={pick} label={t('sales.currency')}>
      <div className="tiles" data-testid="subscription-tiles" data-currency={entry.currency}>
        <div className="tile-wrap" data-tile="mrr" data-value={trend.end.mrr}>
          <StatTile label={t('subscriptions.mrr')} value={formatMoney(trend.end.mrr, entry.currency, locale.locale)} delta={relativeChange(trend.end.mrr, trend.start.mrr)} deltaLabel={since} hint={atEnd} />
        </div>
        <div className="tile-wrap" data-tile="active" data-value={trend.end.activeSubscribers}>
          <StatTile
            label={t('subscriptions.activeSubscribers')}
            value={formatCount(trend.end.activeSubscribers, locale.locale)}
            delta={relativeChange(trend.end.activeSubscribers, trend.start.activeSubscribers)}
            deltaLabel={since}
            hint={atEnd}
          />
        </div>
        <div className="tile-wrap" data-tile="new" data-value={entry.newSubscribers} data-previous={before?.newSubscribers}>
          <StatTile label={t('subscriptions.new')} value={formatCount(entry.newSubscribers, locale.locale)} delta={before ? relativeChange(entry.newSubscribers, before.newSubscribers) : undefined} deltaLabel={versus} hint={t('subscriptions.started')} />
        </div>
        <div className="tile-wrap" data-tile="churned" data-value={entry.churnedSubscribers} data-previous={before?.churnedSubscribers}>
          <StatTile
            label={t('subscriptions.churned')}
            value={formatCount(entry.churnedSubscribers, locale.locale)}
            delta={before ? relativeChange(entry.churnedSubscribers, before.churnedSubscribers) : undefined}
            deltaLabel={versus}
            lowerIsBetter
            hint={t('subscriptions.ended')}
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
          <Chart spec={mrrSpec} />
        </Card>
        <Card>
          <Chart spec={spec} />
        </Card>
      </div>
      <div className="chart-row">
        <SubscriptionList
          title={t('subscriptions.pastDueList', { currency: entry.currency, shown: formatCount(pastDue.length, locale.locale) })}
          rows={pastDue}
          locale={locale}
          dateLabel={t('subscriptions.nextCharge')}
          dateOf={(s) => s.nextChargeAt ?? s.currentPeriodEnd}
          testId="past-due"
        />
        <SubscriptionList
          title={t('subscriptions.cancelingList', { currency: entry.currency, shown: formatCount(canceling.length, locale.locale) })}
          rows={canceling}
          locale={locale}
          dateLabel={t('subscriptions.ends')}
          dateOf={(s) => s.currentPeriodEnd}
          testId="canceling"
        />
      </div>
    </CurrencyTabs>
  );
}

/** What the MRR tiles name: the moment they show (the range's end, or now while it runs) and the one they compare with (its start). */
function mrrMoments(report: SubscriptionsOverview['report'], locale: Locale): { atEnd: string; since: string } {
  const end = Date.parse(report.to);
  const atEnd = end > Date.now() ? translate('analytics:subscriptions.atNow') : translate('analytics:subscriptions.atEndOf', { day: formatDate(new Date(end - 1).toISOString(), locale, 'day', true) });
  return { atEnd, since: translate('analytics:subscriptions.sinceStartOf', { day: formatDate(report.from, locale, 'day', true) }) };
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
  const { t } = useTranslation(['analytics', 'common']);
  return (
    <Card title={title} flush>
      {rows.length === 0 ? (
        <EmptyState title={t('subscriptions.noneNow')} />
      ) : (
        <DataTable label={title} testId={testId} frame={{ className: 'table-scroll-short' }} columns={[{ label: t('subscriptions.member') }, { label: t('subscriptions.amount'), numeric: true }, { label: dateLabel }]}>
              {rows.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.memberName}</th>
                  <td className="num">
                    {t('subscriptions.perInterval', { amount: formatMoney(s.amount, s.currency, locale.locale), interval: intervalWord(s.interval) })}
                  </td>
                  <td>{formatDateTime(dateOf(s), locale)}</td>
                </tr>
              ))}
        </DataTable>
      )}
    </Card>
  );
}

/** A billing interval as a word ("month" / "月"); one the app does not know stays as the platform sent it. */
function intervalWord(interval: string): string {
  return interval === 'day' || interval === 'week' || interval === 'month' || interval === 'year' ? translate(`common:periods.words.${interval}`) : interval;
}

function LearningView({ locale }: { locale: Locale }) {
  const account = useActiveAccount();
  const { from, to, previous: before } = useDashboardRange();
  const query = useDataQuery('data.learning.report', account ? { accountId: account.id, from, to, timeZone: locale.timeZone } : null);
  const previous = useDataQuery('data.learning.report', account ? { accountId: account.id, from: before.from, to: before.to, timeZone: locale.timeZone } : null);
  const { t } = useTranslation('analytics');
  return (
    <section aria-label={t('tabs.learning')} className="dashboard-grid">
      <div className="toolbar">
        <FigureAge answer={query.data} />
      </div>
      <QueryState query={query} what={t('learning.what')} label={t('learning.label')}>
        {(answer) => <LearningBody report={answer.data} previous={previous.data?.data} period={before} locale={locale} />}
      </QueryState>
    </section>
  );
}

// Active students get no "vs previous period": the platform keeps only each learner's last activity, so an
// earlier window misses everyone active since, and the change would show growth that is not there.
const LEARNING_TILES = [
  { key: 'enrollments', kind: 'count', compare: true },
  { key: 'activeStudents', tile: 'active', kind: 'count', compare: false },
  { key: 'completions', kind: 'count', compare: true },
  { key: 'completionRate', tile: 'completion_rate', kind: 'rate', compare: true },
] as const;

function LearningBody({ report, previous, period, locale }: { report: LearningReport; previous: LearningReport | undefined; period: Period; locale: Locale }) {
  const { t, i18n } = useTranslation('analytics');
  // Active students count the 30 days that end with the range (docs/business-api.md).
  const activeUntil = formatDate(new Date(Date.parse(report.to) - 1).toISOString(), locale);
  const hints: Record<(typeof LEARNING_TILES)[number]['key'], string | undefined> = {
    enrollments: translate('analytics:learning.enrollmentsHint'),
    activeStudents: t('learning.activeHint', { day: activeUntil }),
    completions: completionsHint(),
    completionRate: completionOf(report, locale.locale),
  };
  const top = useMemo(() => {
    const byName = nameCollator(locale.locale);
    return [...report.courses].sort((a, b) => b.enrollments - a.enrollments || byName.compare(a.title, b.title)).slice(0, 10);
  }, [report, locale.locale]);
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'hbar',
      title: t('learning.chart'),
      categoryLabel: t('learning.chartCategory'),
      categories: top.map((c) => c.title),
      series: [
        { name: t('learning.enrollments'), values: top.map((c) => c.enrollments) },
        { name: t('learning.activeStudents'), values: top.map((c) => c.activeStudents) },
        { name: t('learning.completions'), values: top.map((c) => c.completions) },
      ],
      formatValue: (v) => formatCount(v, locale.locale),
      integer: true,
    }),
    // `i18n.language`: the words follow the UI language.
    [top, locale, t, i18n.language],
  );
  return (
    <>
      <div className="tiles" data-testid="learning-tiles">
        {LEARNING_TILES.map(({ key, kind, compare, ...named }) => (
          <div key={key} className="tile-wrap" data-tile={'tile' in named ? named.tile : key} data-value={report[key]} data-previous={compare ? previous?.[key] : undefined}>
            <StatTile
              label={t(`learning.${key}`)}
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
      <Card>{top.length === 0 ? <EmptyState title={t('learning.none')} /> : <Chart spec={spec} height={Math.max(240, top.length * 40)} />}</Card>
    </>
  );
}
