// Desktop: each app.notification the poller finds is shown as an OS notification (Electron Notification);
// a click brings the window forward and asks the renderer to open the record (notifications.open). What to
// show and when (dedupe, quiet hours) was decided in services/notifications; this only applies it.
import { Notification } from 'electron';
import type { EventHub } from '../services/ipc/event-hub';
import type { AppNotification } from '../../shared/ipc/notifications';

/** `showWindow` brings the window forward, making one when the app was kept running in the tray without it. */
export function showDesktopNotifications(events: EventHub, showWindow: () => void): () => void {
  // Kept referenced until clicked or closed: a garbage-collected Notification loses its click handler.
  const live = new Set<Notification>();
  return events.subscribe((event, payload) => {
    if (event !== 'app.notification' || !Notification.isSupported()) return;
    const item = payload as AppNotification;
    if (item.silent) return;
    const shown = new Notification({ title: item.title, body: `${item.schoolName}: ${item.body}` });
    live.add(shown);
    shown.on('click', () => {
      live.delete(shown);
      showWindow();
      events.emit('notifications.open', { accountId: item.accountId, id: item.id, route: item.route });
    });
    shown.on('close', () => live.delete(shown));
    shown.show();
  });
}
