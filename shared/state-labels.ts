// The words for states, written once: the badges, the filters and the CSV export all say the same thing,
// so an admin who filters on "Manually enrolled" finds "Manually enrolled" in the table and the spreadsheet.
// The words are the catalogue's (labels area): each record reads its label when it is asked for, so it is
// in the realm's UI language at that moment (the renderer's, the main process's, the data engine's).
import { t } from './i18n/i18n';
import type { OrderState, PaymentMethod } from './model/orders';
import type { SubscriptionView } from './model/money';

/** A record of state → label whose values are looked up in the catalogue's `group` on each read. */
function catalogueLabels<K extends string>(group: 'orderState' | 'paymentMethod' | 'courseState' | 'subscriptionState' | 'interval', keys: readonly K[]): Readonly<Record<K, string>> {
  const labels = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(labels, key, { enumerable: true, get: () => t(`labels:${group}.${key}` as never) });
  return Object.freeze(labels);
}

/** Keyed on the app's order states (shared/model/orders.ts). */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> & Readonly<Record<string, string>> = catalogueLabels('orderState', [
  'notPaid', 'paid', 'expired', 'failed', 'manuallyEnrolled', 'refunded', 'refunding',
] satisfies OrderState[]);

/** How an order was paid, as the order's details and the CSV say it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> & Readonly<Record<string, string>> = catalogueLabels('paymentMethod', [
  'creditCard', 'atm', 'convenienceStore', 'paypal', 'linePay', 'applePay', 'free',
] satisfies PaymentMethod[]);

export const COURSE_STATE_LABELS: Readonly<Record<string, string>> = catalogueLabels('courseState', ['draft', 'published', 'hidden']);

/** A subscription's state, as the Members page, a profile and the Subscriptions page say it. */
export const SUBSCRIPTION_STATE_LABELS: Readonly<Record<SubscriptionView['state'], string>> = catalogueLabels('subscriptionState', [
  'active', 'incomplete', 'trialing', 'past_due', 'canceled', 'expired',
] satisfies SubscriptionView['state'][]);

/** A billing interval in "NT$990 / month". */
export const INTERVAL_LABELS: Readonly<Record<SubscriptionView['interval'], string>> = catalogueLabels('interval', ['day', 'month', 'year'] satisfies SubscriptionView['interval'][]);

/** A state's label, or the platform's own word for a state this version does not know yet. */
export function stateLabel(labels: Readonly<Record<string, string>>, state: string): string {
  return labels[state] ?? state;
}
