// The thin glue between electron-updater and the update policy (electron/services/updates/). Only this file
// touches electron-updater; every decision (when to check, what to tell the admin, pause, install on quit)
// is the policy's and is unit-tested without Electron.
//
// What electron-updater verifies before anything is installed (we add nothing of our own):
// - every download's sha512 against latest.yml / latest-mac.yml, which electron-builder writes at publish;
// - Windows: the installer's Authenticode signature must name the publisher the running app was signed
//   with (`verifyUpdateCodeSignature`, publisher name baked into app-update.yml at build time);
// - macOS: Squirrel.Mac refuses an update whose code signature does not satisfy the running app's
//   designated requirement (same Developer ID team), so an unsigned build can never auto-update.
//
// The main process calls `startUpdates` once the app is ready and merges `handlers` into its IPC router:
//   const updates = await startUpdates({ dataDir: app.getPath('userData'), emit, logger });
// Named imports on purpose: the main process is bundled to CommonJS, and electron-updater has no default export.
import { app, net } from 'electron';
import { autoUpdater } from 'electron-updater';
import { join, resolve } from 'node:path';
import type { Logger } from '../services/log';
import type { EmitEvent, MethodHandlers } from '../services/ipc/handler-types';
import { createUpdateHandlers } from '../services/updates/handlers';
import type { UpdateMethodName } from '../services/updates/handlers';
import { pausedSettingFile } from '../services/updates/paused-setting';
import { UpdatePolicy } from '../services/updates/update-policy';
import type { UpdatePolicyOptions } from '../services/updates/update-policy';

interface StartUpdatesDeps {
  /** The app's data folder (app.getPath('userData')); the pause setting is kept there as updates.json. */
  dataDir: string;
  /** Sends updates.changed to the renderer. */
  emit: EmitEvent;
  logger: Logger;
  /** The main process's own online probe, when it has one; Electron's net.isOnline() otherwise. */
  isOnline?: () => boolean;
  options?: Partial<UpdatePolicyOptions>;
}

export interface UpdatesHandle {
  handlers: MethodHandlers<UpdateMethodName>;
  policy: UpdatePolicy;
  /** Tell the policy the connection changed (a check that fell due offline runs when it is back). */
  setOnline(online: boolean): void;
  stop(): void;
}

/**
 * Development runs do not update themselves, except with SCHOOL_COMPANION_DEV_UPDATES=1 (or a path to a
 * dev-app-update.yml): then electron-updater reads that file instead of the packaged app-update.yml.
 */
function devUpdateConfig(): string | null {
  const value = process.env.SCHOOL_COMPANION_DEV_UPDATES?.trim();
  if (!value || value === '0') return null;
  return value === '1' ? resolve(process.cwd(), 'dev-app-update.yml') : resolve(value);
}

export async function startUpdates(deps: StartUpdatesDeps): Promise<UpdatesHandle> {
  const devConfig = app.isPackaged ? null : devUpdateConfig();
  const supported = app.isPackaged || devConfig !== null;

  autoUpdater.logger = {
    info: (message?: unknown) => deps.logger.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => deps.logger.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => deps.logger.error(`updater: ${String(message)}`),
  };
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.allowDowngrade = false;
  autoUpdater.allowPrerelease = false;
  if (devConfig) {
    autoUpdater.forceDevUpdateConfig = true;
    autoUpdater.updateConfigPath = devConfig;
    deps.logger.info('updates: development feed', { config: devConfig });
  }

  const policy = new UpdatePolicy({
    currentVersion: app.getVersion(),
    supported,
    unsupportedReason: 'development',
    isOnline: deps.isOnline ?? (() => net.isOnline()),
    pausedSetting: pausedSettingFile(join(deps.dataDir, 'updates.json')),
    logger: deps.logger,
    options: deps.options,
    check: async () => {
      const result = await autoUpdater.checkForUpdates();
      // A failed background download is reported through the 'error' event; this only keeps the rejected
      // promise from surfacing as an unhandled rejection.
      result?.downloadPromise?.catch(() => undefined);
    },
    onChange: (status) => {
      // Read by electron-updater at quit (Windows) and when a download completes (macOS, where
      // Squirrel.Mac then installs on quit by itself): pausing keeps a downloaded update from installing.
      autoUpdater.autoInstallOnAppQuit = !status.paused;
      deps.emit('updates.changed', status);
    },
  });

  autoUpdater.on('checking-for-update', () => policy.checking());
  autoUpdater.on('update-available', (info) => policy.updateAvailable(info.version));
  autoUpdater.on('update-not-available', () => policy.updateNotAvailable());
  autoUpdater.on('download-progress', (progress) => policy.downloadProgress(progress.percent));
  autoUpdater.on('update-downloaded', (event) => policy.downloaded(event.version));
  autoUpdater.on('error', (error) => policy.failed(error));

  await policy.start();
  return {
    handlers: createUpdateHandlers(policy),
    policy,
    setOnline: (online) => policy.setOnline(online),
    stop: () => {
      policy.stop();
      autoUpdater.removeAllListeners();
    },
  };
}
