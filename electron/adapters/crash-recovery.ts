// Applies the crash-recovery decision (services/desktop/crash-recovery.ts) to the main window: reload the
// page that was open after a first crash, the recovery page after a second, and that page's three links.
import { app, shell } from 'electron';
import type { BrowserWindow } from 'electron';
import { CrashHistory, recoveryActionFor, recoveryPageHtml, recoveryPageUrl, reloadUrlAfterCrash } from '../services/desktop/crash-recovery';
import type { Logger } from '../services/log';

export interface CrashRecoveryOptions {
  entryUrl: string;
  appOrigin: string;
  logFolder: string;
  logger: Logger;
}

export function recoverFromRendererCrashes(window: BrowserWindow, options: CrashRecoveryOptions, history = new CrashHistory()): void {
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
      void contents.loadURL(recoveryPageUrl(recoveryPageHtml({ appName: app.getName(), appOrigin: options.appOrigin, logFolder: options.logFolder })));
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
      void shell.openPath(options.logFolder);
    } else {
      app.quit();
    }
  });
}
