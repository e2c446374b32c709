// The one place where the platform's order payload (snake_case, its state, payment and product words) becomes
// the app's Order (shared/model/orders.ts). Used per page in the engine's worker (orders-feed.ts), for one order
// or a course's orders in the main process (orders-platform.ts), and for the notifications' changed orders.
// Pure and allocation-light: a million orders pass through it on a cold sync.
import type { Order, OrderItem, OrderState, PaymentMethod, ProductKind } from '../../../shared/model/orders';
import type { LineItem as PlatformLineItem, Order as PlatformOrder } from '../../../shared/platform/resources';

const STATES: Readonly<Record<PlatformOrder['state'], OrderState>> = {
  not_paid: 'notPaid',
  paid: 'paid',
  expired: 'expired',
  failed: 'failed',
  manual_enrolled: 'manuallyEnrolled',
  refunded: 'refunded',
  refunding: 'refunding',
};

const PAYMENT_METHODS: Readonly<Record<PlatformOrder['payment_method'], PaymentMethod>> = {
  credit_card: 'creditCard',
  atm: 'atm',
  cvs: 'convenienceStore',
  paypal: 'paypal',
  line_pay: 'linePay',
  apple_pay: 'applePay',
  free: 'free',
};

const PRODUCT_KINDS: Readonly<Record<PlatformLineItem['kind'], ProductKind>> = {
  curriculum_plan: 'coursePlan',
  membership_plan: 'membershipPlan',
  ticket: 'ticket',
  digital_product: 'digitalProduct',
  order_bump: 'orderBump',
  meeting: 'meeting',
};

function toOrderItem(item: PlatformLineItem): OrderItem {
  return {
    id: item.id,
    productKind: PRODUCT_KINDS[item.kind],
    productId: item.product_id,
    courseId: item.course_id,
    name: item.name,
    originalAmount: item.original_amount,
    discountAmount: item.discount_amount,
    amount: item.amount,
  };
}

/** A platform order (already checked against its schema) as the app's Order. */
export function toOrder(order: PlatformOrder): Order {
  const items = new Array<OrderItem>(order.items.length);
  for (let k = 0; k < items.length; k++) items[k] = toOrderItem(order.items[k]!);
  return {
    id: order.id,
    tradeNumber: order.trade_number,
    state: STATES[order.state],
    buyer: { id: order.buyer.id, name: order.buyer.name, email: order.buyer.email },
    paymentMethod: PAYMENT_METHODS[order.payment_method],
    currency: order.currency,
    originalAmount: order.original_amount,
    discountAmount: order.discount_amount,
    paidAmount: order.paid_amount,
    refundedAmount: order.refunded_amount,
    coupon: order.coupon === null ? null : { id: order.coupon.coupon_id, code: order.coupon.code },
    items,
    createdAt: order.created_at,
    paidAt: order.paid_at,
    updatedAt: order.updated_at,
  };
}
