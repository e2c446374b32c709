// The desktop app's entry: lifecycle, the single-instance lock, one main window with every security guard,
// and the same services as browser mode (createAppServices) carried over Electron IPC.
import { app, BrowserWindow, crashReporter, session, shell } from 'electron';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { installAppMenu, installContextMenu } from './adapters/app-menu';
import { recoverFromRendererCrashes } from './adapters/crash-recovery';
import { desktopLogAccess } from './adapters/log-access';
import { electronStoreSettingsBackend } from './adapters/settings-backend';
import { applyTheme, bringWindowForward, followSystemTheme } from './adapters/window-appearance';
import { openExternal } from './adapters/open-external';
import { registerAppScheme, serveAppProtocol } from './adapters/app-protocol';
import { bindIpcTransport } from './adapters/ipc-transport';
import { safeStorageCipher } from './adapters/safe-storage-cipher';
import { startUpdates } from './adapters/updater';
import { applyPermissionPolicy, guardAllWebContents } from './adapters/web-contents-guards';
import { confirmWeakProtectionDialog } from './adapters/weak-protection-dialog';
import { WindowStateKeeper } from './adapters/window-state';
import { createAppServices } from './services/app-services';
import { nativeSaveDestination } from './adapters/save-dialog';
import type { AppServices } from './services/app-services';
import { createEventHub } from './services/ipc/event-hub';
import { createIpcRouter } from './services/ipc/router';
import { appLogger } from './services/log';
import { APP_ENTRY_URL, APP_ORIGIN } from './services/security/app-origin';
import { buildContentSecurityPolicy, isLoopbackDevServerUrl } from './services/security/csp';
import { secureWebPreferences } from './services/security/web-preferences';
import { unsupportedUpdateHandlers } from './services/updates/handlers';
import { parseLaunchArgs } from './services/launch-args';
import { helpLinks } from './services/desktop/help-links';
import { logUnhandledErrors } from './services/desktop/process-errors';
import { bringsWindowForward } from './services/desktop/window-focus';
import { showDesktopNotifications } from './adapters/desktop-notifications';
import { showTaskbarProgress } from './adapters/taskbar-progress';
import { startTray, type TrayHandle } from './adapters/tray';
import { desktopFetch } from './adapters/chromium-net';
import { appUserModelIdFor } from './services/desktop/app-identity';
import { childProcessGoneLog } from './services/desktop/crash-recovery';
import { schoolNamedBySecondLaunch } from './services/desktop/second-instance';
import { loginItemSettings, offeredDesktopOptions, whenLastWindowCloses } from './services/desktop/background-policy';

const args = parseLaunchArgs(process.argv.slice(1));
// The Vite dev server only in development and only on loopback; a packaged app always loads its own files.
const devServerUrl = !app.isPackaged && isLoopbackDevServerUrl(process.env.VITE_DEV_SERVER_URL) ? process.env.VITE_DEV_SERVER_URL : undefined;
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;
const csp = buildContentSecurityPolicy(devServerUrl ? { devServerOrigin: devServerUrl } : {});

let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;
// Null until the tray icon shows (some Linux desktops have none): "Keep running in the tray" needs it.
let tray: TrayHandle | null = null;
let windowMade = false;

