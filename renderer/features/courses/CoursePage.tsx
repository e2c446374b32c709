// One course: enrollments over time, where learners stall (reached vs completed per section), revenue and
// refunds per currency in the range, its orders, and publish/unpublish.
import { useMemo, useState } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import type { CourseDetail, CourseOrdersPage } from '../../../shared/ipc/data';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { StatTile } from '../../components/StatTile';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Button } from '../../components/Button';
import { Chart } from '../../charts/LazyChart';
import type { ChartSpec } from '../../charts/chart-spec';
import { useActiveAccount } from '../../state/active-account';
import { useDataQuery } from '../../data/hooks';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { RangePicker } from '../common/RangePicker';
import { RangeProblem } from '../common/RangeProblem';
import { useLocale } from '../common/use-locale';
import { useSettled } from '../common/use-settled';
import { useDashboardRange, useRangeStore } from '../common/range-store';
import { defaultInterval, partialBucket } from '../../../shared/date-range';
import { markPartial } from '../common/range-words';
import { formatCount, formatDate, formatPeriods, formatDateTime, formatMoney, formatPercent, type Locale } from '../../lib/format';
import { StateBadge } from './StateBadge';
import { PublishButton } from './PublishButton';
import { describePlans } from './plans';
import { OrderStateBadge } from '../orders/OrderStateBadge';
import { orderLink } from '../orders/order-links';
import { StalledLearners } from '../people/StalledLearners';

export function CoursePage() {
  return (
    <DashboardFrame dashboard="courses">
      <CourseDashboard />
      <Outlet />
    </DashboardFrame>
  );
}

function CourseDashboard() {
  const { courseId = '' } = useParams();
  const account = useActiveAccount();
  const locale = useLocale();
  const { range, from, to, problem } = useDashboardRange();
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const interval = defaultInterval(range);
  const query = useDataQuery('data.courses.get', account ? { accountId: account.id, courseId, from, to, interval, timeZone: locale.timeZone } : null);
  const shownInterval = useSettled(interval, !query.isPlaceholderData);
  const title = query.data?.data.course.title ?? 'Course';
  return (
    <Page
      title={title}
      description={<Link to="/courses">← All courses</Link>}
      meta={<FigureAge answer={query.data} />}
      actions={
        <>
          <RangePicker value={range} onChange={setRange} onProblem={setProblem} />
          {query.data && <PublishButton course={query.data.data.course} />}
        </>
      }
    >
      {problem ? <RangeProblem problem={problem} /> : (
        <QueryState query={query} what="this course's page" label="the course">
          {(answer) => <CourseBody detail={answer.data} locale={locale} interval={shownInterval} />}
        </QueryState>
      )}
    </Page>
  );
}

const REVENUE_COLUMNS: Column[] = [
  { label: 'Currency' },
  { label: 'Orders', numeric: true },
  { label: 'Gross (before discounts)', numeric: true },
  { label: 'Discounts', numeric: true },
  { label: 'Refunds', numeric: true },
  { label: 'Net', numeric: true },
];
const ORDER_COLUMNS: Column[] = [{ label: 'Order' }, { label: 'Buyer' }, { label: 'State' }, { label: 'Paid' }, { label: 'Amount', numeric: true }];

