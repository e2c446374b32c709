// The app's own model of the sales and subscriptions analytics (camelCase), what the IPC contract speaks.
// The engine computes them from the synced records (electron/services/engine/worker/sales-report.ts,
// subscriptions-report.ts); a platform report, where one is asked, is mapped into the same shape in
// electron/services/platform/analytics-platform.ts. Definitions: docs/business-api.md. Money is integer minor
// units per currency, never added across currencies.
import { z } from 'zod';
import { BillingInterval } from './courses';
import { CurrencyCode, SubscriptionState } from './money';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

const ReportInterval = z.enum(['day', 'week', 'month']);
type ReportInterval = z.infer<typeof ReportInterval>;

/** Sales in one currency over one range. net = gross − discounts − refunds. */
export const SalesTotals = z.object({
  gross: z.int(),
  discounts: z.int(),
  refunds: z.int(),
  net: z.int(),
  orders: z.int().nonnegative(),
  refundedOrders: z.int().nonnegative(),
  averageOrderValue: z.int(),
  refundRate: z.number().min(0).max(1),
});
export type SalesTotals = z.infer<typeof SalesTotals>;

export const CurrencySales = z.object({
  currency: CurrencyCode,
  current: SalesTotals,
  /** The same length just before the range. */
  previous: SalesTotals,
  /** The same local dates a year earlier. */
  lastYear: SalesTotals,
  series: z.array(SalesTotals.extend({ periodStart: isoTime })),
});
export type CurrencySales = z.infer<typeof CurrencySales>;

export const SalesReport = z.object({
  from: isoTime,
  to: isoTime,
  interval: ReportInterval,
  timeZone: z.string(),
  currencies: z.array(CurrencySales),
});
export type SalesReport = z.infer<typeof SalesReport>;

/** Subscription figures in one currency: as of now (MRR, active, past due, canceling) and over the range (new, churned). */
export const CurrencySubscriptions = z.object({
  currency: CurrencyCode,
  mrr: z.int(),
  activeSubscribers: z.int().nonnegative(),
  newSubscribers: z.int().nonnegative(),
  churnedSubscribers: z.int().nonnegative(),
  churnRate: z.number().min(0).max(1),
  pastDue: z.int().nonnegative(),
  canceling: z.int().nonnegative(),
});
export type CurrencySubscriptions = z.infer<typeof CurrencySubscriptions>;

export const SubscriptionsReport = z.object({ from: isoTime, to: isoTime, currencies: z.array(CurrencySubscriptions) });
export type SubscriptionsReport = z.infer<typeof SubscriptionsReport>;

/** A subscription as the engine keeps it and the analytics read it (the platform's, mapped once). */
export const SubscriptionRecord = z.object({
  id,
  memberId: id,
  memberName: z.string(),
  planId: id,
  state: SubscriptionState,
  currency: CurrencyCode,
  amount: z.int(),
  interval: BillingInterval,
  startedAt: isoTime,
  currentPeriodStart: isoTime,
  currentPeriodEnd: isoTime,
  nextChargeAt: isoTime.nullable(),
  canceling: z.boolean(),
  /** When it ended (canceled or expired); null while it runs. */
  canceledAt: isoTime.nullable(),
  updatedAt: isoTime,
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;

export const SubscriptionsOverview = z.object({
  report: SubscriptionsReport,
  pastDue: z.array(SubscriptionRecord),
  canceling: z.array(SubscriptionRecord),
});
export type SubscriptionsOverview = z.infer<typeof SubscriptionsOverview>;
