// Part of the IPC contract (see shared/ipc.ts): what needs the admin (a new refund, a payment problem, an
// unanswered comment, an unusually large sale), found by the main process's polling (docs/notifications.md),
// and the admin's choices about it (per school per kind, quiet hours), kept with the other settings.
import { z } from 'zod';
import { AccountId } from './accounts';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';
import { NotificationKind } from '../model/notifications';

export { NotificationKind };

/** The words for each kind, in Settings and in the tray. */
/** The read scopes a kind is found with (any one of them, all of one list): without them it is not looked for. */
const NOTIFICATION_KIND_SCOPES: Record<NotificationKind, readonly (readonly string[])[]> = {
  refund: [['orders:read']],
  paymentProblem: [['orders:read'], ['subscriptions:read']],
  comment: [['comments:read']],
  largeSale: [['orders:read', 'analytics:read']],
};

export function kindAvailable(kind: NotificationKind, granted: readonly string[]): boolean {
  return NOTIFICATION_KIND_SCOPES[kind].some((scopes) => scopes.every((scope) => granted.includes(scope)));
}

/** "HH:MM", 24-hour, the computer's local time. */
const ClockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (00:00 to 23:59)');

export const QuietHours = z.object({
  enabled: z.boolean(),
  start: ClockTime,
  end: ClockTime,
});
export type QuietHours = z.infer<typeof QuietHours>;

export const NotificationSettings = z.object({
  /** Kinds turned off, per school (account id). Absent: every kind on. */
  off: z.record(AccountId, z.array(NotificationKind).max(NotificationKind.options.length)).refine((value) => Object.keys(value).length <= 100, 'at most 100 schools'),
  /** While on, nothing pops up (it still counts in the badge); may cross midnight (22:00 to 07:00). */
  quietHours: QuietHours,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { off: {}, quietHours: { enabled: false, start: '22:00', end: '07:00' } };

export const AppNotification = z.object({
  /** Unique per school and event (the dedup key). */
  id: z.string().min(1).max(200),
  accountId: AccountId,
  schoolName: z.string().max(300),
  kind: NotificationKind,
  title: z.string().max(200),
  body: z.string().max(500),
  /** The record to open, as an in-app route: /orders/ord_1, /subscriptions/members/mem_1, /comments?thread=… */
  route: z.string().regex(/^\/[\w\-/?=&.%]*$/).max(300),
  /** When it happened on the platform. */
  at: z.iso.datetime({ offset: true }),
  /** In quiet hours: counted, not shown. */
  silent: z.boolean(),
});
export type AppNotification = z.infer<typeof AppNotification>;

export const Attention = z.object({
  schools: z.array(z.object({ accountId: AccountId, schoolName: z.string(), unseen: z.int().nonnegative() })),
  total: z.int().nonnegative(),
});
export type Attention = z.infer<typeof Attention>;

export const notificationMethods = {
  'notifications.attention': method(z.object({}).strict(), Attention, 'How many notifications each school has that the admin has not opened yet.'),
  'notifications.markSeen': method(
    z.object({ accountId: AccountId, id: z.string().min(1).max(200).optional() }).strict(),
    Attention,
    'The admin opened this notification (or, without id, looked at all of the school\'s): it stops counting as needing attention.',
  ),
} satisfies Record<string, MethodDef>;

export const notificationEvents = {
  'app.notification': event(AppNotification, 'Something needs the admin (a refund, a payment problem, an unanswered comment, a large sale): show it, and open its route when clicked.'),
  'notifications.attentionChanged': event(Attention, 'The count of unseen notifications per school changed.'),
  'notifications.open': event(
    z.object({ accountId: AccountId, id: z.string().min(1).max(200).optional(), route: AppNotification.shape.route }),
    'Desktop: the admin clicked an OS notification (id) or the tray\'s "needs attention" of a school (no id; the window is already focused): show that school, open the route, count them seen.',
  ),
} satisfies Record<string, EventDef>;
