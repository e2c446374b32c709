// Every order of the school: synced once by the data engine (progress, Cancel; the orders in so far show,
// filter and total as they arrive, marked partial), then filtered, sorted and totalled there; the table draws
// only the rows in view (@tanstack/react-virtual) and asks for just those windows as it scrolls. Totals are
// per currency for exactly the filtered set; Export CSV saves the filtered, sorted view in the school's time
// zone (the business zone) and the admin's money format.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ORDER_SORT, type CourseShareTotals, type OrderFacets, type OrderFilters, type OrderSort, type OrderSortKey } from '../../../shared/ipc/data';
import { OrderState as OrderStateSchema, type CurrencyTotals, type Order, type OrderState } from '../../../shared/model/orders';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { Progress } from '../../components/Progress';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { useActiveAccount } from '../../state/active-account';
import { useOrderRows, useOrdersHead, useOrdersLoad, type OrdersHead } from '../../data/orders';
import { useJobProgress } from '../../data/progress';
import { invoke } from '../../lib/bridge-hooks';
import { DashboardFrame } from '../common/DashboardFrame';
import { ExportCsvControl, useCsvFileExport } from '../common/ExportCsv';
import { FigureAge } from '../common/FigureAge';
import { PartialSyncNotice } from '../common/PartialSyncNotice';
import { RangePicker } from '../common/RangePicker';
import { SelectField } from '../common/SelectField';
import { VirtualTable } from '../common/VirtualTable';
import type { Column } from '../common/table-columns';
import { useDebounced } from '../common/use-debounced';
import { useVirtualRows } from '../common/use-virtual-rows';
import { useLocale } from '../common/use-locale';
import type { PickedRange } from '../../../shared/date-range';
import { useResolvedRange } from '../common/range-store';
import { formatCount, formatDate, formatDateOnly, formatDateTime, formatMoney, formatTimeOnly, sortedByName, type Locale } from '../../lib/format';
import { t as translate } from '../../../shared/i18n/i18n';
import { OrderStateBadge, ORDER_STATE_LABELS } from './OrderStateBadge';
import { hasOrderFilters, NO_COUPON, productOptions, toOrderFilters, type OrderFilterForm } from './order-filters';
import { orderLink } from './order-links';

const ROW_HEIGHT = 44;
const NO_FORM_FILTERS: Omit<OrderFilterForm, 'from' | 'to' | 'text'> = { allTime: true, states: [], courseId: '', productId: '', coupon: '', currency: '' };

export function OrdersPage() {
  return (
    <DashboardFrame dashboard="orders">
      <OrdersDashboard />
      <Outlet />
    </DashboardFrame>
  );
}

/** ?state=failed,refunded: the states another screen asked for (unknown words are dropped). */
function statesOf(text: string | null): OrderState[] {
  return (text ?? '').split(',').filter((word): word is OrderState => OrderStateSchema.safeParse(word).success);
}

function instantOf(text: string | null): string | null {
  return text && Number.isFinite(Date.parse(text)) ? new Date(text).toISOString() : null;
}