registerAppScheme();
// Development and tests may keep the app's data elsewhere (the same variable as browser mode); a packaged app always uses userData.
if (!app.isPackaged && process.env.SCHOOL_COMPANION_DATA_DIR) app.setPath('userData', process.env.SCHOOL_COMPANION_DATA_DIR);
// Details to the log file; the terminal only hears about errors (README "Where things are kept").
// The OS's log folder (macOS ~/Library/Logs/School Companion, elsewhere <userData>/logs), rotated by size.
app.setAppLogsPath();
const logger = appLogger({ dataDir: app.getPath('userData'), logDir: app.getPath('logs'), scope: 'main' });
logUnhandledErrors(process, logger);
// Minidumps stay on this computer (Settings › About's diagnostic bundle lists them); nothing is uploaded.
crashReporter.start({ uploadToServer: false });
// Windows files notifications and the taskbar button under the installer's appId (app-identity.ts).
const appUserModelId = appUserModelIdFor(process.platform);
if (appUserModelId) app.setAppUserModelId(appUserModelId);
// Electron has no getter for it: held where the _electron spec reads it, as the tray is.
(globalThis as { schoolCompanionAppUserModelId?: string | null }).schoolCompanionAppUserModelId = appUserModelId;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    // `School Companion --school URL` while the app runs: the running app shows or offers that school.
    const school = schoolNamedBySecondLaunch(argv);
    if (school) void services?.nameSchool(school).catch((error: unknown) => logger.warn('the school named by a second launch could not be shown', { error: error instanceof Error ? error.name : typeof error }));
    // Before start() has made the first window there is nothing to show yet.
    if (windowMade) showWindow();
  });
  app.on('child-process-gone', (_event, details) => {
    const entry = childProcessGoneLog(details);
    if (entry) logger.error('a helper process stopped unexpectedly', entry.fields);
  });
  guardAllWebContents(app, { appOrigin, openExternal, logger });
  app.on('window-all-closed', () => {
    // Kept running, the app lives on in the tray (notifications, badge); the tray's Open makes a new window.
    const settings = services?.settings.get();
    if (!settings || whenLastWindowCloses(process.platform, settings, tray !== null) === 'quit') app.quit();
  });
  app.on('before-quit', () => {
    void services?.close();
  });
  app.whenReady().then(start).catch((error: unknown) => {
    logger.error('the app could not start', { error: error instanceof Error ? error.message : String(error) });
    app.exit(1);
  });
}

