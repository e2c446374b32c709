// The notifications.* handlers: the attention count, and marking a notification (or a school's) as seen.
import type { MethodHandlers } from '../ipc/handler-types';
import type { Notifier } from './notifier';

export function createNotificationHandlers(notifier: Notifier): Pick<MethodHandlers, 'notifications.attention' | 'notifications.markSeen'> {
  return {
    'notifications.attention': async () => notifier.attention(),
    'notifications.markSeen': async (input) => notifier.markSeen(input.accountId, input.id),
  };
}