function OrdersDashboard() {
  const account = useActiveAccount();
  const accountId = account?.id ?? null;
  const locale = useLocale();
  const load = useOrdersLoad(accountId);
  const progress = useJobProgress(load.running ? load.jobId : null);
  const { start } = load;
  useEffect(() => {
    start('auto');
  }, [start]);

  // Paid dates in the business zone; a preset's days follow the calendar there. Other screens link here with a
  // filter in the address: ?coupon=CODE&from=DAY&to=DAY&currency=USD (a coupon's figures on Coupons, the same
  // orders), ?q=email (a member), ?state=failed&changedFrom=<instant> (Today's failed payments and new refunds).
  const [params] = useSearchParams();
  const [picked, setRange] = useState<PickedRange>(() => linkedRange(params) ?? { preset: 'last30', startDay: '', endDay: '' });
  const { range, from, to } = useResolvedRange(picked);
  const [form, setForm] = useState<Omit<OrderFilterForm, 'from' | 'to' | 'text'>>(() => ({
    ...NO_FORM_FILTERS,
    coupon: params.get('coupon') ?? '',
    currency: params.get('currency') ?? '',
    states: statesOf(params.get('state')),
    allTime: linkedRange(params) === null,
  }));
  const [changedFrom, setChangedFrom] = useState<string | null>(() => instantOf(params.get('changedFrom')));
  const [text, setText] = useState(() => params.get('q') ?? '');
  const debouncedText = useDebounced(text, 250);
  const filters = useMemo(() => ({ ...toOrderFilters({ ...form, from, to, text: debouncedText }), ...(changedFrom ? { changedFrom } : {}) }), [form, from, to, debouncedText, changedFrom]);
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT);
  // Rows show once the sync has brought some: the first sync's so far (marked partial), or all.
  const ready = load.result !== null || load.soFar > 0;
  const view = useOrdersHead(accountId, ready, filters, sort, load.running);
  const head = view.head?.data;
  const partial = head?.partial ?? null;
  const { t } = useTranslation(['orders', 'common']);

  return (
    <Page
      title={t('common:dashboards.titles.orders')}
      description={t('description')}
      meta={
        <span className="meta-line">
          <FigureAge answer={load.result ?? undefined} />
          {head && <span data-testid="orders-loaded">{t('loaded', { count: head.loaded, shown: formatCount(head.loaded, locale.locale) })}</span>}
        </span>
      }
      actions={
        <>
          <Button size="sm" icon={<Icon name="refresh" size={16} />} onClick={() => load.start('full')} disabled={load.running}>
            {t('refreshAll')}
          </Button>
          <ExportButton accountId={accountId} filters={filters} sort={sort} locale={locale} disabled={!head || head.total === 0 || partial !== null} />
        </>
      }
    >
      {load.running && (
        <Card>
          <Progress
            label={progress?.label ?? t('loading')}
            value={progress && progress.total ? progress.loaded : undefined}
            max={progress?.total ?? 1}
            detail={progress ? progressDetail(progress, locale) : undefined}
            onCancel={load.cancel}
          />
        </Card>
      )}
      {load.error && !ready && (
        load.error.code === 'cancelled' ? (
          <EmptyState title={t('cancelled.title')} action={<Button variant="primary" onClick={() => load.start('auto')}>{t('cancelled.load')}</Button>}>
            {t('cancelled.body')}
          </EmptyState>
        ) : (
          <ErrorState error={load.error} what={t('common:dashboards.names.orders')} onRetry={() => load.start('auto')} />
        )
      )}
      {ready && (
        <>
          <Card flush>
            <div className="filter-bar orders-filters" role="search" aria-label={t('filters.region')}>
              <label className="field orders-search">
                <span className="visually-hidden">{t('filters.search')}</span>
                <input type="search" className="input" placeholder={t('filters.searchPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
              </label>
              <RangePicker
                value={range}
                onChange={(r) => {
                  setRange(r);
                  setForm((f) => ({ ...f, allTime: false }));
                }}
                allowAllTime
                allTime={form.allTime}
                onAllTime={() => setForm((f) => ({ ...f, allTime: true }))}
              />
              <FacetFilters form={form} setForm={setForm} facets={head?.facets} locale={locale} />
              {/* In the same wrapping row as the drop-downs: beside Product where the window has room. */}
              <StateChips value={form.states} onChange={(states) => setForm((f) => ({ ...f, states }))} facets={head?.facets} />
              {changedFrom && (
                <span className="chip is-on" data-testid="changed-from">
                  {t('changedFrom', { date: formatDateTime(changedFrom, locale) })}
                  <button type="button" className="link-button" aria-label={t('changedFromRemove')} onClick={() => setChangedFrom(null)}>
                    <Icon name="close" size={14} />
                  </button>
                </span>
              )}
              {(hasOrderFilters({ ...form, text }) || changedFrom) && (
                <button
                  type="button"
                  className="link-button filter-clear"
                  onClick={() => {
                    setForm(NO_FORM_FILTERS);
                    setChangedFrom(null);
                    setText('');
                  }}
                >
                  {t('common:filters.clear')}
                </button>
              )}
            </div>
          </Card>
          {head ? (
            <>
              {partial && (
                <PartialSyncNotice
                  partial={partial}
                  loaded={head.loaded}
                  // eslint-disable-next-line i18next/no-literal-string -- which notice, not words
                  what="orders"

                  locale={locale}
                  error={load.error}
                  onResume={() => load.start('auto')}
                />
              )}
              <Totals
                totals={head.totals}
                courseTotals={head.courseTotals}
                courseTitle={head.facets.courses.find((c) => c.id === form.courseId)?.title ?? null}
                total={head.total}
                locale={locale}
                stale={view.isStale}
              />
              <OrdersTable accountId={accountId} view={view} filters={filters} sort={sort} onSort={setSort} locale={locale} />
            </>
          ) : view.error ? (
            <ErrorState error={view.error} what={t('common:dashboards.names.orders')} />
          ) : (
            <div className="loading-block">
              <Spinner size={18} label={t('filtering')} />
            </div>
          )}
        </>
      )}
    </Page>
  );
}

/** "120 of 1,300 orders" while the first sync runs. */
function progressDetail(progress: { loaded: number; total?: number | null }, locale: Locale): string {
  const loaded = formatCount(progress.loaded, locale.locale);
  return progress.total
    ? translate('orders:progressOf', { count: progress.total, loaded, total: formatCount(progress.total, locale.locale) })
    : translate('orders:progress', { count: progress.loaded, loaded });

}

/** The local days a link names (?from=2026-11-01&to=2026-11-30, both included), if it names valid ones. */
function linkedRange(params: URLSearchParams): PickedRange | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const startDay = params.get('from');
  const endDay = params.get('to');
  if (!startDay || !endDay || !day.test(startDay) || !day.test(endDay) || startDay > endDay) return null;
  return { preset: 'custom', startDay, endDay };
}

