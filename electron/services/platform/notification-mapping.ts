// The platform adapter for notifications: which operations and query names find what changed (orders by
// `updated_since`, past-due subscriptions, comments by `created_since`, the 90-day average order value), and
// how the platform's payloads become the policy's candidates (dedup key, kind, time, words, the route to
// open). Definitions (what "unanswered" and "unusually large" mean) are in docs/business-api.md.
import { formatMoney } from '../../../shared/currency-units';
import { currentUiLocale, t } from '../../../shared/i18n/i18n';
import type { z } from 'zod';
import type { Order } from '../../../shared/model/orders';
import type { Comment as CommentSchema, SalesReport, Subscription } from '../../../shared/platform/resources';
import type { NotificationCandidate } from '../../../shared/model/notifications';

/** An order at or above this many times the currency's 90-day average order value is "unusually large". */
export const LARGE_SALE_FACTOR = 5;
/** Fewer paid orders than this in 90 days: no baseline to call a sale unusual (no large-sale notifications). */
const LARGE_SALE_MIN_ORDERS = 20;
const LARGE_SALE_WINDOW_DAYS = 90;

type Comment = z.infer<typeof CommentSchema>;

// The words and amounts are the UI language's at the time the change is found (shared/i18n, main area).
const money = (minor: number, currency: string) => formatMoney(minor, currency, currentUiLocale().locale);

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
      const words = { tradeNumber: order.tradeNumber, buyer: who };
      const body = order.state === 'refunded' ? t('main:notifications.refunded', words) : t('main:notifications.refunding', words);
      return [{ key: `refund:${order.id}`, kind: 'refund', at: order.updatedAt, title: t('main:notifications.refundTitle', { amount: money(amount, order.currency) }), body, route }];
    }
    case 'failed':
      return [
        {
          key: `failed:${order.id}`,
          kind: 'paymentProblem',
          at: order.updatedAt,
          title: t('main:notifications.paymentFailedTitle'),
          body: t('main:notifications.paymentFailed', { tradeNumber: order.tradeNumber, buyer: who, amount: money(order.originalAmount - order.discountAmount, order.currency) }),
          route,
        },
      ];
    case 'paid': {
      const threshold = thresholds[order.currency];
      if (threshold === undefined || order.paidAt === null || order.paidAmount < threshold) return [];
      return [
        {
          key: `largeSale:${order.id}`,
          kind: 'largeSale',
          at: order.paidAt,
          title: t('main:notifications.largeSaleTitle', { amount: money(order.paidAmount, order.currency) }),
          body: t('main:notifications.largeSale', { tradeNumber: order.tradeNumber, buyer: who, factor: LARGE_SALE_FACTOR }),
          route,
        },
      ];
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
    title: t('main:notifications.pastDueTitle'),
    body: t('main:notifications.pastDue', { member: subscription.member_name, amount: money(subscription.amount, subscription.currency), interval: t(`main:notifications.intervals.${subscription.interval}`) }),
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
      title: t('main:notifications.commentTitle', { author: c.author_name }),
      body: c.body.length > 140 ? `${c.body.slice(0, 139)}…` : c.body,
      route: '/comments?show=unanswered',
    }));
}
