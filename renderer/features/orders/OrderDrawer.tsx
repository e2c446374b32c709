// One order's details in a drawer over the page that opened it (the Orders table or a course's orders): a
// modal dialog that opens at its top; Escape or Close returns to that page as it was, focus on the row or
// link that opened it.
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/model/orders';
import { Dialog } from '../../components/Dialog';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { Spinner } from '../../components/Spinner';
import { useActiveAccount } from '../../state/active-account';
import { useDataQuery } from '../../data/hooks';
import { toSerializedError } from '../../lib/app-error';
import { FigureAge } from '../common/FigureAge';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { formatDateTime, formatMoney, type Locale } from '../../lib/format';
import { PAYMENT_METHOD_LABELS, stateLabel } from '../../../shared/state-labels';
import { OrderStateBadge } from './OrderStateBadge';
import { openedFromList, orderListPath } from './order-links';


export function OrderDrawer() {
  const { orderId = '', courseId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useActiveAccount();
  const locale = useLocale();
  const query = useDataQuery('data.orders.get', account ? { accountId: account.id, orderId } : null);
  const order = query.data && query.data.data.id === orderId ? query.data.data : undefined;
  const listPath = orderListPath(courseId);
  // Opened from its page: Back returns there without a new history entry. Opened from an address (a reload):
  // replace it with the page.
  const close = () => void (openedFromList(location.state, listPath) ? navigate(-1) : navigate(listPath, { replace: true }));
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Dialog
      open
      onClose={close}
      variant="drawer"
      initialFocus="title"
      title={order ? t('drawer.title', { tradeNumber: order.tradeNumber }) : t('drawer.untitled')}
      actions={<Button onClick={close}>{t('common:actions.close')}</Button>}
    >
      <div className="order-details" data-testid="order-details">
        {order ? (
          <OrderBody order={order} locale={locale} />
        ) : query.error ? (
          <ErrorState error={toSerializedError(query.error)} what={t('drawer.what')} onRetry={() => void query.refetch()} />
        ) : (
          <Spinner label={t('drawer.loading')} />
        )}
        <FigureAge answer={query.data} />
      </div>
    </Dialog>
  );
}

function OrderBody({ order, locale }: { order: Order; locale: Locale }) {
  const { t } = useTranslation('orders', { keyPrefix: 'drawer' });
  const money = (minor: number) => formatMoney(minor, order.currency, locale.locale);
  const columns: Column[] = [{ label: t('item') }, { label: t('original'), numeric: true }, { label: t('discount'), numeric: true }, { label: t('amount'), numeric: true }];
  return (
    <>
      <dl className="detail-list">
        <div><dt>{t('state')}</dt><dd><OrderStateBadge state={order.state} /></dd></div>
        <div><dt>{t('buyer')}</dt><dd>{order.buyer.name} <span className="muted">&lt;{order.buyer.email}&gt;</span></dd></div>
        <div><dt>{t('paid')}</dt><dd>{formatDateTime(order.paidAt, locale)}</dd></div>
        <div><dt>{t('created')}</dt><dd>{formatDateTime(order.createdAt, locale)}</dd></div>
        <div><dt>{t('payment')}</dt><dd>{stateLabel(PAYMENT_METHOD_LABELS, order.paymentMethod)}</dd></div>
        <div><dt>{t('coupon')}</dt><dd>{order.coupon?.code ?? t('noCoupon')}</dd></div>
      </dl>
      <DataTable
        label={t('items')}
        frame={false}
        columns={columns}
        foot={
          <>
            <tr><th scope="row">{t('original')}</th><td colSpan={3} className="num">{money(order.originalAmount)}</td></tr>
            <tr><th scope="row">{t('discount')}</th><td colSpan={3} className="num">{money(order.discountAmount)}</td></tr>
            <tr><th scope="row">{t('paidAmount')}</th><td colSpan={3} className="num" data-field="paid">{money(order.paidAmount)}</td></tr>
            <tr><th scope="row">{t('refunded')}</th><td colSpan={3} className="num">{money(order.refundedAmount)}</td></tr>

          </>
        }
      >
          {order.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.courseId ? <Link to={`/courses/${encodeURIComponent(item.courseId)}`}>{item.name}</Link> : item.name}
              </th>
              <td className="num">{money(item.originalAmount)}</td>
              <td className="num">{item.discountAmount ? money(item.discountAmount) : '–'}</td>
              <td className="num">{money(item.amount)}</td>
            </tr>
          ))}
      </DataTable>
    </>
  );
}
