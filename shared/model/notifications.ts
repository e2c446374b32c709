// What a poll of the platform found that may need the admin, in the app's terms: the platform adapter maps
// its payloads to these (platform/notification-mapping.ts), the notification policy decides on them.
import { z } from 'zod';

export const NotificationKind = z.enum(['refund', 'paymentProblem', 'comment', 'largeSale']);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Something a poll found, before the policy decides on it. */
export interface NotificationCandidate {
  /** Stable per school and event: `refund:ord_1`. The same key is never notified twice. */
  key: string;
  kind: NotificationKind;
  /** When it happened on the platform (ISO 8601). */
  at: string;
  title: string;
  body: string;
  route: string;
}
