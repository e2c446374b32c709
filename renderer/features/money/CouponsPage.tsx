// Every coupon with what the orders that used it brought, one currency at a time (never two added; the
// currency by the rule every such screen follows): how many sale orders used it, their net revenue, the
// discount given and the return (net ÷ discount). From a
// coupon, its orders are one click away (Orders filtered to the code); disable and enable go through the
// app's one way of writing (confirmation naming the code, step-up, Undo, outbox).
import { t as translate } from '../../../shared/i18n/i18n';
import { useMemo, useState } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import type { CouponOverview, CouponRow } from '../../../shared/model/money';
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
import { SelectField } from '../common/SelectField';
import { useLocale } from '../common/use-locale';
import { useShownCurrency } from '../common/use-shown-currency';
import { formatCount, formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { useWrite, type WriteRunner } from '../writes/use-write';
import { couponReturn, describeDiscount, formatReturn } from './coupon-format';
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

function CouponsDashboard({ initialText }: { initialText: string }) {
  const account = useActiveAccount();
  const locale = useLocale();
  const query = useInvokeQuery('money.coupons', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const [text, setText] = useState(initialText);
  const [state, setState] = useState<'' | 'active' | 'disabled'>('');
  const overview = query.data?.data;
  const { currencies, currency, choose } = useShownCurrency(useMemo(() => (overview ? couponCurrencies(overview) : []), [overview]));
  const write = useWrite();
  return (
    <Page
      title="Coupons"
      description={translate('money:coupons.description')}
      meta={<FigureAge answer={query.data} />}
      actions={
        <Link className="btn btn-primary btn-md" to="/coupons/new">
          <Icon name="plus" size={16} />
          New coupon
        </Link>
      }
    >
      <QueryState query={query} what="the Coupons page" label="the coupons">
        {(answer) => (
          <>
            <Card flush>
              <div className="filter-bar" role="search" aria-label="Filter coupons">
                <label className="field field-grow">
                  <span className="field-label">Code</span>
                  <input type="search" className="input" placeholder="Search codes" value={text} onChange={(e) => setText(e.target.value)} />
                </label>
                <SelectField label="State" value={state} onChange={(v) => setState(v as typeof state)}>
                  <option value="">Any state</option>
                  <option value="active">Active</option>
                  <option value="disabled">Disabled</option>
                </SelectField>
                {currency && currencies.length > 1 && (
                  <SelectField label={translate('money:coupons.currency')} value={currency} onChange={choose}>
                    {currencies.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </SelectField>
                )}
                <span className="filter-count">{formatCount(answer.data.ordersCounted, locale.locale)} orders counted</span>
              </div>
            </Card>
            <CouponTable rows={answer.data.coupons} text={text} state={state} currency={currency} locale={locale} write={write} />
          </>
        )}
      </QueryState>
      {write.element}
    </Page>
  );
}

/** The currencies a coupon page can show: the school's, and any a coupon's orders were paid in. */
function couponCurrencies(overview: CouponOverview): string[] {
  return [...new Set([...overview.currencies, ...overview.coupons.flatMap((c) => c.results.map((r) => r.currency))])];
}

/** The columns, the money ones naming the currency shown. */
function couponColumns(currency: string | null): Column[] {
  return [
    { label: 'Coupon' },
    { label: 'State' },
    { label: 'Used', numeric: true },
    { label: currency ? translate('money:coupons.netIn', { currency }) : 'Net revenue', numeric: true, title: 'Paid minus refunded, of the sale orders that used it' },
    { label: currency ? translate('money:coupons.discountIn', { currency }) : 'Discount given', numeric: true },
    { label: 'Return', numeric: true, title: 'Net revenue for each unit of discount given' },
    { label: 'Actions', hidden: true },
  ];
}

function CouponTable({ rows, text, state, currency, locale, write }: { rows: CouponRow[]; text: string; state: string; currency: string | null; locale: Locale; write: WriteRunner }) {
  const shown = useMemo(() => {
    const q = text.trim().toUpperCase();
    return rows.filter((c) => (!state || c.state === state) && (!q || c.code.toUpperCase().includes(q)));
  }, [rows, text, state]);
  if (rows.length === 0) {
    return (
      <EmptyState title="No coupons yet" action={<Link className="btn btn-primary btn-md" to="/coupons/new">New coupon</Link>}>
        Create a code for a sale or a partner; what it brings shows here.
      </EmptyState>
    );
  }
  if (shown.length === 0) return <EmptyState title="No coupon matches">Change the search or the state.</EmptyState>;
  return (
    <Card flush>
      <DataTable label="Coupons" testId="coupons-table" columns={couponColumns(currency)}>
            {shown.map((c) => {
              const results = c.results.filter((r) => r.currency === currency);
              return (
              <tr key={c.id} data-coupon-id={c.id} data-code={c.code}>
                <th scope="row">
                  <span className="cell-title coupon-code">{c.code}</span>
                  <span className="cell-sub">
                    {describeDiscount(c, locale.locale)}
                    {c.endsAt ? ` · until ${formatDateTime(c.endsAt, locale)}` : ''}
                    {c.courseIds.length > 0 ? ` · ${c.courseIds.length} course${c.courseIds.length === 1 ? '' : 's'}` : ''}
                  </span>
                </th>
                <td>
                  <span className={`badge ${c.state === 'active' ? 'badge-positive' : ''}`} data-state={c.state}>
                    {c.state === 'active' ? 'Active' : 'Disabled'}
                  </span>
                </td>
                <td className="num" data-field="redemptions">
                  {formatCount(c.redemptions, locale.locale)}
                  {c.usageLimit !== null && <span className="cell-muted"> / {formatCount(c.usageLimit, locale.locale)}</span>}
                </td>
                <td className="num">
                  <MoneyLines results={results} field="net" locale={locale} />
                </td>
                <td className="num">
                  <MoneyLines results={results} field="discount" locale={locale} />
                </td>
                <td className="num">
                  <span className="money-lines">
                    {results.length === 0 ? <span className="cell-muted">—</span> : results.map((r) => {
                      const ratio = couponReturn(r);
                      return (
                        <span key={r.currency} data-currency={r.currency} data-field="return" className={ratio !== null && ratio >= 1 ? 'return-good' : undefined}>
                          {formatReturn(ratio, locale.locale)}
                        </span>
                      );
                    })}
                  </span>
                </td>
                <td className="row-actions">
                  <Link className="btn btn-ghost btn-sm" to={`/orders?coupon=${encodeURIComponent(c.code)}`} aria-label={`Orders with ${c.code}`}>
                    Orders
                  </Link>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`${c.state === 'active' ? 'Disable' : 'Enable'} ${c.code}`}
                    onClick={() => void write.run({ kind: 'coupon.setEnabled', couponId: c.id, code: c.code, enabled: c.state !== 'active', seenUpdatedAt: c.updatedAt })}
                  >
                    {c.state === 'active' ? 'Disable' : 'Enable'}
                  </Button>
                </td>
              </tr>
              );
            })}
      </DataTable>
    </Card>
  );
}

function MoneyLines({ results, field, locale }: { results: CouponRow['results']; field: 'net' | 'discount'; locale: Locale }) {
  if (results.length === 0) return <span className="cell-muted">—</span>;
  return (
    <span className="money-lines">
      {results.map((r) => (
        <span key={r.currency} data-currency={r.currency} data-field={field} data-minor={r[field]}>
          {formatMoney(r[field], r.currency, locale.locale)}
        </span>
      ))}
    </span>
  );
}
