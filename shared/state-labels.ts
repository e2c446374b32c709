// The words for states, written once: the badges, the filters and the CSV export all say the same thing,
// so an admin who filters on "Manually enrolled" finds "Manually enrolled" in the table and the spreadsheet.

import type { OrderState, PaymentMethod } from './model/orders';

/** Keyed on the app's order states (shared/model/orders.ts). */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> & Readonly<Record<string, string>> = {
  notPaid: 'Not paid',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
  manuallyEnrolled: 'Manually enrolled',
  refunded: 'Refunded',
  refunding: 'Refunding',
};

/** How an order was paid, as the order's details and the CSV say it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> & Readonly<Record<string, string>> = {
  creditCard: 'Credit card',
  atm: 'ATM transfer',
  convenienceStore: 'Convenience store',
  paypal: 'PayPal',
  linePay: 'LINE Pay',
  applePay: 'Apple Pay',
  free: 'Free',
};

export const COURSE_STATE_LABELS: Readonly<Record<string, string>> = { draft: 'Draft', published: 'Published', hidden: 'Hidden' };

/** A state's label, or the platform's own word for a state this version does not know yet. */
export function stateLabel(labels: Readonly<Record<string, string>>, state: string): string {
  return labels[state] ?? state;
}
