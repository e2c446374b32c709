// Notifications in the renderer. The main process finds them (app.notification); the desktop app shows them
// as OS notifications itself and sends notifications.open when one is clicked. In browser mode this page
// shows them: as Web Notifications once the admin allowed them in Settings (the permission is never asked
// on load), otherwise as an in-app notice. Clicking either shows the school and opens the record.
import { t } from '../../shared/i18n/i18n';
import { useCallback, useSyncExternalStore } from 'react';
import type { AppNotification } from '../../shared/ipc/notifications';
import { invoke, useEvent } from '../lib/bridge-hooks';
import { useNotices } from './notices';
import { useUiStore } from './ui-store';
import { useAppStatus } from './app-status';

type WebPermission = NotificationPermission | 'unsupported';

function webNotifications(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;
}

function webPermission(): WebPermission {
  return webNotifications()?.permission ?? 'unsupported';
}

// The permission changes only through requestPermission (or the browser's site settings): listeners are
// told after a request; the Permissions API tells about changes made elsewhere.
const permissionListeners = new Set<() => void>();
function subscribePermission(listener: () => void): () => void {
  permissionListeners.add(listener);
  let status: PermissionStatus | null = null;
  void navigator.permissions?.query({ name: 'notifications' }).then((s) => {
    status = s;
    s.onchange = listener;
  }).catch(() => undefined);
  return () => {
    permissionListeners.delete(listener);
    if (status) status.onchange = null;
  };
}

export function useWebPermission(): { permission: WebPermission; request: () => Promise<void> } {
  const permission = useSyncExternalStore(subscribePermission, webPermission, () => 'unsupported' as const);
  const request = useCallback(async () => {
    await webNotifications()?.requestPermission();
    for (const listener of [...permissionListeners]) listener();
  }, []);
  return { permission, request };
}

/** Shows the school the notification is about, opens its record and stops counting it as unseen. */
function openNotificationTarget(target: { accountId: string; id?: string | undefined; route: string }): void {
  const ui = useUiStore.getState();
  if (ui.activeAccountId !== target.accountId) {
    ui.setActiveAccountId(target.accountId);
    invoke('settings.set', { activeAccountId: target.accountId }).catch(() => undefined);
  }
  window.location.hash = `#${target.route}`;
  invoke('notifications.markSeen', { accountId: target.accountId, ...(target.id ? { id: target.id } : {}) }).catch(() => undefined);
}

/** Mounted once, by the app shell. */
export function useNotificationsSync(): void {
  const mode = useAppStatus()?.mode;
  const push = useNotices((s) => s.push);
  useEvent('notifications.open', openNotificationTarget);
  useEvent('app.notification', (notification) => {
    // Desktop: the main process shows it as an OS notification. Quiet hours: counted, not shown.
    if (mode !== 'browser' || notification.silent) return;
    showInBrowser(notification, push);
  });
}

function showInBrowser(notification: AppNotification, push: ReturnType<typeof useNotices.getState>['push']): void {
  const Web = webNotifications();
  const open = () => openNotificationTarget(notification);
  if (Web && Web.permission === 'granted') {
    try {
      const shown = new Web(notification.title, { body: `${notification.schoolName}: ${notification.body}`, tag: notification.id });
      shown.onclick = () => {
        window.focus();
        shown.close();
        open();
      };
      return;
    } catch {
      // Some browsers allow notifications only from a service worker: fall through to the in-app notice.
    }
  }
  push({ tone: 'info', title: notification.title, message: t('shell:notices.notification', { school: notification.schoolName, body: notification.body }), action: { label: t('shell:notices.open'), run: open } });
}
