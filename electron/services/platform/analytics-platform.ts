// The platform adapter for the sales and subscriptions analytics: the report operations (getSalesReport,
// getSubscriptionsReport), listSubscriptions, their query parameters (`time_zone`, `interval`, `course_id`,
// `state`, `canceling`) and paging, and the mapping of their snake_case payloads into the app's model
// (shared/model/analytics.ts). The report endpoints are the sandbox's, not the platform spec's: the engine
// computes the same figures from the synced records, and these are asked only while it has none.
import type { z } from 'zod';
import type {
  CurrencySubscriptions, SalesReport, SalesTotals, SubscriptionRecord, SubscriptionsOverview, SubscriptionsReport,
} from '../../../shared/model/analytics';
import {
  SalesReport as PlatformSalesReport, Subscription as PlatformSubscription, SubscriptionsReport as PlatformSubscriptionsReport,
} from '../../../shared/platform/resources';
import type { SalesTotals as PlatformSalesTotals } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { rangeQuery, type RangeInput } from './courses-platform';

// ------------------------------------------------------------------------------------------------ mapping

function toSalesTotals(raw: z.output<typeof PlatformSalesTotals>): SalesTotals {
  return {
    gross: raw.gross,
    discounts: raw.discounts,
    refunds: raw.refunds,
    net: raw.net,
    orders: raw.orders,
    refundedOrders: raw.refunded_orders,
    averageOrderValue: raw.average_order_value,
    refundRate: raw.refund_rate,
  };
}

export function toSalesReport(raw: z.output<typeof PlatformSalesReport>): SalesReport {
  return {
    from: raw.from,
    to: raw.to,
    interval: raw.interval,
    timeZone: raw.time_zone,
    currencies: raw.currencies.map((c) => ({
      currency: c.currency,
      current: toSalesTotals(c.current),
      previous: toSalesTotals(c.previous),
      lastYear: toSalesTotals(c.last_year),
      series: c.series.map(({ period_start, ...totals }) => ({ periodStart: period_start, ...toSalesTotals(totals) })),
    })),
  };
}

export function toSubscriptionsReport(raw: z.output<typeof PlatformSubscriptionsReport>): SubscriptionsReport {
  return {
    from: raw.from,
    to: raw.to,
    currencies: raw.currencies.map((c): CurrencySubscriptions => ({
      currency: c.currency,
      mrr: c.mrr,
      activeSubscribers: c.active_subscribers,
      newSubscribers: c.new_subscribers,
      churnedSubscribers: c.churned_subscribers,
      churnRate: c.churn_rate,
      pastDue: c.past_due,
      canceling: c.canceling,
    })),
  };
}

export function toSubscriptionRecord(raw: z.output<typeof PlatformSubscription>): SubscriptionRecord {
  return {
    id: raw.id,
    memberId: raw.member_id,
    memberName: raw.member_name,
    planId: raw.plan_id,
    state: raw.state,
    currency: raw.currency,
    amount: raw.amount,
    interval: raw.interval,
    startedAt: raw.started_at,
    currentPeriodStart: raw.current_period_start,
    currentPeriodEnd: raw.current_period_end,
    nextChargeAt: raw.next_charge_at,
    canceling: raw.canceling,
    canceledAt: raw.canceled_at,
    updatedAt: raw.updated_at,
  };
}

// ------------------------------------------------------------------------------------------------- reads

/** The platform's sales report (only the sandbox has one): the figures of docs/business-api.md, "Sales". */
export async function readSalesReport(
  caller: PlatformCaller,
  accountId: string,
  input: RangeInput & { interval: string; courseId?: string | undefined },
  signal: AbortSignal,
): Promise<SalesReport> {
  const raw = await caller.call(accountId, 'getSalesReport', PlatformSalesReport, { query: { ...rangeQuery(input), interval: input.interval, course_id: input.courseId }, signal });
  return toSalesReport(raw);
}

/** The platform's subscriptions report (only the sandbox has one) with the past-due and canceling subscriptions. */
export async function readSubscriptions(caller: PlatformCaller, accountId: string, input: RangeInput, signal: AbortSignal): Promise<SubscriptionsOverview> {
  const [report, pastDue, canceling] = await Promise.all([
    caller.call(accountId, 'getSubscriptionsReport', PlatformSubscriptionsReport, { query: rangeQuery(input), signal }),
    caller.paginate(accountId, 'listSubscriptions', PlatformSubscription, { query: { state: 'past_due', limit: 1000 }, signal }),
    caller.paginate(accountId, 'listSubscriptions', PlatformSubscription, { query: { canceling: true, limit: 1000 }, signal }),
  ]);
  return {
    report: toSubscriptionsReport(report),
    pastDue: pastDue.map(toSubscriptionRecord),
    canceling: canceling.filter((s) => s.canceling).map(toSubscriptionRecord),
  };
}
