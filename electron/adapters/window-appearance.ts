// Applies the window decisions of services/desktop and shared/window-colors: nativeTheme and the window's
// background follow the theme setting; the window comes forward when a browser sign-in ends.
import { app, nativeTheme } from 'electron';
import type { BrowserWindow } from 'electron';
import type { Theme } from '../../shared/ipc/app';
import { decideNativeTheme } from '../../shared/window-colors';
import { bringForwardSteps } from '../services/desktop/window-focus';

/** Sets nativeTheme for the setting and returns the background a new window should be painted with. */
export function applyTheme(theme: Theme, window: BrowserWindow | null): string {
  nativeTheme.themeSource = decideNativeTheme(theme, false).themeSource;
  // After themeSource is set, shouldUseDarkColors is what the OS and the setting resolve to together.
  const { backgroundColor } = decideNativeTheme(theme, nativeTheme.shouldUseDarkColors);
  if (window && !window.isDestroyed()) window.setBackgroundColor(backgroundColor);
  return backgroundColor;
}

/** The OS switched light/dark while the setting is "system": repaint the window's background too. */
export function followSystemTheme(theme: () => Theme, window: () => BrowserWindow | null): void {
  nativeTheme.on('updated', () => {
    const current = window();
    if (current && !current.isDestroyed()) current.setBackgroundColor(decideNativeTheme(theme(), nativeTheme.shouldUseDarkColors).backgroundColor);
  });
}

export function bringWindowForward(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  for (const step of bringForwardSteps(process.platform, { minimized: window.isMinimized(), visible: window.isVisible() })) {
    if (step === 'restore') window.restore();
    else if (step === 'show') window.show();
    else if (step === 'app-focus-steal') app.focus({ steal: true });
    else window.focus();
  }
}
