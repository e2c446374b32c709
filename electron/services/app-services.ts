// The composition root: the one place that builds the main-process services and joins them into the
// contract's handlers. The Electron main process and the browser host both call it; they differ only in
// what they pass (cipher, openExternal, mode, data dir) and in the transport that carries the result.
import type { AccountView } from '../../shared/model/accounts';
import type { AppMode, AppStatus, DesktopOptions } from '../../shared/ipc/app';
import { join } from 'node:path';
import { createDataService, type DataService } from './data/handlers';
import type { ExportDestination } from './engine/client/export-destination';
import { createAccountHandlers } from './ipc/account-handlers';
import { createAppHandlers } from './ipc/app-handlers';
import { createPlatformAccessSlot } from './access/platform-access-slot';
import { openPlatformAccess } from './access/open-platform-access';
import type { PlatformAccessFactory } from './access/ports';
import { engineStudentsHandlers } from './students/handlers';
import { createEventHub } from './ipc/event-hub';
import type { EventHub } from './ipc/event-hub';
import type { MethodHandlers } from './ipc/handler-types';
import type { Logger } from './log';
import { checkExternalUrl } from './security/external-url';
import { accountNamedBy } from './launch-args';
import { createOnlineProbe, protectedResourceMetadataUrl } from './status/online-probe';
import { createSyncSchedule, engineSyncTargets } from './engine/client/sync-schedule';
import type { OnlineProbe } from './status/online-probe';
import { mkdir } from 'node:fs/promises';
import { AppError } from '../../shared/errors';
import type { SecretProtection } from '../../shared/ipc/security';
import { tightenDataDirModes } from './store/data-dir-modes';
import { describeProtection, type SecretCipher } from './store/secret-cipher';
import { WeakProtectionConsent } from './store/weak-protection';
import { SettingsStore, settingsWithout } from './store/settings';
import type { SettingsBackendFactory } from './store/settings';
import { createDiagnosticsHandlers } from './ipc/diagnostics-handlers';
import type { LogAccess } from './ipc/diagnostics-handlers';
import { logFilePath } from './log';
import { createMoneyHandlers } from './money/handlers';
import { createEventHandlers } from './events/handlers';
import { createCommentHandlers } from './comments/handlers';
import { CachedReader } from './data/cached-read';
import { createPeopleHandlers } from './people/handlers';
import { createWriteHandlers } from './writes/handlers';
import { createTodayHandlers, TodayService } from './today/today-service';
import { TodayMarksStore } from './today/marks-store';
import { createSearchHandlers, defaultSearchSources } from './search/search-service';
import { createExplorer } from './explorer/handlers';
import { WriteService } from './writes/write-service';
import { WritesStore } from './writes/writes-store';
import { createNotifier, syncNotifierAccounts, type Notifier } from './notifications/notifier';
import { NotifyStore } from './notifications/notify-store';
import { UiLanguage } from './language/ui-language';
import { createNotificationHandlers } from './notifications/handlers';
import { createDemoHandlers, type DemoPlatformPort } from './demo/handlers';
import { t } from '../../shared/i18n/i18n';

