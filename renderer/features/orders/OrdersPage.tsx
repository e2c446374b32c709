// Every order of the school: loaded once into the main process (progress, Cancel), then filtered, sorted
// and totalled there; the table draws only the rows in view (@tanstack/react-virtual) and asks for just
// those windows as it scrolls. Totals are per currency for exactly the filtered set; Export CSV saves the
// filtered, sorted view in the school's time zone (the business zone) and the admin's money format.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_ORDER_SORT, type OrderFacets, type OrderFilters, type OrderSort, type OrderSortKey } from '../../../shared/ipc/data';
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
import { RangePicker } from '../common/RangePicker';
import { SelectField } from '../common/SelectField';
import { VirtualTable } from '../common/VirtualTable';
import type { Column } from '../common/table-columns';
import { useDebounced } from '../common/use-debounced';
import { useVirtualRows } from '../common/use-virtual-rows';
import { useLocale } from '../common/use-locale';
import type { PickedRange } from '../../../shared/date-range';
import { useResolvedRange } from '../common/range-store';
import { formatCount, formatDate, formatDateOnly, formatMoney, formatTimeOnly, sortedByName, type Locale } from '../../lib/format';
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

  // Paid dates in the business zone; a preset's days follow the calendar there.
  const [picked, setRange] = useState<PickedRange>({ preset: 'last30', startDay: '', endDay: '' });
  const { range, from, to } = useResolvedRange(picked);
  // Other screens link here with a filter in the address: ?coupon=CODE (Coupons), ?q=email (a member).
  const [params] = useSearchParams();
  const [form, setForm] = useState<Omit<OrderFilterForm, 'from' | 'to' | 'text'>>(() => ({ ...NO_FORM_FILTERS, coupon: params.get('coupon') ?? '' }));
  const [text, setText] = useState(() => params.get('q') ?? '');
  const debouncedText = useDebounced(text, 250);
  const filters = useMemo(() => toOrderFilters({ ...form, from, to, text: debouncedText }), [form, from, to, debouncedText]);
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT);
  const ready = load.result !== null;
  const view = useOrdersHead(accountId, ready, filters, sort);
  const head = view.head?.data;

  return (
    <Page
      title="Orders"
      description="Every order of the school: filter, sort, open one, export what you see."
      meta={
        <span className="meta-line">
          <FigureAge answer={load.result ?? undefined} />
          {head && <span data-testid="orders-loaded">{formatCount(head.loaded, locale.locale)} orders loaded</span>}
        </span>
      }
      actions={
        <>
          <Button size="sm" icon={<Icon name="refresh" size={16} />} onClick={() => load.start('full')} disabled={load.running}>
            Refresh all
          </Button>
          <ExportButton accountId={accountId} filters={filters} sort={sort} locale={locale} disabled={!head || head.total === 0} />
        </>
      }
    >
      {load.running && (
        <Card>
          <Progress
            label={progress?.label ?? 'Loading orders…'}
            value={progress && progress.total ? progress.loaded : undefined}
            max={progress?.total ?? 1}
            detail={progress ? `${formatCount(progress.loaded, locale.locale)}${progress.total ? ` of ${formatCount(progress.total, locale.locale)}` : ''} orders` : undefined}
            onCancel={load.cancel}
          />
        </Card>
      )}
      {load.error && !ready && (
        load.error.code === 'cancelled' ? (
          <EmptyState title="Loading was cancelled" action={<Button variant="primary" onClick={() => load.start('auto')}>Load orders</Button>}>
            Nothing changed. Load the orders when you are ready.
          </EmptyState>
        ) : (
          <ErrorState error={load.error} what="the Orders dashboard" onRetry={() => load.start('auto')} />
        )
      )}
      {ready && (
        <>
          <Card flush>
            <div className="filter-bar orders-filters" role="search" aria-label="Filter orders">
              <label className="field orders-search">
                <span className="visually-hidden">Search orders</span>
                <input type="search" className="input" placeholder="Trade number, buyer name or email" value={text} onChange={(e) => setText(e.target.value)} />
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
              {hasOrderFilters({ ...form, text }) && (
                <button
                  type="button"
                  className="link-button filter-clear"
                  onClick={() => {
                    setForm(NO_FORM_FILTERS);
                    setText('');
                  }}
                >
                  Clear filters
                </button>
              )}
            </div>
          </Card>
          {head ? (
            <>
              <Totals totals={head.totals} total={head.total} locale={locale} stale={view.isStale} />
              <OrdersTable accountId={accountId} view={view} filters={filters} sort={sort} onSort={setSort} locale={locale} />
            </>
          ) : view.error ? (
            <ErrorState error={view.error} what="the Orders dashboard" />
          ) : (
            <div className="loading-block">
              <Spinner size={18} label="Filtering the orders…" />
            </div>
          )}
        </>
      )}
    </Page>
  );
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
  const products = useMemo(() => productOptions(facets?.products ?? [], (iso) => formatDate(iso, locale, 'day', true)), [facets, locale]);
  return (
    <>
      <SelectField label="Currency" value={form.currency} onChange={(currency) => setForm((f) => ({ ...f, currency }))}>
          <option value="">Any</option>
          {facets?.currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
      </SelectField>
      <SelectField label="Coupon" value={form.coupon} onChange={(coupon) => setForm((f) => ({ ...f, coupon }))}>
          <option value="">Any</option>
          <option value={NO_COUPON}>No coupon</option>
          {facets?.coupons.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
      </SelectField>
      <SelectField label="Course" value={form.courseId} onChange={(courseId) => setForm((f) => ({ ...f, courseId }))}>
          <option value="">Any</option>
          {sortedByName(facets?.courses ?? [], (c) => c.title, locale.locale).map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
      </SelectField>
      <SelectField label="Product" className="select-narrow" value={form.productId} onChange={(productId) => setForm((f) => ({ ...f, productId }))}>
          <option value="">Any</option>
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
  const states = facets?.states.length ? facets.states : OrderStateSchema.options;
  return (
    <div className="chips" role="group" aria-label="Order state">
      <span className="field-label">State</span>
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
          Any state
        </button>
      )}
    </div>
  );
}

function Totals({ totals, total, locale, stale }: { totals: CurrencyTotals[]; total: number; locale: Locale; stale: boolean }) {
  return (
    <section className={stale ? 'totals query-body is-updating' : 'totals'} aria-label="Totals of the filtered orders" aria-busy={stale || undefined} data-testid="orders-totals">
      <p className="totals-count" aria-live="polite">
        <strong data-testid="orders-match-count" data-count={total}>{formatCount(total, locale.locale)}</strong> {total === 1 ? 'order matches' : 'orders match'}
      </p>
      {/* One row a currency under one line of titles (the titles are in each row too, for screen readers). */}
      <div className="totals-grid">
        <div className="totals-titles" aria-hidden="true">
          <span />
          <span>Paid</span>
          <span>Discounts</span>
          <span>Refunded</span>
          <span>Net</span>
        </div>
      {totals.map((t) => (
        <dl key={t.currency} className="totals-currency" data-currency={t.currency} data-count={t.count} data-paid={t.paid} data-refunded={t.refunded} data-discount={t.discount} data-net={t.net}>
          <div className="totals-head">
            <dt>{t.currency}</dt>
            <dd>{formatCount(t.count, locale.locale)} orders</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatMoney(t.paid, t.currency, locale.locale)}</dd>
          </div>
          <div>
            <dt>Discounts</dt>
            <dd>{formatMoney(t.discount, t.currency, locale.locale)}</dd>
          </div>
          <div>
            <dt>Refunded</dt>
            <dd>{formatMoney(t.refunded, t.currency, locale.locale)}</dd>
          </div>
          <div>
            <dt>Net</dt>
            <dd className="totals-net">{formatMoney(t.net, t.currency, locale.locale)}</dd>
          </div>
        </dl>
      ))}
      </div>
    </section>
  );
}