function CourseBody({ detail, locale, interval }: { detail: CourseDetail; locale: Locale; interval: 'day' | 'week' | 'month' }) {
  const { course, report, curriculum } = detail;
  // Where the range's learners stall, as the learning figures count them (docs/business-api.md, "Section funnel").
  const funnel = detail.funnel ?? [];
  const series = useMemo(() => detail.enrollmentsSeries ?? [], [detail.enrollmentsSeries]);
  // Today (this week, this month) is not over: its enrollments so far must not read as a drop.
  const partial = partialBucket(series, report.to, Date.now());
  const enrollmentsSpec = useMemo<ChartSpec>(
    () => ({
      kind: 'line',
      title: `Enrollments per ${interval}`,
      categoryLabel: interval === 'day' ? 'Day' : interval === 'week' ? 'Week of' : 'Month',
      categories: markPartial(formatPeriods(series.map((p) => p.periodStart), locale, interval), partial),
      partialFrom: partial >= 0 ? partial : undefined,
      series: [{ name: 'Enrollments', values: series.map((p) => p.enrollments) }],
      formatValue: (v) => formatCount(v, locale.locale),
      integer: true,
    }),
    [series, locale, interval, partial],
  );
  const funnelSpec = useMemo<ChartSpec>(
    () => ({
      kind: 'hbar',
      title: 'Where learners stall, per section',
      categoryLabel: 'Section',
      categories: funnel.map((s, i) => `${i + 1}. ${s.title}`),
      series: [
        { name: 'Reached', values: funnel.map((s) => s.reached) },
        { name: 'Completed', values: funnel.map((s) => s.completed) },
      ],
      formatValue: (v) => formatCount(v, locale.locale),
      integer: true,
    }),
    [funnel, locale],
  );
  const stats = course.stats;
  // Learners of the range, counted as on Courses and Analytics › Learning (docs/business-api.md).
  const learning = detail.learning;
  const activeUntil = formatDate(new Date(Date.parse(report.to) - 1).toISOString(), locale);
  return (
    <div className="dashboard-grid">
      <div className="tiles" aria-label="Course figures">
        <StatTile label="State" value={<StateBadge state={course.state} />} hint={course.publishedAt ? `published ${formatDateTime(course.publishedAt, locale)}` : undefined} />
        <div className="tile-wrap" data-tile="enrollments" data-value={learning?.enrollments}>
          <StatTile label="Enrollments in the range" value={learning ? formatCount(learning.enrollments, locale.locale) : '–'} hint={stats ? `${formatCount(stats.enrollments, locale.locale)} all time` : undefined} />
        </div>
        <div className="tile-wrap" data-tile="active" data-value={learning?.activeStudents}>
          <StatTile label="Active students" value={learning ? formatCount(learning.activeStudents, locale.locale) : '–'} hint={`in the 30 days to ${activeUntil}`} />
        </div>
        <div className="tile-wrap" data-tile="completion_rate" data-value={learning?.completionRate}>
          <StatTile
            label="Completion rate"
            value={learning && learning.enrollments > 0 ? formatPercent(learning.completionRate, locale.locale) : '–'}
            hint={learning ? `of the range's enrollments · ${formatCount(learning.completions, locale.locale)} completed in the range` : undefined}
          />
        </div>
        <StatTile label="Plans" value={<span className="stat-small">{describePlans(course.pricingPlans, locale.locale, 3)}</span>} hint={`${curriculum.sections.length} sections · ${course.lecturesCount} lectures`} />
      </div>
      <Card title="Revenue and refunds in the range" flush>
        {report.revenue.every((r) => r.orders === 0) ? (
          <EmptyState title="No sales in this range" />
        ) : (
          <DataTable label="Revenue per currency" testId="course-revenue" frame={false} columns={REVENUE_COLUMNS}>
              {report.revenue.filter((r) => r.orders > 0).map((r) => (
                <tr key={r.currency} data-currency={r.currency}>
                  <th scope="row">{r.currency}</th>
                  <td className="num">{formatCount(r.orders, locale.locale)}</td>
                  <td className="num">{formatMoney(r.gross, r.currency, locale.locale)}</td>
                  {/* net = gross - discounts - refunds, all in this one currency */}
                  <td className="num">{formatMoney(r.gross - r.refunds - r.net, r.currency, locale.locale)}</td>
                  <td className="num">{formatMoney(r.refunds, r.currency, locale.locale)}</td>
                  <td className="num" data-field="net" data-minor={r.net}>{formatMoney(r.net, r.currency, locale.locale)}</td>
                </tr>
              ))}
          </DataTable>
        )}
      </Card>
      <div className="chart-row">
        <Card>
          <Chart spec={enrollmentsSpec} />
        </Card>
        <Card>
          {funnel.length === 0 ? <EmptyState title="No sections yet" /> : <Chart spec={funnelSpec} height={Math.max(220, funnel.length * 44)} />}
        </Card>
      </div>
      <CourseOrders courseId={course.id} locale={locale} />
      {/* Below the orders: its list refreshes while an order's drawer is open, and must not move the row that opened it. */}
      <StalledLearners courseId={course.id} locale={locale} />
    </div>
  );
}

function CourseOrders({ courseId, locale }: { courseId: string; locale: Locale }) {
  const account = useActiveAccount();
  const first = useDataQuery('data.courses.orders', account ? { accountId: account.id, courseId, limit: 25 } : null, { enabled: account?.grantedScopes.includes('orders:read') ?? false });
  const [more, setMore] = useState<CourseOrdersPage['rows']>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  if (!account?.grantedScopes.includes('orders:read')) {
    return (
      <Card title="Orders">
        <EmptyState title="Orders need the orders permission">Grant it from the Orders dashboard to see this course's orders here.</EmptyState>
      </Card>
    );
  }
  const page = first.data?.data;
  const next = cursor === undefined ? page?.nextCursor ?? null : cursor;
  const rows = [...(page?.rows ?? []), ...more];
  async function loadMore() {
    if (!account || !next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const answer = await invoke('data.courses.orders', { accountId: account.id, courseId, limit: 50, cursor: next });
      setMore((m) => [...m, ...answer.data.rows]);
      setCursor(answer.data.nextCursor);
    } catch (error) {
      setMoreError(toSerializedError(error).message);
    } finally {
      setLoadingMore(false);
    }
  }
  return (
    <Card title={page ? `Orders (${formatCount(page.total, locale.locale)})` : 'Orders'} actions={<FigureAge answer={first.data} />} flush>
      {first.error && !page ? (
        <ErrorState error={toSerializedError(first.error)} what="this course's orders" onRetry={() => void first.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={first.isPending ? 'Loading orders…' : 'No orders for this course yet'} />
      ) : (
        <>
          <DataTable label="This course's orders" columns={ORDER_COLUMNS}>
                {rows.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link {...orderLink(o.id, courseId)}>{o.tradeNumber}</Link>
                    </th>
                    <td>{o.buyer.name}</td>
                    <td>
                      <OrderStateBadge state={o.state} />
                    </td>
                    <td>{formatDateTime(o.paidAt, locale)}</td>
                    <td className="num">{formatMoney(o.paidAmount, o.currency, locale.locale)}</td>
                  </tr>
                ))}
          </DataTable>
          {next && (
            <div className="table-foot">
              <Button size="sm" busy={loadingMore} onClick={() => void loadMore()}>
                Show more orders
              </Button>
              {moreError && <span className="field-error">{moreError}</span>}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