export interface AppServicesOptions {
  mode: AppMode;
  version: string;
  dataDir: string;
  cipher: SecretCipher;
  /** Shows the platform's consent page: shell.openExternal (desktop), an app.openUrl event (browser mode), a test's consent clicker. */
  openExternal(url: string): Promise<void>;
  /** The school the Connect screen offers (the sandbox in development, or --school). */
  defaultSchool: AppStatus['defaultSchool'];
  logger: Logger;
  /** Opens sign-in and the API client (AuthService + ApiClient). Default: the real ones. */
  platformAccess?: PlatformAccessFactory;
  /** Handlers of contract parts built by the caller (e.g. updates, which differ by mode). */
  extraHandlers?: Partial<MethodHandlers>;
  /** The settings library: electron-store in the desktop app; default conf (browser mode, tests). */
  settingsBackend?: SettingsBackendFactory;
  /** The log file (Settings › About) and what this app can do with it; default: `<dataDir>/logs`, path only. */
  log?: LogAccess;
  /** Pass one to subscribe a transport before anything is emitted. */
  events?: EventHub;
  fetch?: typeof fetch;
  probeIntervalMs?: number;
  /** How often the engine's collections sync on their own (default: the syncIntervalMinutes setting, 15 minutes). */
  syncIntervalMs?: number;
  /**
   * Weak protection (a key anyone reading the user's files can read): 'accepted' when the caller decided for
   * the admin (browser mode, whose key file is all there is, says so in the terminal and in Settings);
   * otherwise the admin must agree through `confirmWeakProtection`.
   */
  weakProtection?: 'ask' | 'accepted';
  /** Asks the admin from the main process (desktop: a native dialog). Absent: weak protection cannot be agreed to here. */
  confirmWeakProtection?: (protection: SecretProtection) => Promise<boolean>;
  /** Where a streamed CSV export goes (data.orders.exportCsvFile): the Save dialog, or browser mode's download slots. */
  exportDestination?: ExportDestination;
  /** How often each school is polled for notifications (default 60 s; tests use less). */
  notifyIntervalMs?: number;
  /** `npm start`'s demo platform when it runs in this process (browser mode): Settings can take it offline and reset it. */
  demoPlatform?: DemoPlatformPort;
  /**
   * The default school's records were made afresh at this start (`npm start`'s demo platform, on a new day with
   * nothing changed in it): what the app saved of that school is dropped before anything reads it.
   */
  defaultSchoolRemade?: boolean;
  /** The OS's preferred languages (desktop app); null or absent in browser mode, where the page reports its browser's. */
  systemLanguages?: readonly string[] | null;
  /** The desktop app: which desktop-only settings it can honour now (the tray may fail to show); absent in browser mode. */
  desktopOptions?: () => DesktopOptions;
}

