// Whether the desktop app keeps running with no window (in the tray) and opens at login: decided here, in
// plain Node, so each platform's answer is tested; electron/main.ts only applies it. macOS apps never quit
// when their last window closes (the dock and menu-bar item stay), so "Keep running in the tray" is a
// Windows and Linux choice, offered only where the tray icon is actually shown.
import type { DesktopOptions } from '../../../shared/ipc/app';

interface BackgroundSettings {
  keepRunningInTray: boolean;
  openAtLogin: boolean;
}

/** Which of the two settings this app can honour here (Settings offers only these). */
export function offeredDesktopOptions(platform: NodeJS.Platform, trayShown: boolean, packaged: boolean): DesktopOptions {
  return {
    keepRunningInTray: platform !== 'darwin' && trayShown,
    // Electron registers login items on macOS and Windows only; an unpackaged build would register the bare
    // Electron binary, which opens no app.
    openAtLogin: packaged && (platform === 'darwin' || platform === 'win32'),
  };
}

/** What closing the last window does: quit, or keep running (notifications, the tray, the badge). */
export function whenLastWindowCloses(platform: NodeJS.Platform, settings: BackgroundSettings, trayShown: boolean): 'quit' | 'keep-running' {
  if (platform === 'darwin') return 'keep-running';
  return trayShown && settings.keepRunningInTray ? 'keep-running' : 'quit';
}

/** app.setLoginItemSettings's argument, or null where the app cannot register itself (then nothing is called). */
export function loginItemSettings(options: DesktopOptions, settings: BackgroundSettings): { openAtLogin: boolean } | null {
  return options.openAtLogin ? { openAtLogin: settings.openAtLogin } : null;
}
