// The app's own model of an order (camelCase): what the IPC contract, the data engine, the renderer, the
// palette, the notifications and the student profile speak. Platform payloads (snake_case) are mapped into it in
// one place: electron/services/platform/orders-mapping.ts (used by orders-feed.ts in the engine's worker and
// orders-platform.ts in the main process). Money is integer minor units of the order's currency.
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
const minor = z.int();
const currency = z.string().regex(/^[A-Z]{3}$/);

/** Where an order stands. The labels (badges, filters, CSV) are in shared/state-labels.ts. */
export const OrderState = z.enum(['notPaid', 'paid', 'expired', 'failed', 'manuallyEnrolled', 'refunded', 'refunding']);
export type OrderState = z.infer<typeof OrderState>;

export const PaymentMethod = z.enum(['creditCard', 'atm', 'convenienceStore', 'paypal', 'linePay', 'applePay', 'free']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** What a line item sells. */
export const ProductKind = z.enum(['coursePlan', 'membershipPlan', 'ticket', 'digitalProduct', 'orderBump', 'meeting']);
export type ProductKind = z.infer<typeof ProductKind>;

export const OrderItem = z.object({
  id,
  productKind: ProductKind,
  productId: id,
  /** The course a course plan belongs to; null for anything else. */
  courseId: id.nullable(),
  name: z.string(),
  originalAmount: minor,
  discountAmount: minor,
  /** What the buyer paid for the line: original minus discount. */
  amount: minor,
});
export type OrderItem = z.infer<typeof OrderItem>;

const OrderBuyer = z.object({ id, name: z.string(), email: z.string() });
type OrderBuyer = z.infer<typeof OrderBuyer>;

export const Order = z.object({
  id,
  tradeNumber: z.string(),
  state: OrderState,
  buyer: OrderBuyer,
  paymentMethod: PaymentMethod,
  currency,
  /** Price before discount. */
  originalAmount: minor,
  discountAmount: minor,
  paidAmount: minor,
  refundedAmount: minor,
  /** The coupon used, if any: its id (the Coupons page counts by it) and the code the buyer typed. */
  coupon: z.object({ id, code: z.string() }).nullable(),
  items: z.array(OrderItem),
  createdAt: isoTime,
  /** Null: never paid. */
  paidAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type Order = z.infer<typeof Order>;

/** Totals of exactly the filtered orders in one currency (integer minor units). */
export const CurrencyTotals = z.object({
  currency,
  count: z.int().nonnegative(),
  original: z.int(),
  discount: z.int(),
  paid: z.int(),
  refunded: z.int(),
  /** paid - refunded */
  net: z.int(),
});
export type CurrencyTotals = z.infer<typeof CurrencyTotals>;
