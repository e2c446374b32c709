// The notifications' platform adapter: what the poller asks the platform (operations, the `updated_since` /
// `created_since` queries, paging, payload schemas) and what the answers mean as the policy's candidates
// (notification-mapping.ts). The poller (notifications/notifier.ts) decides when to ask and what to deliver.
import { Comment, Lecturer, SalesReport, Subscription } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import type { NotificationCandidate } from '../../../shared/model/notifications';
import {
  commentCandidates,
  commentsCreatedQuery,
  largeSaleReportQuery,
  largeSaleThresholds,
  orderCandidates,
  pastDueSubscriptionsQuery,
  subscriptionCandidate,
  todaySales,
  todaySalesQuery,
} from './notification-mapping';
import { readOrdersChangedSince } from './orders-platform';
import { readSchoolProfile } from './school-platform';
import type { TimeZoneSource } from '../../../shared/ipc/app';
import { isValidTimeZone } from '../../../shared/zoned-time';

/** Candidates found since a moment, and the times of every record looked at (to move the moment on). */
interface ChangesSince {
  candidates: NotificationCandidate[];
  seenAt: string[];
}

/**
 * Today's sales per currency, for the tray: today in the school's time zone (its school record), or in
 * `computerTimeZone` when the admin chose this computer's (Settings › Time zone) or the school's is unknown.
 */
export async function readTodaySales(caller: PlatformCaller, accountId: string, now: Date, zone: { source: TimeZoneSource; computerTimeZone: string }): Promise<{ currency: string; gross: number; orders: number }[]> {
  const schoolZone = zone.source === 'school' ? await readSchoolProfile(caller, accountId).then((s) => s.timeZone, () => null) : null;
  const timeZone = schoolZone && isValidTimeZone(schoolZone) ? schoolZone : zone.computerTimeZone;
  return todaySales(await caller.call(accountId, 'getSalesReport', SalesReport, { query: todaySalesQuery(now, timeZone) }));
}

/** Per currency, the paid amount from which a sale counts as unusually large (docs/business-api.md). */
export async function readLargeSaleThresholds(caller: PlatformCaller, accountId: string, now: Date): Promise<Record<string, number>> {
  return largeSaleThresholds(await caller.call(accountId, 'getSalesReport', SalesReport, { query: largeSaleReportQuery(now) }));
}

/** Orders changed since `since`: refunds, failed payments, and sales at or above `thresholds`. */
export async function orderChangesSince(caller: PlatformCaller, accountId: string, since: string, thresholds: Readonly<Record<string, number>>): Promise<ChangesSince> {
  const orders = await readOrdersChangedSince(caller, accountId, since);
  return { candidates: orders.flatMap((order) => orderCandidates(order, thresholds)), seenAt: orders.map((o) => o.updatedAt) };
}

/** The subscriptions past due now. */
export async function pastDueSubscriptions(caller: PlatformCaller, accountId: string): Promise<NotificationCandidate[]> {
  const subscriptions = await caller.paginate(accountId, 'listSubscriptions', Subscription, { query: pastDueSubscriptionsQuery() });
  return subscriptions.flatMap((s) => subscriptionCandidate(s) ?? []);
}

/** The school's lecturers' names (staff, whose comments are answers, not questions). */
export async function lecturerNames(caller: PlatformCaller, accountId: string): Promise<string[]> {
  return (await caller.paginate(accountId, 'listLecturers', Lecturer, { query: { limit: 200 } })).map((l) => l.name);
}

/** Learners' comments posted since `since` by anyone not among `staffNames` (lower-cased). */
export async function commentsSince(caller: PlatformCaller, accountId: string, since: string, staffNames: ReadonlySet<string>): Promise<ChangesSince> {
  const comments = await caller.paginate(accountId, 'listComments', Comment, { query: commentsCreatedQuery(since) });
  return { candidates: commentCandidates(comments, staffNames), seenAt: comments.map((c) => c.created_at) };
}
