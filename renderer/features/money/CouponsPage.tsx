// Every coupon, where it stands (scheduled, active, expired, used up, disabled: from its dates and limit) and
// what the sale orders that used it brought in the picked range, one currency at a time (never two added; the
// currency by the rule every such screen follows): its redemptions, their net revenue, the discount given and
// the return (net ÷ discount), each column sortable. From a coupon, its orders are one click away (Orders
// filtered to the code, the range and the currency: the same figures); disable and enable go through the app's
// one way of writing (confirmation naming the code, step-up, Undo, outbox).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useSearchParams } from 'react-router';
import type { CouponOverview, CouponStatus } from '../../../shared/model/money';
import type { OutboxItem } from '../../../shared/ipc/writes';
import type { DayRange } from '../../../shared/date-range';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { RangePicker } from '../common/RangePicker';
import { RangeProblem } from '../common/RangeProblem';
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useDashboardRange, useRangeStore } from '../common/range-store';
import { useShownCurrency } from '../common/use-shown-currency';
import { formatCount, formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { useWrite, type WriteRunner } from '../writes/use-write';
import { formatReturn } from './coupon-format';
import { describeDiscount } from '../../../shared/model/coupon-words';
import { COUPON_STATUSES, couponAction, couponStatusLabel, couponLines, filterCouponLines, sortCouponLines, type CouponLine, type CouponSort, type CouponSortKey } from './coupon-table';
import { t as translate } from '../../../shared/i18n/i18n';
import { PendingWrite, usePendingWrites } from '../writes/pending-writes';
import '../writes/writes.css';

export function CouponsPage() {
  const code = useSearchParams()[0].get('code') ?? '';
  return (
    <DashboardFrame dashboard="coupons">
      {/* ?code= (the command palette's pick) starts the code search at that coupon, so it is the one in view. */}
      <CouponsDashboard key={code} initialText={code} />
      <Outlet />
    </DashboardFrame>
  );
}

const STATUS_BADGE: Record<CouponStatus, string> = { scheduled: 'badge-info', active: 'badge-positive', expired: '', used_up: 'badge-warning', disabled: '' };

function CouponsDashboard({ initialText }: { initialText: string }) {
  const account = useActiveAccount();
  const locale = useLocale();
  const { range, from, to, problem } = useDashboardRange();
  const setRange = useRangeStore((s) => s.setRange);
  const setProblem = useRangeStore((s) => s.setProblem);
  const query = useInvokeQuery('money.coupons', { accountId: account?.id ?? '', from, to }, { enabled: account !== null && problem === null });
  const [text, setText] = useState(initialText);
  const [status, setStatus] = useState<CouponStatus | ''>('');
  const overview = query.data?.data;
  const { currencies, currency, choose } = useShownCurrency(useMemo(() => (overview ? couponCurrencies(overview) : []), [overview]));
  const write = useWrite();
  const { t } = useTranslation(['money', 'common']);
  return (
    <Page
      title={t('common:dashboards.titles.coupons')}
      description={t('coupons.description')}
      meta={<FigureAge answer={query.data} />}
      actions={
        <>
          <RangePicker value={range} onChange={setRange} onProblem={setProblem} />
          <Link className="btn btn-primary btn-md" to="/coupons/new">
            <Icon name="plus" size={16} />
            {t('coupons.newCoupon')}
          </Link>
        </>
      }
    >
      {problem ? (
        <RangeProblem problem={problem} />
      ) : (
        <QueryState query={query} what={t('coupons.what')} label={t('coupons.label')}>
          {(answer) => (
            <>
              <Card flush>
                <div className="filter-bar" role="search" aria-label={t('coupons.filters.region')}>
                  <label className="field field-grow">
                    <span className="field-label">{t('coupons.filters.code')}</span>
                    <input type="search" className="input" placeholder={t('coupons.filters.codePlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
                  </label>
                  <SelectField label={t('coupons.filters.state')} value={status} onChange={(v) => setStatus(v as CouponStatus | '')}>
                    <option value="">{t('coupons.filters.anyState')}</option>
                    {COUPON_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {couponStatusLabel(s)}
                      </option>
                    ))}
                  </SelectField>
                  {currency && currencies.length > 1 && (
                    <SelectField label={t('coupons.currency')} value={currency} onChange={choose}>
                      {currencies.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </SelectField>
                  )}
                  <span className="filter-count">{t('coupons.ordersCounted', { count: answer.data.ordersCounted, formatted: formatCount(answer.data.ordersCounted, locale.locale) })}</span>
                </div>
              </Card>
              <CouponTable overview={answer.data} text={text} status={status} range={range} currency={currency} locale={locale} write={write} />
            </>
          )}
        </QueryState>
      )}
      {write.element}
    </Page>
  );
}

/** The currencies a coupon page can show: the school's, and any a coupon's orders were paid in. */
function couponCurrencies(overview: CouponOverview): string[] {
  return [...new Set([...overview.currencies, ...overview.coupons.flatMap((c) => c.results.map((r) => r.currency))])];
}

/** The columns, sortable, the money ones naming the currency shown. */
function couponColumns(currency: string): Column<CouponSortKey>[] {
  return [
    { label: translate('money:coupons.columns.coupon'), sortKey: 'code' },
    { label: translate('money:coupons.columns.state'), sortKey: 'status' },
    { label: translate('money:coupons.columns.redemptions'), sortKey: 'redemptions', numeric: true, note: translate('money:coupons.columns.redemptionsNote') },
    { label: translate('money:coupons.columns.net', { currency }), sortKey: 'net', numeric: true, note: translate('money:coupons.columns.netNote') },
    { label: translate('money:coupons.columns.discount', { currency }), sortKey: 'discount', numeric: true },
    { label: translate('money:coupons.columns.return'), sortKey: 'return', numeric: true, note: translate('money:coupons.columns.returnNote') },
    { label: translate('money:coupons.columns.actions'), hidden: true },
  ];
}

function CouponTable({ overview, text, status, range, currency: shown, locale, write }: {
  overview: CouponOverview;
  text: string;
  status: CouponStatus | '';
  range: DayRange;
  currency: string | null;
  locale: Locale;
  write: WriteRunner;
}) {
  const rows = overview.coupons;
  // One currency at a time (the shown-currency rule): the results of two currencies are never added or sorted together.
  const currency = shown ?? overview.currencies[0] ?? '';
  const [sort, setSort] = useState<CouponSort>({ key: 'redemptions', direction: 'desc' });
  // Where each coupon stands is read at the moment its figures arrived (a refetch reads it again).
  const now = useMemo(() => Date.now(), [rows]);
  const lines = useMemo(() => sortCouponLines(filterCouponLines(couponLines(rows, currency, now), text, status), sort), [rows, currency, now, text, status, sort]);
  const pendingFor = usePendingWrites();
  const { t } = useTranslation('money', { keyPrefix: 'coupons' });
  if (rows.length === 0) {
    return (
      <EmptyState title={t('none')} action={<Link className="btn btn-primary btn-md" to="/coupons/new">{t('newCoupon')}</Link>}>
        {t('noneHint')}
      </EmptyState>
    );
  }
  const ordersLink = (code: string) => `/orders?${new URLSearchParams({ coupon: code, from: range.startDay, to: range.endDay, currency }).toString()}`;
  return (
    <>
      {lines.length === 0 ? (
        <EmptyState title={t('noMatch')}>{t('noMatchHint')}</EmptyState>
      ) : (
        <Card flush>
          <DataTable label={t('table', { currency })} className="data-table-fit" testId="coupons-table" columns={couponColumns(currency)} sort={sort} onSort={setSort}>
            {lines.map((line) => (
              <CouponTableRow key={line.coupon.id} line={line} currency={currency} now={now} locale={locale} write={write} ordersLink={ordersLink(line.coupon.code)} pending={pendingFor('coupon', line.coupon.id)} />
            ))}
          </DataTable>
        </Card>
      )}
    </>
  );
}

function CouponTableRow({ line, currency, now, locale, write, ordersLink, pending }: {
  line: CouponLine;
  currency: string;
  now: number;
  locale: Locale;
  write: WriteRunner;
  ordersLink: string;
  /** A change to this coupon waiting in the outbox: shown in place of the action that would make it again. */
  pending: OutboxItem | undefined;
}) {
  const { coupon: c, status, result, ratio } = line;
  const action = couponAction(status, c, now);
  const money = (minor: number) => formatMoney(minor, currency, locale.locale);
  const { t } = useTranslation('money', { keyPrefix: 'coupons' });
  return (
    <tr data-coupon-id={c.id} data-code={c.code}>
      <th scope="row">
        <span className="cell-title coupon-code">{c.code}</span>
        <span className="cell-sub">
          {describeDiscount(c.discount, locale.locale)}
          {status === 'scheduled'
            ? ` · ${t('startsAt', { time: formatDateTime(c.startsAt, locale) })}`
            : c.endsAt
              ? ` · ${t(status === 'expired' ? 'endedAt' : 'endsAt', { time: formatDateTime(c.endsAt, locale) })}`
              : ''}
          {c.courseIds.length > 0 ? ` · ${t('courses', { count: c.courseIds.length, formatted: formatCount(c.courseIds.length, locale.locale) })}` : ''}
        </span>
      </th>
      <td>
        <span className={`badge ${STATUS_BADGE[status]}`} data-state={status}>
          {couponStatusLabel(status)}
        </span>
      </td>
      <td className="num" data-field="redemptions">
        {formatCount(result.orders, locale.locale)}
        <span className="cell-sub">
          {c.usageLimit === null
            ? t('allTime', { used: formatCount(c.redemptions, locale.locale) })
            : t('allTimeOfLimit', { used: formatCount(c.redemptions, locale.locale), limit: formatCount(c.usageLimit, locale.locale) })}
        </span>
      </td>
      <td className="num" data-field="net">{result.orders === 0 ? <span className="cell-muted">—</span> : money(result.net)}</td>
      <td className="num" data-field="discount">{result.orders === 0 ? <span className="cell-muted">—</span> : money(result.discount)}</td>
      <td className="num" data-field="return">
        <span className={ratio !== null && ratio >= 1 ? 'return-good' : undefined}>{formatReturn(ratio, locale.locale)}</span>
      </td>
      <td className="row-actions">
        <Link className="btn btn-ghost btn-sm" to={ordersLink} aria-label={t('ordersWith', { code: c.code })}>
          {t('orders')}
        </Link>
        {pending ? (
          <PendingWrite item={pending} />
        ) : action && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t(action === 'disable' ? 'disableCode' : 'enableCode', { code: c.code })}
            onClick={() => void write.run({ kind: 'coupon.setEnabled', couponId: c.id, code: c.code, enabled: action === 'enable', seenUpdatedAt: c.updatedAt })}
          >
            {t(action === 'disable' ? 'disable' : 'enable')}
          </Button>
        )}
      </td>
    </tr>
  );
}
