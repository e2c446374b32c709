// One order's details in a drawer over the page that opened it (the Orders table or a course's orders): a
// modal dialog that opens at its top; Escape or Close returns to that page as it was, focus on the row or
// link that opened it.
import { Link, useLocation, useNavigate, useParams } from 'react-router';
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
  return (
    <Dialog
      open
      onClose={close}
      variant="drawer"
      initialFocus="title"
      title={order ? `Order ${order.tradeNumber}` : 'Order'}
      actions={<Button onClick={close}>Close</Button>}
    >
      <div className="order-details" data-testid="order-details">
        {order ? (
          <OrderBody order={order} locale={locale} />
        ) : query.error ? (
          <ErrorState error={toSerializedError(query.error)} what="this order" onRetry={() => void query.refetch()} />
        ) : (
          <Spinner label="Loading the order…" />
        )}
        <FigureAge answer={query.data} />
      </div>
    </Dialog>
  );
}

const ITEM_COLUMNS: Column[] = [{ label: 'Item' }, { label: 'Original', numeric: true }, { label: 'Discount', numeric: true }, { label: 'Amount', numeric: true }];

function OrderBody({ order, locale }: { order: Order; locale: Locale }) {
  const money = (minor: number) => formatMoney(minor, order.currency, locale.locale);
  return (
    <>
      <dl className="detail-list">
        <div><dt>State</dt><dd><OrderStateBadge state={order.state} /></dd></div>
        <div><dt>Buyer</dt><dd>{order.buyer.name} <span className="muted">&lt;{order.buyer.email}&gt;</span></dd></div>
        <div><dt>Paid</dt><dd>{formatDateTime(order.paidAt, locale)}</dd></div>
        <div><dt>Created</dt><dd>{formatDateTime(order.createdAt, locale)}</dd></div>
        <div><dt>Payment</dt><dd>{stateLabel(PAYMENT_METHOD_LABELS, order.paymentMethod)}</dd></div>
        <div><dt>Coupon</dt><dd>{order.coupon?.code ?? 'None'}</dd></div>
      </dl>
      <DataTable
        label="Items"
        frame={false}
        columns={ITEM_COLUMNS}
        foot={
          <>
            <tr><th scope="row">Original</th><td colSpan={3} className="num">{money(order.originalAmount)}</td></tr>
            <tr><th scope="row">Discount</th><td colSpan={3} className="num">{money(order.discountAmount)}</td></tr>
            <tr><th scope="row">Paid</th><td colSpan={3} className="num" data-field="paid">{money(order.paidAmount)}</td></tr>
            <tr><th scope="row">Refunded</th><td colSpan={3} className="num">{money(order.refundedAmount)}</td></tr>
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