const COLUMNS: Column<OrderSortKey>[] = [
  { label: 'Order', sortKey: 'tradeNumber' },
  { label: 'Paid at', sortKey: 'paidAt' },
  { label: 'Buyer', sortKey: 'buyerName' },
  { label: 'Items' },
  { label: 'State', sortKey: 'state' },
  { label: 'Original', sortKey: 'originalAmount', numeric: true },
  { label: 'Discount', sortKey: 'discountAmount', numeric: true },
  { label: 'Paid amount', sortKey: 'paidAmount', numeric: true },
  { label: 'Refunded', sortKey: 'refundedAmount', numeric: true },
];

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

  if (total === 0) return <EmptyState title="No order matches">Widen the range or clear a filter.</EmptyState>;
  return (
    <VirtualTable
      label="Orders"
      name="orders"
      columns={COLUMNS}
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
  // Streamed to a file by the data engine: the Save dialog (desktop) or a one-time download (browser mode).
  const exporter = useCsvFileExport(
    accountId ? (jobId) => invoke('data.orders.exportCsvFile', { accountId, jobId, filters, sort, timeZone: locale.timeZone, locale: locale.locale }) : null,
    { one: 'order', other: 'orders' },
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
  return <ExportCsvControl state={exporter} label="Export CSV" disabled={disabled} />;
}
