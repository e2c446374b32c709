// Part of the IPC contract (see shared/ipc.ts): the app's own status, settings and external links.
import { z } from 'zod';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';
import { LANGUAGE_SETTINGS } from '../i18n/language';
import { DEFAULT_NOTIFICATION_SETTINGS, NotificationSettings } from './notifications';

export const AppMode = z.enum(['desktop', 'browser']);
export type AppMode = z.infer<typeof AppMode>;

export const DesktopOptions = z.object({
  /** Windows and Linux, where the tray icon is shown: closing the last window keeps the app running there. */
  keepRunningInTray: z.boolean(),
  /** macOS and Windows, packaged builds: the OS opens the app at login. */
  openAtLogin: z.boolean(),
});
export type DesktopOptions = z.infer<typeof DesktopOptions>;

export const AppStatus = z.object({
  version: z.string(),
  mode: AppMode,
  /** From the main process's probe of the connected platforms (navigator.onLine is not enough). */
  online: z.boolean(),
  lastSyncAt: z.iso.datetime({ offset: true }).nullable(),
  /** The school offered on the Connect screen (the sandbox in development, or --school). */
  defaultSchool: z
    .object({
      address: z.string(),
      label: z.string(),
      /** Where this same platform was before (npm start's sandbox whose port was taken): accounts there can be re-pointed. */
      formerAddresses: z.array(z.string()).optional(),
      /** The person named it on the command line (--school): offer it even when signed in. */
      named: z.boolean().optional(),
    })
    .nullable(),
  /**
   * The desktop app: the OS's preferred languages (Electron's app.getPreferredSystemLanguages), which
   * "System" follows. Null in browser mode, where the page follows its own browser's (navigator.languages).
   */
  systemLanguages: z.array(z.string().max(64)).max(32).nullable(),
  /** The desktop-only settings this app can honour here (electron/services/desktop/background-policy.ts); null in browser mode. */
  desktopOptions: DesktopOptions.nullable(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** The UI language: the system's (shared/i18n/language.ts decides from its preferred languages) or one pinned. */
export const Language = z.enum(LANGUAGE_SETTINGS);
export type Language = z.infer<typeof Language>;

/** How often the data engine syncs each school's synced collections in the background (docs/data-and-offline.md). */
export const SyncIntervalMinutes = z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)]);
export type SyncIntervalMinutes = z.infer<typeof SyncIntervalMinutes>;

/** Which clock business dates follow: the school's time zone (its platform's school record) or this computer's. */
export const TimeZoneSource = z.enum(['school', 'computer']);
export type TimeZoneSource = z.infer<typeof TimeZoneSource>;

/** The currency the admin chose to see figures in, per school (account id → ISO 4217 code). */
export const ShownCurrencies = z.record(z.string().max(512), z.string().regex(/^[A-Z]{3}$/));
export type ShownCurrencies = z.infer<typeof ShownCurrencies>;

export const Settings = z.object({
  theme: Theme.default('system'),
  language: Language.default('system'),
  /** The account shown at start-up. */
  activeAccountId: z.string().max(512).nullable().default(null),
  /** What pops up, per school and kind, and quiet hours (docs/notifications.md). */
  notifications: NotificationSettings.default(DEFAULT_NOTIFICATION_SETTINGS),
  syncIntervalMinutes: SyncIntervalMinutes.default(15),
  timeZoneSource: TimeZoneSource.default('school'),
  shownCurrencies: ShownCurrencies.default({}),
  /** Desktop app, where the tray exists: closing the last window hides the app in the tray instead of quitting. */
  keepRunningInTray: z.boolean().default(true),
  /** Desktop app: the OS opens it when the admin logs in (app.setLoginItemSettings). */
  openAtLogin: z.boolean().default(false),
});
export type Settings = z.infer<typeof Settings>;
export const DEFAULT_SETTINGS: Settings = Settings.parse({});

/**
 * Only these keys may be changed; each with its own schema (no defaults, so a patch stays a patch). The
 * agreement to a weak key store is not a setting: the main process asks the admin itself (security.allowWeakProtection).
 */
export const SettingsPatch = z
  .object({
    theme: Theme,
    language: Language,
    activeAccountId: z.string().max(512).nullable(),
    notifications: NotificationSettings,
    syncIntervalMinutes: SyncIntervalMinutes,
    timeZoneSource: TimeZoneSource,
    shownCurrencies: ShownCurrencies,
    keepRunningInTray: z.boolean(),
    openAtLogin: z.boolean(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** What a menu item (or its shortcut) asks the page to do: the desktop app's menu sends these. */
export const MenuCommand = z.enum(['open-settings', 'open-palette', 'open-shortcuts']);
export type MenuCommand = z.infer<typeof MenuCommand>;

export const LogInfo = z.object({
  /** The log file's full path (shown in Settings › About). */
  logFile: z.string(),
  /** The desktop app can open it; browser mode shows the path only. */
  canOpen: z.boolean(),
});
export type LogInfo = z.infer<typeof LogInfo>;

export const appMethods = {
  'app.status': method(z.object({}).strict(), AppStatus, 'Version, desktop or browser mode, online, last sync, the default school.'),
  'app.openExternal': method(
    z.object({ url: z.string().max(4096) }).strict(),
    z.object({ opened: z.boolean() }),
    'Opens an http(s) link in the system browser after validation (refused: other schemes, credentials in the URL).',
  ),
  'app.logInfo': method(z.object({}).strict(), LogInfo, 'Where the log file is, and whether this app can open it.'),
  'app.reportError': method(
    z
      .object({
        kind: z.enum(['render', 'error', 'unhandledrejection']),
        name: z.string().max(200),
        message: z.string().max(4000),
        stack: z.string().max(8000).optional(),
        /** The route open when it happened (hash path, no query). */
        route: z.string().max(500),
      })
      .strict(),
    z.object({ logged: z.boolean() }),
    'A render error, uncaught error or unhandled rejection in the window, written to the log with secrets scrubbed (at most 50 per run).',
  ),
  'app.openLogFile': method(z.object({}).strict(), z.object({ opened: z.boolean() }), 'Desktop: opens the log file (or shows it in its folder); browser mode: opened false.'),
  'app.diagnosticBundle': method(
    z.object({}).strict(),
    z.object({ text: z.string(), copied: z.boolean() }),
    'Version, OS, mode, settings, schools by state, the end of the log: no names, emails, ids or tokens. The desktop app puts it on the clipboard itself (copied true).',
  ),
  'app.reportBrowserLanguages': method(
    z.object({ languages: z.array(z.string().max(64)).max(32) }).strict(),
    z.object({}),
    "Browser mode: the page's navigator.languages, which the main process's own words (errors, pages) follow under \"System\"; the desktop app keeps the OS's.",
  ),
  'settings.get': method(z.object({}).strict(), Settings, 'The current settings.'),
  'settings.set': method(SettingsPatch, Settings, 'Changes some settings; returns all of them.'),
} satisfies Record<string, MethodDef>;

export const appEvents = {
  'app.statusChanged': event(AppStatus, 'The app status changed (online/offline, last sync).'),
  'app.openUrl': event(
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    'Browser mode only: the host asks the page to open this URL in a new tab (the system browser is the page\'s own).',
  ),
  'app.menuCommand': event(
    z.object({ command: MenuCommand }),
    'A menu item asks the page to navigate: open-settings goes to Settings; open-palette and open-shortcuts are re-dispatched as the DOM events "school-companion:open-palette" and "school-companion:open-shortcuts".',
  ),
  'settings.changed': event(Settings, 'Settings changed (from another window or tab).'),
} satisfies Record<string, EventDef>;
