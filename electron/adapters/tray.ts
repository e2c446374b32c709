// The menu-bar item (macOS) or tray icon (Windows, Linux) and the dock / taskbar badge. What they show is
// decided by services/notifications/tray-model.ts; this turns the model into Tray, Menu and badge calls.
import { app, Menu, nativeImage, Tray, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import appIconDataUrl from '../../build/icon.png?inline';
import type { EventHub } from '../services/ipc/event-hub';
import type { Notifier } from '../services/notifications/notifier';
import { badgeModel, trayModel, type DesktopPlatform, type TrayItem } from '../services/notifications/tray-model';
import { badgeBitmap } from '../services/notifications/badge-bitmap';

interface TrayOptions {
  notifier: Notifier;
  events: EventHub;
  mainWindow: () => BrowserWindow | null;
  /** Shows the window (creating it when it was closed). */
  showWindow: () => void;
  /** The UI locale (its words and its money format), and its changes: the tray is redrawn in the new language. */
  locale: () => string;
  onLanguageChange: (listener: () => void) => () => void;
}

function trayIcon(): Electron.NativeImage {
  // The app icon, inlined into main.cjs by vite (a packaged app ships no build/ folder).
  const image = nativeImage.createFromDataURL(appIconDataUrl);
  return image.isEmpty() ? image : image.resize({ width: 16, height: 16 });
}

/** Windows' overlay: the count drawn on a red disc (badge-bitmap.ts), 16 px and 32 px for high-DPI screens. */
function overlayIcon(text: string): Electron.NativeImage | null {
  const small = badgeBitmap(text, 16);
  const large = badgeBitmap(text, 32);
  if (!small || !large) return null;
  const image = nativeImage.createFromBitmap(Buffer.from(small.pixels), { width: small.width, height: small.height, scaleFactor: small.scaleFactor });
  image.addRepresentation({ buffer: Buffer.from(large.pixels), width: large.width, height: large.height, scaleFactor: large.scaleFactor });
  return image;
}

/** The tray's handle: `redraw` after a new window opens (the overlay badge belongs to a window), `stop` to remove it. */
export interface TrayHandle {
  redraw(): void;
  stop(): void;
}

export function startTray(options: TrayOptions): TrayHandle {
  const platform = (['darwin', 'win32'].includes(process.platform) ? process.platform : 'linux') as DesktopPlatform;
  const tray = new Tray(trayIcon());
  // Held from the global as well: a Tray nothing references can be garbage-collected and vanish, and the
  // release runners' _electron spec reads it from there.
  (globalThis as { schoolCompanionTray?: Tray }).schoolCompanionTray = tray;

  const menuItem = (item: TrayItem): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'header':
        return { label: item.label, enabled: false };
      case 'info':
        return { label: item.label, enabled: false };
      case 'item':
        return {
          label: item.label,
          click: () => {
            const action = item.action;
            if (action.type === 'quit') return app.quit();
            options.showWindow();
            if (action.type === 'openSchool') options.events.emit('notifications.open', { accountId: action.accountId, route: action.route });
          },
        };
    }
  };

  const redraw = () => {
    const schools = options.notifier.traySchools();
    const model = trayModel(schools, platform, options.locale());
    tray.setToolTip(model.tooltip);
    if (platform === 'darwin') tray.setTitle(model.title);
    tray.setContextMenu(Menu.buildFromTemplate(model.items.map(menuItem)));
    // The badge counts what is new (the notifier's unseen alerts, as the dock's has), not Today's standing counts:
    // those include learners stalled this week and events coming up, so the overlay would sit at 99+.
    const badge = badgeModel(options.notifier.attention().total);
    if (platform === 'win32') {
      const window = options.mainWindow();
      window?.setOverlayIcon(overlayIcon(badge.overlayText), badge.description);
    } else {
      app.setBadgeCount(badge.count);
    }
  };

  redraw();
  const stop = options.notifier.onChange(redraw);
  const stopLanguage = options.onLanguageChange(redraw);
  return {
    redraw,
    stop: () => {
      stop();
      stopLanguage();
      delete (globalThis as { schoolCompanionTray?: Tray }).schoolCompanionTray;
      tray.destroy();
    },
  };
}