export interface AppServices {
  handlers: Partial<MethodHandlers>;
  events: EventHub;
  settings: SettingsStore;
  /** The UI language the main process speaks (menus, tray, notifications, dialogs, errors). */
  language: UiLanguage;
  probe: OnlineProbe;
  /** What needs the admin: app.notification events, the attention count (tray, badge). */
  notifier: Notifier;
  status(): AppStatus;
  /** A later launch named this school (--school): the Connect screen offers it, or it comes on screen if connected. */
  nameSchool(school: NonNullable<AppStatus['defaultSchool']>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The parts, in the order they are built, and how they are joined: each part is a small builder below; the
 * lifecycle (online, school removed) reaches the parts through the listeners they registered.
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { logger } = options;
  const events = options.events ?? createEventHub({ validate: true });
  const emit = events.emit;
  // The school the Connect screen offers; a later launch of the desktop app may name another (nameSchool).
  let offeredSchool = options.defaultSchool;
  const offered = () => offeredSchool;
  const { settings, language, weakConsent, weakAllowed } = await openAppStore(options);
  const lifecycle = createLifecycle();
  const signIn = createSignIn(options, weakAllowed);
  const { access } = signIn;
  // The probe is built further down (it reads the accounts) and started last; until then nothing asks it.
  const isOnline = () => probe.online;

  // The screens' reads and the engine's syncs: each that answered is the school's last sync (the status line).
  const dataService = createDataService({
    caller: access.screensCaller,
    cipher: options.cipher,
    dataDir: options.dataDir,
    emit,
    logger,
    onAccountRemoved: lifecycle.onAccountRemoved,
    // The offline cache is dropped when the app version changes; the dashboards refetch when the probe sees the platforms again.
    appVersion: options.version,
    ...(options.exportDestination ? { exportDestination: options.exportDestination } : {}),
    onOnlineChange: lifecycle.onOnlineChange,
  });
  const todayMarks = createTodayMarks(options, lifecycle);
  const screens = createScreenServices({ access, dataService, emit, logger, lifecycle, todayMarks });
  const writes = createWrites({ options, access, dataService, explorer: screens.explorer, isOnline, emit, lifecycle });
  const writeHandlers = createWriteHandlers(writes.service);
  const today = createToday({ access, dataService, screens, writeHandlers, emit, logger, lifecycle, settings, marks: todayMarks });
  const notifications = await createNotifications({ options, access, settings, isOnline, emit, lifecycle, today });
  const syncSchedule = createEngineSync({ options, dataService, settings, isOnline, lifecycle });
  const probe = createProbe({ options, offered, access, emit, status: () => status(), lifecycle, sendPendingRevocations: () => sendPendingRevocations(access, logger) });
  const status = statusOf(options, offered, access, probe);
  const unsubscribers = followAccounts({ access, settings, emit, status, probe, notifications, syncSchedule, lifecycle, logger });
  const shell = createShellHandlers({ options, access, settings, language, probe, status, weakConsent, weakAllowed, emit });
  const demoHandlers = createDemo({ options, access, dataService, probe, emit });
  signIn.reportAuthorizationUrl(shell.accounts.authorizationUrlOpened);

  await start({ options, offered, access, settings, probe, notifications, syncSchedule, writes, dataService, emit });

  return {
    handlers: {
      ...shell.handlers,
      ...dataService.handlers,
      ...(dataService.engine ? engineStudentsHandlers(dataService.engine, options.exportDestination ?? null) : {}),
      ...screens.handlers,
      ...writeHandlers,
      ...createNotificationHandlers(notifications.notifier),
      ...demoHandlers,
      ...createTodayHandlers(today),
      ...createSearchHandlers({ sources: defaultSearchSources(dataService), logger }),
      ...options.extraHandlers,
    },
    events,
    settings,
    language,
    probe,
    notifier: notifications.notifier,
    status,
    async nameSchool(school) {
      offeredSchool = school;
      await showNamedSchool(options, school, access, settings);
      emit('app.statusChanged', status());
    },
    async close() {
      language.close();
      probe.stop();
      const polls = notifications.notifier.stop();
      syncSchedule?.stop();
      shell.accounts.cancelAll();
      for (const unsubscribe of unsubscribers) unsubscribe();
      await dataService.close(); // stops the data engine's worker, and with it its snapshot writes
      // A poll in flight (its glance reads Today, which caches answers) ends before the app's files are let go:
      // another start on the same data folder must not find this one still writing there.
      await polls;
    },
  };
}

type Emit = AppServices['events']['emit'];
type Access = ReturnType<typeof createPlatformAccessSlot>;
type Lifecycle = ReturnType<typeof createLifecycle>;

/** The data folder (user-only), the settings, and the admin's word on weak protection of saved sign-ins. */
async function openAppStore(options: AppServicesOptions) {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  await tightenDataDirModes(options.dataDir, options.logger);
  const settings = await SettingsStore.open(options.dataDir, options.logger, options.settingsBackend);
  const language = new UiLanguage(settings, options.systemLanguages ?? null);
  const weakConsent = await WeakProtectionConsent.open(options.dataDir, options.logger);
  const weakAllowed = () => options.weakProtection === 'accepted' || weakConsent.agreedFor(options.cipher.backend);
  return { settings, language, weakConsent, weakAllowed };
}

/** What every part may follow: the platforms coming back or going (the probe's verdict), a school signed out. */
function createLifecycle() {
  const removedListeners = new Set<(accountId: string) => void>();
  const onlineListeners = new Set<(online: boolean) => void>();
  return {
    onAccountRemoved: (listener: (accountId: string) => void) => void removedListeners.add(listener),
    onOnlineChange: (listener: (online: boolean) => void) => void onlineListeners.add(listener),
    /** Runs the parts' listeners in the order they registered. */
    accountRemoved: (accountId: string) => [...removedListeners].forEach((listener) => listener(accountId)),
    onlineChanged: (online: boolean) => [...onlineListeners].forEach((listener) => listener(online)),
  };
}

/** Platform access (sign-in + the API client), whose consent page opens only at a checked http(s) address. */
function createSignIn(options: AppServicesOptions, weakAllowed: () => boolean) {
  const { logger } = options;
  // Sign-in hands the consent page's address to openExternal: the account handlers put it in the
  // progress events too, so the Connect screen can always offer the link.
  let onAuthorizationUrl: (url: string) => void = () => undefined;
  const openExternal = async (url: string): Promise<void> => {
    const checked = checkExternalUrl(url);
    if (!checked.ok) throw new Error(t('errors:main.signInPageNotWeb'));
    onAuthorizationUrl(checked.url);
    try {
      await options.openExternal(checked.url);
    } catch (error) {
      // The Connect screen still shows a link to the page, so a browser that failed to open is not fatal.
      logger.warn('could not open the system browser', { error: error instanceof Error ? error.name : typeof error });
    }
  };
  const access = createPlatformAccessSlot(
    options.platformAccess ?? openPlatformAccess,
    () => ({
      dataDir: options.dataDir,
      cipher: options.cipher,
      openExternal,
      logger,
      allowWeakCipher: weakAllowed(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    logger,
  );
  return {
    access,
    reportAuthorizationUrl(listener: (url: string) => void) {
      onAuthorizationUrl = listener;
    },
  };
}

/** The screens' services beyond the dashboards: money, events and comments, people, the explorer. */
/** Today's marks per school (the last visit, comments marked handled): sealed on disk, gone with the school. */
function createTodayMarks(options: AppServicesOptions, lifecycle: Lifecycle): TodayMarksStore {
  const marks = new TodayMarksStore(join(options.dataDir, 'today'), options.cipher, options.logger);
  lifecycle.onAccountRemoved((accountId) => {
    void marks.drop(accountId).catch(() => undefined);
  });
  return marks;
}

function createScreenServices({ access, dataService, emit, logger, lifecycle, todayMarks }: { access: Access; dataService: DataService; emit: Emit; logger: Logger; lifecycle: Lifecycle; todayMarks: TodayMarksStore }) {
  const caller = access.screensCaller;
  const { cache, engine } = dataService;
  const money = createMoneyHandlers({ caller, cache, engine, emit, logger, onOnlineChange: lifecycle.onOnlineChange });
  // Events and the comments inbox: read through the offline cache like the rest.
  const contentReader = new CachedReader(cache, emit, logger);
  lifecycle.onOnlineChange((online) => {
    if (online) contentReader.backOnline();
  });
  const content = { ...createEventHandlers(caller, contentReader), ...createCommentHandlers(caller, contentReader, {
    handled: (accountId) => todayMarks.handled(accountId),
    setHandled: (accountId, commentId, handled) => todayMarks.setHandled(accountId, commentId, handled, Date.now()),
  }) };
  const people = createPeopleHandlers({
    caller,
    cache,
    queryOrders: (input, context) => dataService.handlers['data.orders.query'](input, context),
    emit,
    logger,
    onOnlineChange: lifecycle.onOnlineChange,
  });
  // The explorer's calls are the admin's own, any operation: not the data on screen.
  const explorer = createExplorer({ caller: access.caller, cache, emit, logger, onOnlineChange: lifecycle.onOnlineChange });
  return { explorer, handlers: { ...money, ...people, ...content, ...explorer.handlers } };
}

/** Writes: sent now, or kept in the school's outbox until the probe sees the platform again. */
function createWrites({ options, access, dataService, explorer, isOnline, emit, lifecycle }: { options: AppServicesOptions; access: Access; dataService: DataService; explorer: ReturnType<typeof createExplorer>; isOnline(): boolean; emit: Emit; lifecycle: Lifecycle }) {
  const store = new WritesStore(join(options.dataDir, 'writes'), options.cipher, options.logger);
  const service = new WriteService({
    caller: access.caller,
    records: explorer.records,
    store,
    isOnline,
    emit,
    logger: options.logger,
    onChanged: (accountId, request, changes) => {
      if (request.kind === 'course.setPublished') emit('data.invalidated', { accountId, reason: 'course_changed' });
      // The engine's copy follows the write at once (it tells the screens); the next sync confirms it.
      if (changes.length > 0 && !dataService.engine.closed) {
        dataService.engine.call('engine.applyWrite', { accountId, changes: [...changes] }).catch((error: unknown) => options.logger.warn('a write could not be put into the synced copy', { error: (error as Error).message }));
      }
    },
    tagsOf: (accountId, studentId) => (dataService.engine.closed ? Promise.resolve(null) : dataService.engine.call('students.tagsOf', { accountId, studentId })),
  });
  const flushAll = () => service.flushAll(access.accountsIfOpen().map((account) => account.id));
  lifecycle.onAccountRemoved((accountId) => {
    void store.drop(accountId).catch(() => undefined);
    // An export waiting for its download may hold this school's buyers: it goes with the sign-out.
    void options.exportDestination?.clear?.().catch(() => undefined);
  });
  lifecycle.onOnlineChange((online) => {
    if (online) void flushAll();
  });
  return { service, flushAll };
}

/** Today: composed from the handlers of the screens it links to, so its numbers are theirs (docs/ui.md, "Today"). */
function createToday({ access, dataService, screens, writeHandlers, emit, logger, lifecycle, settings, marks }: {
  access: Access; dataService: DataService; screens: ReturnType<typeof createScreenServices>; writeHandlers: ReturnType<typeof createWriteHandlers>; emit: Emit; logger: Logger; lifecycle: Lifecycle; settings: SettingsStore; marks: TodayMarksStore;
}): TodayService {
  // The school's time zone, kept in the offline cache like every read.
  const reader = new CachedReader(dataService.cache, emit, logger);
  lifecycle.onOnlineChange((online) => {
    if (online) reader.backOnline();
  });
  return new TodayService({
    engine: dataService.engine,
    sources: { 'money.subscriptions': screens.handlers['money.subscriptions'], 'comments.inbox': screens.handlers['comments.inbox'], 'events.list': screens.handlers['events.list'], 'writes.outbox': writeHandlers['writes.outbox'] },
    caller: access.screensCaller,
    reader,
    timeZoneSource: () => settings.get().timeZoneSource,
    marks,
  });
}

/** Notifications: each school polled on its own timer while the probe says online (docs/notifications.md). */
async function createNotifications({ options, access, settings, isOnline, emit, lifecycle, today }: { options: AppServicesOptions; access: Access; settings: SettingsStore; isOnline(): boolean; emit: Emit; lifecycle: Lifecycle; today: TodayService }) {
  const store = await NotifyStore.open(options.dataDir, options.logger);
  const notifier = createNotifier({
    caller: access.caller,
    store,
    accounts: () => access.accountsIfOpen(),
    isOnline,
    settings: () => settings.get().notifications,
    emit,
    logger: options.logger,
    ...(options.notifyIntervalMs ? { intervalMs: options.notifyIntervalMs } : {}),
    // The tray's glance is Today's own answer, read without recording a visit: one source, one function.
    glance: (accountId, signal) => today.glance(accountId, Intl.DateTimeFormat().resolvedOptions().timeZone, signal),
  });
  const notifiedAccounts = new Set<string>();
  lifecycle.onAccountRemoved((accountId) => {
    notifiedAccounts.delete(accountId);
    void notifier.forget(accountId).catch(() => undefined);
  });
  lifecycle.onOnlineChange((online) => {
    if (online) notifier.online();
  });
  return { notifier, notifiedAccounts };
}
type Notifications = Awaited<ReturnType<typeof createNotifications>>;

/** The engine's collections sync on their own, per signed-in school, while the probe says online (docs/data-and-offline.md). */
function createEngineSync({ options, dataService, settings, isOnline, lifecycle }: { options: AppServicesOptions; dataService: DataService; settings: SettingsStore; isOnline(): boolean; lifecycle: Lifecycle }) {
  const schedule = dataService.engine
    ? createSyncSchedule({ ...engineSyncTargets(dataService.engine), isOnline, logger: options.logger, intervalMs: () => options.syncIntervalMs ?? settings.get().syncIntervalMinutes * 60_000 })
    : null;
  lifecycle.onOnlineChange((online) => {
    if (online) schedule?.online();
  });
  return schedule;
}
type SyncSchedule = ReturnType<typeof createEngineSync>;

const syncedAccounts = (list: readonly AccountView[]) => list.filter((account) => account.status !== 'sign_in_needed').map((account) => account.id);

/** The online probe: asks each connected school's platform (or the offered one), and tells every part when it changes its mind. */
function createProbe({ options, offered, access, emit, status, lifecycle, sendPendingRevocations }: { options: AppServicesOptions; offered(): AppStatus['defaultSchool']; access: Access; emit: Emit; status(): AppStatus; lifecycle: Lifecycle; sendPendingRevocations(): void }): OnlineProbe {
  return createOnlineProbe({
    targets: () => {
      const issuers = [...access.accountsIfOpen().map((account) => account.issuer), ...access.pendingRevocationIssuers()];
      const school = offered();
      const fallback = issuers.length === 0 && school ? [school.address] : [];
      return [...issuers, ...fallback].flatMap((address) => {
        try {
          return [protectedResourceMetadataUrl(address)];
        } catch {
          return [];
        }
      });
    },
    onChange: (online) => {
      emit('app.statusChanged', status());
      lifecycle.onlineChanged(online);
      if (online) sendPendingRevocations();
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {}),
    logger: options.logger,
  });
}

function statusOf(options: AppServicesOptions, offered: () => AppStatus['defaultSchool'], access: Access, probe: OnlineProbe): () => AppStatus {
  return () => {
    const syncs = access.accountsIfOpen().map((account) => account.lastSyncAt).filter((at): at is string => at !== null).sort();
    return {
      version: options.version,
      mode: options.mode,
      online: probe.online,
      lastSyncAt: syncs.at(-1) ?? null,
      defaultSchool: offered(),
      systemLanguages: options.systemLanguages ? [...options.systemLanguages] : null,
      desktopOptions: options.desktopOptions?.() ?? null,
    };
  };
}

function sendPendingRevocations(access: Access, logger: Logger): void {
  void access.ready().then((auth) => auth.sendPendingRevocations?.()).catch((error: unknown) => {
    logger.warn('queued revocations could not be sent', { error: error instanceof Error ? error.name : typeof error });
  });
}

/** Settings and accounts as events for the renderer; the parts that follow the schools (notifier, sync, probe) told of each change. */
function followAccounts({ access, settings, emit, status, probe, notifications, syncSchedule, lifecycle, logger }: {
  access: Access; settings: SettingsStore; emit: Emit; status(): AppStatus; probe: OnlineProbe; notifications: Notifications; syncSchedule: SyncSchedule; lifecycle: Lifecycle; logger: Logger;
}): (() => void)[] {
  const unsubscribers: (() => void)[] = [settings.onChange((value) => emit('settings.changed', value))];
  access.onOpen((auth) => {
    unsubscribers.push(
      auth.onAccountsChanged((accounts) => {
        emit('accounts.changed', accounts);
        syncNotifierAccounts(notifications.notifier, notifications.notifiedAccounts, accounts);
        syncSchedule?.setAccounts(syncedAccounts(accounts));
        emit('app.statusChanged', status());
        // A platform call just failed to connect (or succeeded again) and disagrees with the probe: the
        // probe looks again now rather than at its next interval, and stays the one that decides.
        if (accounts.some((account) => account.status === 'offline') === probe.online) void probe.check();
      }),
      auth.onAccountRemoved((accountId) => {
        lifecycle.accountRemoved(accountId);
        const forgotten = settingsWithout(settings.get(), accountId);
        if (forgotten) void settings.update(forgotten).catch(() => undefined);
      }),
    );
    // Accounts the saved sign-ins dropped as they opened (an edited record): their cache, outbox and snapshots go as at a sign-out.
    for (const accountId of auth.removedAtOpen?.() ?? []) lifecycle.accountRemoved(accountId);
    emit('accounts.changed', auth.listAccounts());
    sendPendingRevocations(access, logger);
  });
  return unsubscribers;
}

/** The shell's handlers: accounts (connect, sign out …), the app, diagnostics, and how saved sign-ins are protected. */
function createShellHandlers({ options, access, settings, language, probe, status, weakConsent, weakAllowed, emit }: {
  options: AppServicesOptions; access: Access; settings: SettingsStore; language: UiLanguage; probe: OnlineProbe; status(): AppStatus; weakConsent: WeakProtectionConsent; weakAllowed(): boolean; emit: Emit;
}) {
  const { logger } = options;
  const accounts = createAccountHandlers({ access, emit, logger, afterSignIn: () => void probe.check(), defaultSchool: options.defaultSchool });
  const appHandlers = createAppHandlers({
    access,
    settings,
    // A page asking (start-up, reload: once per page) gets what the probe sees now, not what it saw up to
    // an interval ago. Refused connections answer at once; a silent network within the probe's timeout.
    status: async () => {
      await probe.check();
      return status();
    },
    openExternal: options.openExternal,
    language,
  });
  const diagnosticsHandlers = createDiagnosticsHandlers({
    logger,
    appName: 'School Companion',
    version: options.version,
    mode: options.mode,
    log: options.log ?? { path: logFilePath(options.dataDir) },
    settings,
    access,
    online: () => probe.online,
  });
  const securityHandlers: Partial<MethodHandlers> = {
    'security.protection': async () => describeProtection(options.cipher, weakAllowed()),
    'security.allowWeakProtection': async () => {
      if (weakAllowed()) return { allowed: true };
      if (!options.confirmWeakProtection) throw new AppError('storage_unavailable', t('errors:main.weakProtectionHere'));
      if (!(await options.confirmWeakProtection(describeProtection(options.cipher, false)))) return { allowed: false };
      await weakConsent.agree(options.cipher.backend);
      logger.warn('the admin agreed to weak protection of saved sign-ins', { backend: options.cipher.backend });
      await access.retry();
      return { allowed: true };
    },
  };
  return { accounts, handlers: { ...accounts.handlers, ...appHandlers, ...diagnosticsHandlers, ...securityHandlers } };
}

/** Settings › Demo platform: `npm start`'s demo platform taken offline and back, or reset (browser mode only). */
function createDemo({ options, access, dataService, probe, emit }: { options: AppServicesOptions; access: Access; dataService: DataService; probe: OnlineProbe; emit: Emit }): Partial<MethodHandlers> {
  return createDemoHandlers({
    demo: options.demoPlatform ?? null,
    afterOnlineChange: async () => {
      await probe.check();
    },
    afterReset: () => forgetDemoSchoolCopies({ options, access, dataService, emit }),
  });
}

/**
 * The demo school's records changed under the app (a reset: ids, tags, states back as generated; or data made
 * afresh for a new day at this start): no incremental sync would see that, so what the app saved of them goes.
 */
async function forgetDemoSchoolCopies({ options, access, dataService, emit }: { options: AppServicesOptions; access: Access; dataService: DataService; emit: Emit }): Promise<void> {
  const demoAddress = options.defaultSchool?.address;
  for (const account of access.accountsIfOpen().filter((a) => a.issuer === demoAddress)) {
    await dataService.forgetSaved(account.id);
    emit('data.invalidated', { accountId: account.id, reason: 'cache_cleared' });
  }
}

// A school named on the command line (--school) is what the person wants now: when it is connected, it is
// the one on screen; when it is not, the renderer offers to connect it (status.defaultSchool.named).
async function showNamedSchool(options: AppServicesOptions, school: AppStatus['defaultSchool'], access: Access, settings: SettingsStore): Promise<void> {
  if (!school?.named) return;
  const named = accountNamedBy(access.accountsIfOpen(), school.address);
  if (named && settings.get().activeAccountId !== named) {
    await settings.update({ activeAccountId: named }).catch((error: unknown) => options.logger.warn('could not switch to the school named on the command line', { error: error instanceof Error ? error.name : typeof error }));
  }
}

/** Opens the saved sign-ins, shows the school named on the command line, then starts the probe, notifier, sync and outbox. */
async function start({ options, offered, access, settings, probe, notifications, syncSchedule, writes, dataService, emit }: {
  options: AppServicesOptions; offered(): AppStatus['defaultSchool']; access: Access; settings: SettingsStore; probe: OnlineProbe; notifications: Notifications; syncSchedule: SyncSchedule; writes: ReturnType<typeof createWrites>;
  dataService: DataService; emit: Emit;
}): Promise<void> {
  await access.retry();
  // Before anything reads the demo school: its saved copies describe records made for another day.
  if (options.defaultSchoolRemade) await forgetDemoSchoolCopies({ options, access, dataService, emit });
  await showNamedSchool(options, offered(), access, settings);
  probe.start();
  for (const account of access.accountsIfOpen()) notifications.notifiedAccounts.add(account.id);
  notifications.notifier.start();
  syncSchedule?.setAccounts(syncedAccounts(access.accountsIfOpen()));
  // Writes left waiting when the app last stopped go as soon as their platform answers.
  void probe.check().then((online) => (online ? writes.flushAll() : undefined));
}
