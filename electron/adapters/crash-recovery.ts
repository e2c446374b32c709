// Applies the crash-recovery decision (services/desktop/crash-recovery.ts) to the main window: reload the
// page that was open after a first crash, the recovery page after a second, and that page's three links.
// Electron's app and shell come in as functions, so this runs in tests against a stand-in window.
import type { BrowserWindow } from 'electron';
import { CrashHistory, recoveryActionFor, recoveryPageHtml, recoveryPageUrl, reloadUrlAfterCrash } from '../services/desktop/crash-recovery';
import type { Logger } from '../services/log';

interface CrashRecoveryOptions {
  entryUrl: string;
  appOrigin: string;
  logFolder: string;
  logger: Logger;
  appName: string;
  /** shell.openPath */
  openFolder(path: string): void;
  /** app.quit */
  quit(): void;
}

export function recoverFromRendererCrashes(window: Pick<BrowserWindow, 'webContents' | 'isDestroyed'>, options: CrashRecoveryOptions, history = new CrashHistory()): void {
  const contents = window.webContents;
  // The URL of the page that was open, kept as it changes: after a crash getURL() is not to be relied on.
  let lastUrl: string | null = null;
  contents.on('did-navigate', (_event, url) => {
    lastUrl = url;
  });
  contents.on('did-navigate-in-page', (_event, url) => {
    lastUrl = url;
  });

  contents.on('render-process-gone', (_event, details) => {
    const decision = history.decide(details.reason, Date.now());
    options.logger.error('the window stopped unexpectedly', { reason: details.reason, exitCode: details.exitCode, action: decision.action });
    if (window.isDestroyed()) return;
    if (decision.action === 'reload') void contents.loadURL(reloadUrlAfterCrash(options.entryUrl, lastUrl, options.appOrigin));
    if (decision.action === 'recover') {
      void contents.loadURL(recoveryPageUrl(recoveryPageHtml({ appName: options.appName, appOrigin: options.appOrigin, logFolder: options.logFolder })));
    }
  });

  contents.on('will-navigate', (event) => {
    const action = recoveryActionFor(event.url, options.appOrigin, contents.getURL());
    if (!action) return;
    event.preventDefault();
    if (action === 'reload') {
      history.reset();
      void contents.loadURL(options.entryUrl);
    } else if (action === 'open-log-folder') {
      options.openFolder(options.logFolder);
    } else {
      options.quit();
    }
  });
}