function FacetFilters({
  form,
  setForm,
  facets,
  locale,
}: {
  form: Omit<OrderFilterForm, 'from' | 'to' | 'text'>;
  setForm: React.Dispatch<React.SetStateAction<Omit<OrderFilterForm, 'from' | 'to' | 'text'>>>;
  facets: OrderFacets | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const products = useMemo(() => productOptions(facets?.products ?? [], (iso) => formatDate(iso, locale, 'day', true)), [facets, locale]);
  return (
    <>
      <SelectField label={t('filters.currency')} value={form.currency} onChange={(currency) => setForm((f) => ({ ...f, currency }))}>
          <option value="">{t('common:filters.any')}</option>
          {facets?.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
      </SelectField>
      <SelectField label={t('filters.coupon')} value={form.coupon} onChange={(coupon) => setForm((f) => ({ ...f, coupon }))}>
          <option value="">{t('common:filters.any')}</option>
          <option value={NO_COUPON}>{t('filters.noCoupon')}</option>
          {facets?.coupons.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
      </SelectField>
      <SelectField label={t('filters.course')} value={form.courseId} onChange={(courseId) => setForm((f) => ({ ...f, courseId }))}>
          <option value="">{t('common:filters.any')}</option>
          {sortedByName(facets?.courses ?? [], (c) => c.title, locale.locale).map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
      </SelectField>
      <SelectField label={t('filters.product')} className="select-narrow" value={form.productId} onChange={(productId) => setForm((f) => ({ ...f, productId }))}>
          <option value="">{t('common:filters.any')}</option>
          {products.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
      </SelectField>
    </>
  );
}

function StateChips({ value, onChange, facets }: { value: OrderState[]; onChange(states: OrderState[]): void; facets: OrderFacets | undefined }) {
  const { t } = useTranslation('orders', { keyPrefix: 'filters' });
  const states = facets?.states.length ? facets.states : OrderStateSchema.options;
  return (
    <div className="chips" role="group" aria-label={t('states')}>
      <span className="field-label">{t('state')}</span>
      {states.map((state) => {
        const on = value.includes(state);
        return (
          <button
            key={state}
            type="button"
            className={`chip${on ? ' is-on' : ''}`}
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((s) => s !== state) : [...value, state])}
          >
            {ORDER_STATE_LABELS[state] ?? state}
          </button>
        );
      })}
      {value.length > 0 && (
        <button type="button" className="link-button" onClick={() => onChange([])}>
          {t('anyState')}
        </button>
      )}
    </div>
  );
}

/**
 * Totals per currency of the filtered orders (docs/business-api.md, "Orders totals"): the count is every order
 * shown, the money only that of the orders sold (paid, refunding, refunded), and the screen says so. With a course
 * filter, that course's own figures (its line items) stand beside the whole orders', each labelled.
 */
function Totals({ totals, courseTotals, courseTitle, total, locale, stale }: {
  totals: CurrencyTotals[];
  courseTotals: CourseShareTotals[] | null;
  courseTitle: string | null;
  total: number;
  locale: Locale;
  stale: boolean;
}) {
  const { t } = useTranslation('orders', { keyPrefix: 'totals' });
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale.locale);
  const course = courseTotals !== null;
  return (
    <section className={stale ? 'totals query-body is-updating' : 'totals'} aria-label={t('region')} aria-busy={stale || undefined} data-testid="orders-totals">
      <p className="totals-count" aria-live="polite">
        <strong data-testid="orders-match-count" data-count={total}>{formatCount(total, locale.locale)}</strong> {t('matches', { count: total })}
        <span className="totals-note"> {t('note')}</span>
      </p>
      <TotalsGrid
        titles={[t('paid'), t('discounts'), t('refunded'), t('net')]}
        money={money}
        rows={totals.map((w) => ({
          currency: w.currency,
          title: course ? t('whole', { currency: w.currency }) : w.currency,
          counts: t('counts', { count: w.count, shown: formatCount(w.count, locale.locale), sold: formatCount(w.sold, locale.locale) }),
          amounts: [w.paid, w.discount, w.refunded, w.net],
          testId: 'orders-totals-whole',
          data: { 'data-count': w.count, 'data-paid': w.paid, 'data-refunded': w.refunded, 'data-discount': w.discount, 'data-net': w.net },
        }))}
      />
      {/* The course's own figures: a grid of their own, for their titles are not the whole orders' ones. */}
      {courseTotals && courseTotals.length > 0 && (
        <TotalsGrid
          className="totals-course"
          titles={[t('gross'), t('discounts'), t('refunds'), t('net')]}
          money={money}
          rows={courseTotals.map((c) => ({
            currency: c.currency,
            title: t('courseOnly', { course: courseTitle ?? t('thisCourse'), currency: c.currency }),
            counts: t('courseOrders', { count: c.orders, shown: formatCount(c.orders, locale.locale) }),
            amounts: [c.gross, c.discounts, c.refunds, c.net],
            testId: 'orders-totals-course',
            data: {},
          }))}
        />
      )}
    </section>
  );
}

interface TotalsRow {
  currency: string;
  title: string;
  counts: string;
  /** In the order of the grid's titles; the last is the net, drawn as the result. */
  amounts: readonly [number, number, number, number];
  testId: string;
  data: Record<`data-${string}`, number>;
}

/** One row a currency under one line of titles (the titles are in each row too, for screen readers). */
function TotalsGrid({ titles, rows, money, className }: { titles: readonly [string, string, string, string]; rows: TotalsRow[]; money: (minor: number, currency: string) => string; className?: string }) {
  return (
    <div className={className ? `totals-grid ${className}` : 'totals-grid'}>
      <div className="totals-titles" aria-hidden="true">
        <span />
        {titles.map((title, k) => <span key={k}>{title}</span>)}
      </div>
      {rows.map((row) => (
        <dl key={row.currency} className="totals-currency" data-currency={row.currency} data-testid={row.testId} {...row.data}>
          <div className="totals-head">
            <dt>{row.title}</dt>
            <dd>{row.counts}</dd>
          </div>
          {titles.map((title, k) => (
            <div key={k}>
              <dt>{title}</dt>
              <dd className={k === titles.length - 1 ? 'totals-net' : undefined}>{money(row.amounts[k]!, row.currency)}</dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}

/** The table's columns in the current UI language (the coupon is under the discount it gave, not a column). */
function orderColumns(): Column<OrderSortKey>[] {
  return [
    { label: translate('orders:columns.order'), sortKey: 'tradeNumber' },
    { label: translate('orders:columns.paidAt'), sortKey: 'paidAt' },
    { label: translate('orders:columns.buyer'), sortKey: 'buyerName' },
    { label: translate('orders:columns.items') },
    { label: translate('orders:columns.state'), sortKey: 'state' },
    { label: translate('orders:columns.original'), sortKey: 'originalAmount', numeric: true },
    { label: translate('orders:columns.discount'), sortKey: 'discountAmount', numeric: true },
    { label: translate('orders:columns.paidAmount'), sortKey: 'paidAmount', numeric: true },
    { label: translate('orders:columns.refunded'), sortKey: 'refundedAmount', numeric: true },
  ];
}

function OrdersTable({
  accountId,
  view,
  filters,
  sort,
  onSort,
  locale,
}: {
  accountId: string | null;
  view: OrdersHead;
  filters: OrderFilters;
  sort: OrderSort;
  onSort(sort: OrderSort): void;
  locale: Locale;
}) {
  const { t, i18n } = useTranslation('orders');
  const columns = useMemo(() => orderColumns(), [i18n.language]);
  const total = view.head?.data.total ?? 0;
  const navigate = useNavigate();
  const { orderId } = useParams();
  const virtual = useVirtualRows(total, ROW_HEIGHT);
  // The windows are read here, so their answers re-render this table and not the dashboard around it.
  const rows = useOrderRows(accountId, view, filters, sort, virtual.first, virtual.last);

  // Rows are memoised; their handlers are stable and read the latest rows through this ref.
  const latest = useRef({ rows, navigate });
  useEffect(() => {
    latest.current = { rows, navigate };
  });
  const open = useCallback((index: number) => {
    const order = latest.current.rows.row(index);
    if (!order) return;
    const link = orderLink(order.id);
    void latest.current.navigate(link.to, { state: link.state });
  }, []);
  const onRowKey = useCallback(
    (index: number, e: React.KeyboardEvent<HTMLDivElement>) => {
      if ((e.key !== 'Enter' && e.key !== ' ') || !latest.current.rows.row(index)) return false;
      open(index);
      return true;
    },
    [open],
  );
  const cells = useCallback((order: Order) => <OrderCells order={order} locale={locale} />, [locale]);

  if (total === 0) return <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>;
  return (
    <VirtualTable
      label={t('table')}
      name="orders"
      columns={columns}
      sort={sort}
      onSort={onSort}
      virtual={virtual}
      rowHeight={ROW_HEIGHT}
      rowAt={rows.row}
      idOf={orderIdOf}
      idAttribute="order-id"
      selected={(order) => (order !== undefined && order.id === orderId) || undefined}
      cells={cells}
      onRowKey={onRowKey}
      onRowClick={open}
      busy={view.isFetching || rows.isFetching}
    />
  );
}

const orderIdOf = (order: Order) => order.id;

// Memoised: a row already on screen does not re-render as the list scrolls past it.
const OrderCells = memo(function OrderCells({ order, locale }: { order: Order; locale: Locale }) {
  const money = (minor: number) => formatMoney(minor, order.currency, locale.locale);
  const first = order.items[0];
  const { t } = useTranslation('orders');
  return (
    <>
      <div role="cell" className="cell-mono">{order.tradeNumber}</div>
      <div role="cell" className="cell-when">
        {order.paidAt ? (
          <time dateTime={order.paidAt}>
            <span>{formatDateOnly(order.paidAt, locale)}</span> <span>{formatTimeOnly(order.paidAt, locale)}</span>
          </time>
        ) : (
          '–'
        )}
      </div>
      <div role="cell" className="cell-clip" title={order.buyer.email}>{order.buyer.name}</div>
      <div role="cell" className="cell-clip orders-items" title={order.items.map((i) => i.name).join(', ')}>
        {first ? first.name : '–'}
        {order.items.length > 1 && <span className="cell-sub-inline"> +{order.items.length - 1}</span>}
      </div>
      <div role="cell"><OrderStateBadge state={order.state} /></div>
      <div role="cell" className="num">{money(order.originalAmount)}</div>
      {/* The coupon under the discount it gave: a column of its own would be empty on most rows. */}
      <div role="cell" className="num cell-discount">
        {order.discountAmount ? money(order.discountAmount) : '–'}
        {order.coupon && (
          <span className="cell-coupon" title={order.coupon.code}>
            <span className="visually-hidden">{t('coupon')} </span>
            {order.coupon.code}
          </span>
        )}
      </div>
      <div role="cell" className="num">{money(order.paidAmount)}</div>
      <div role="cell" className="num">{order.refundedAmount ? money(order.refundedAmount) : '–'}</div>
    </>
  );
});

function ExportButton({ accountId, filters, sort, locale, disabled }: { accountId: string | null; filters: ReturnType<typeof toOrderFilters>; sort: OrderSort; locale: Locale; disabled: boolean }) {
  const { t } = useTranslation('orders', { keyPrefix: 'export' });
  // Streamed to a file by the data engine: the Save dialog (desktop) or a one-time download (browser mode).
  const exporter = useCsvFileExport(
    accountId ? (jobId) => invoke('data.orders.exportCsvFile', { accountId, jobId, filters, sort, timeZone: locale.timeZone, locale: locale.locale }) : null,
    { one: t('rows', { count: 1 }), other: t('rows', { count: 2 }) },
    locale.locale,
  );
  // The command palette's "Export orders as CSV" opens this page with ?export=csv: it runs once the orders are in.
  const [params, setParams] = useSearchParams();
  const exportAsked = params.get('export') === 'csv';
  useEffect(() => {
    if (!exportAsked || disabled || exporter.jobId) return;
    setParams((p) => {
      p.delete('export');
      return p;
    }, { replace: true });
    void exporter.run();
  }, [exportAsked, disabled]);
  return <ExportCsvControl state={exporter} label={t('label')} disabled={disabled} />;

}