async function start(): Promise<void> {
  const ses = session.defaultSession;
  applyPermissionPolicy(ses, appOrigin);
  serveAppProtocol(ses, join(__dirname, '..', 'dist', 'renderer'), csp);
  if (devServerUrl) {
    // The dev server's pages get the same CSP (widened only for its HMR socket).
    ses.webRequest.onHeadersReceived({ urls: [`${appOrigin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }

  const dataDir = app.getPath('userData');
  const events = createEventHub({ validate: !app.isPackaged });
  // Updates are not worth failing the start over: without them the About panel says why.
  const updates = await startUpdates({ dataDir, emit: events.emit, logger }).catch((error: unknown) => {
    logger.error('updates could not start', { error: error instanceof Error ? error.name : typeof error });
    return { handlers: unsupportedUpdateHandlers(app.getVersion(), 'couldNotStart'), setOnline: () => undefined };
  });
  events.subscribe((event, payload) => {
    if (event === 'app.statusChanged') updates.setOnline((payload as { online: boolean }).online);
    // The admin was in the system browser for the sign-in: the app comes back in front to show the result.
    if (bringsWindowForward(event, payload)) bringWindowForward(mainWindow);
  });
  services = await createAppServices({
    mode: 'desktop',
    version: app.getVersion(),
    // Chromium's network stack: the system/PAC proxy and the OS's trust store (browser mode keeps Node's fetch).
    fetch: desktopFetch(),
    dataDir,
    cipher: safeStorageCipher(),
    openExternal,
    defaultSchool: args.school ? { address: args.school, label: args.schoolLabel ?? args.school, formerAddresses: args.formerSchoolAddresses, named: args.schoolNamed } : null,
    defaultSchoolRemade: args.school !== undefined && args.schoolDataRemade,
    logger,
    events,
    extraHandlers: updates.handlers,
    confirmWeakProtection: confirmWeakProtectionDialog(() => mainWindow),
    exportDestination: nativeSaveDestination(),
    log: desktopLogAccess(logger.path, app.getPath('crashDumps')),
    settingsBackend: electronStoreSettingsBackend,
    // "System" follows these (shared/i18n/language.ts): zh-TW, zh-HK, zh-Hant… → 繁體中文, else English.
    systemLanguages: app.getPreferredSystemLanguages(),
    desktopOptions: () => offeredDesktopOptions(process.platform, tray !== null, app.isPackaged),
  });
  const rebuildAppMenu = installAppMenu({
    links: helpLinks(readManifest()),
    sendCommand: (command) => events.emit('app.menuCommand', { command }),
    openExternal,
    logFolder: dirname(logger.path),
    mainWindow: () => mainWindow,
    logger,
  });
  const appServices = services;
  // The menus and About in the new language at once, without a restart (the tray follows on its own).
  appServices.language.onChange(() => rebuildAppMenu());
  applyTheme(appServices.settings.get().theme, null);
  appServices.settings.onChange((settings) => applyTheme(settings.theme, mainWindow));
  followSystemTheme(() => appServices.settings.get().theme, () => mainWindow);
  // "Open at login": registered with the OS at start (the setting may come from another copy of settings.json) and on each change.
  let loginItem: string | null = null;
  const applyLoginItem = () => {
    const wanted = loginItemSettings(offeredDesktopOptions(process.platform, tray !== null, app.isPackaged), appServices.settings.get());
    if (!wanted || JSON.stringify(wanted) === loginItem) return;
    loginItem = JSON.stringify(wanted);
    app.setLoginItemSettings(wanted);
  };
  applyLoginItem();
  appServices.settings.onChange(applyLoginItem);
  const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: !app.isPackaged });
  bindIpcTransport({ router, events, mainWindow: () => mainWindow, appOrigin });

  createMainWindow();
  windowMade = true;
  // Notifications, the tray / menu-bar item, the badge and taskbar progress: decided in services, shown here.
  const desktopServices = services;
  showDesktopNotifications(events, showWindow);
  showTaskbarProgress(events, () => mainWindow);
  try {
    tray = startTray({
      notifier: desktopServices.notifier,
      events,
      mainWindow: () => mainWindow,
      showWindow,
      locale: () => desktopServices.language.current().locale,
      onLanguageChange: (listener) => desktopServices.language.onChange(listener),
    });
    // Settings offers "Keep running in the tray" only now that the tray shows.
    events.emit('app.statusChanged', desktopServices.status());
  } catch (error) {
    // Some Linux desktops have no tray: the app works without it.
    logger.warn('the tray icon could not be shown', { error: error instanceof Error ? error.message : String(error) });
  }
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) showWindow();
  });
}

/** Kept running in the tray, the app may have no window: the tray, a notification, the dock or a second launch make one. */
function showWindow(): void {
  if (!mainWindow) {
    createMainWindow();
    tray?.redraw();
  }
  if (mainWindow?.isMinimized()) mainWindow.restore();
  mainWindow?.show();
  mainWindow?.focus();
}

function createMainWindow(): void {
  const state = new WindowStateKeeper();
  const window = new BrowserWindow({
    ...state.initialBounds(),
    minWidth: 900,
    minHeight: 600,
    show: false,
    // The product's name, the same in every language (the page's own <title> follows once it loads).
    title: app.getName(),
    // The page's own background for the theme in force (shared/window-colors.ts): no flash before it paints.
    backgroundColor: services ? applyTheme(services.settings.get().theme, null) : undefined,
    webPreferences: secureWebPreferences({ preloadPath: join(__dirname, 'preload.cjs'), devTools: !app.isPackaged, platform: process.platform }),
  });
  state.track(window);
  installContextMenu(window.webContents);
  recoverFromRendererCrashes(window, {
    entryUrl: devServerUrl ?? APP_ENTRY_URL,
    appOrigin,
    logFolder: dirname(logger.path),
    logger,
    appName: app.getName(),
    openFolder: (path) => void shell.openPath(path),
    quit: () => app.quit(),
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
  void window.loadURL(devServerUrl ?? APP_ENTRY_URL);
}

/** The app's package.json (next to dist-electron/, inside the asar when packaged): the Help menu's links. */
function readManifest(): unknown {
  try {
    return JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  } catch {
    return {};
  }
}
