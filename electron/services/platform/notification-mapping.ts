// The platform adapter for notifications: which operations and query names find what changed (orders by
// `updated_since`, past-due subscriptions, comments by `created_since`, the 90-day average order value), and
// how the platform's payloads become the policy's candidates (dedup key, kind, time, words, the route to
// open). Definitions (what "unanswered" and "unusually large" mean) are in docs/business-api.md.
import { formatMoney } from '../../../shared/currency-units';
import type { z } from 'zod';
import type { Order } from '../../../shared/model/orders';
import type { Comment as CommentSchema, SalesReport, Subscription } from '../../../shared/platform/resources';
import type { NotificationCandidate } from '../../../shared/model/notifications';
import { localDateOf, startOfLocalDay } from '../../../shared/zoned-time';

/** An order at or above this many times the currency's 90-day average order value is "unusually large". */
export const LARGE_SALE_FACTOR = 5;
/** Fewer paid orders than this in 90 days: no baseline to call a sale unusual (no large-sale notifications). */
const LARGE_SALE_MIN_ORDERS = 20;
const LARGE_SALE_WINDOW_DAYS = 90;

type Comment = z.infer<typeof CommentSchema>;

const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en-US');

export function ordersChangedQuery(since: string): Record<string, string | number> {
  return { updated_since: since, sort: 'updated_at', limit: 200 };
}

export function pastDueSubscriptionsQuery(): Record<string, string | number> {
  return { state: 'past_due', limit: 200 };
}

export function commentsCreatedQuery(since: string): Record<string, string | number> {
  return { created_since: since, limit: 200 };
}

export function largeSaleReportQuery(now: Date): Record<string, string> {
  const to = new Date(now);
  const from = new Date(now.getTime() - LARGE_SALE_WINDOW_DAYS * 86_400_000);
  return { from: from.toISOString(), to: to.toISOString(), interval: 'month' };
}

/** Per currency, the paid amount (minor units) from which a sale counts as unusually large. */
export function largeSaleThresholds(report: SalesReport): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { currency, current } of report.currencies) {
    if (current.orders >= LARGE_SALE_MIN_ORDERS && current.average_order_value > 0) out[currency] = current.average_order_value * LARGE_SALE_FACTOR;
  }
  return out;
}

function orderRoute(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}

/** What a changed order means for the admin: a refund, a failed payment, an unusually large sale, or nothing. */
export function orderCandidates(order: Order, thresholds: Readonly<Record<string, number>>): NotificationCandidate[] {
  const who = order.buyer.name;
  const route = orderRoute(order.id);
  switch (order.state) {
    case 'refunded':
    case 'refunding': {
      const amount = order.refundedAmount > 0 ? order.refundedAmount : order.paidAmount;
      return [{ key: `refund:${order.id}`, kind: 'refund', at: order.updatedAt, title: `Refund: ${money(amount, order.currency)}`, body: `Order ${order.tradeNumber} by ${who} was ${order.state === 'refunded' ? 'refunded' : 'sent for refund'}.`, route }];
    }
    case 'failed':
      return [{ key: `failed:${order.id}`, kind: 'paymentProblem', at: order.updatedAt, title: 'A payment failed', body: `Order ${order.tradeNumber} by ${who} (${money(order.originalAmount - order.discountAmount, order.currency)}) could not be paid.`, route }];
    case 'paid': {
      const threshold = thresholds[order.currency];
      if (threshold === undefined || order.paidAt === null || order.paidAmount < threshold) return [];
      return [{ key: `largeSale:${order.id}`, kind: 'largeSale', at: order.paidAt, title: `Large sale: ${money(order.paidAmount, order.currency)}`, body: `Order ${order.tradeNumber} by ${who}, at least ${LARGE_SALE_FACTOR}× the usual order.`, route }];
    }
    default:
      return [];
  }
}

/** A subscription that went past due, once per billing period (it may go past due again next period). */
export function subscriptionCandidate(subscription: Subscription): NotificationCandidate | null {
  if (subscription.state !== 'past_due') return null;
  return {
    key: `pastDue:${subscription.id}:${subscription.current_period_start}`,
    kind: 'paymentProblem',
    at: subscription.updated_at,
    title: 'A subscription is past due',
    body: `${subscription.member_name}'s ${money(subscription.amount, subscription.currency)} per ${subscription.interval} payment did not go through.`,
    route: `/subscriptions/members/${encodeURIComponent(subscription.member_id)}`,
  };
}

/**
 * New top-level comments that no one of the school's staff has answered: the inbox's rule (comments-mapping.ts,
 * docs/business-api.md). Staff are known by the platform's `author_role`; a platform that sends no role names
 * them through `staffNames` (the signed-in admin; the lecturers when lecturers:read is granted).
 */
export function commentCandidates(comments: readonly Comment[], staffNames: ReadonlySet<string>): NotificationCandidate[] {
  const isStaff = (c: Comment) => (c.author_role !== undefined ? c.author_role === 'staff' : staffNames.has(c.author_name.trim().toLowerCase()));
  const answered = new Set(comments.filter((c) => c.parent_id !== null && isStaff(c)).map((c) => c.parent_id));
  return comments
    .filter((c) => c.parent_id === null && !isStaff(c) && !answered.has(c.id))
    .map((c) => ({
      key: `comment:${c.id}`,
      kind: 'comment' as const,
      at: c.created_at,
      title: `New comment from ${c.author_name}`,
      body: c.body.length > 140 ? `${c.body.slice(0, 139)}…` : c.body,
      route: '/comments?show=unanswered',
    }));
}

/** Today so far, from midnight of the business time zone (the school's, or the computer's when chosen): the tray's "today's sales". */
export function todaySalesQuery(now: Date, timeZone: string): Record<string, string> {
  const midnight = startOfLocalDay(localDateOf(now.getTime(), timeZone), timeZone);
  return { from: new Date(midnight).toISOString(), to: now.toISOString(), interval: 'day', time_zone: timeZone };
}

/** Per currency, gross sales and orders of the report's range (the tray never adds two currencies). */
export function todaySales(report: SalesReport): { currency: string; gross: number; orders: number }[] {
  return report.currencies.map(({ currency, current }) => ({ currency, gross: current.gross, orders: current.orders })).filter((s) => s.orders > 0);
}
