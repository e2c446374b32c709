// The composition root: the one place that builds the main-process services and joins them into the
// contract's handlers. The Electron main process and the browser host both call it; they differ only in
// what they pass (cipher, openExternal, mode, data dir) and in the transport that carries the result.
import type { AccountView } from '../../shared/model/accounts';
import type { AppMode, AppStatus } from '../../shared/ipc/app';
import { join } from 'node:path';
import { createDataService } from './data/handlers';
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
import { SettingsStore } from './store/settings';
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
import { createSearchHandlers, defaultSearchSources } from './search/search-service';
import { createExplorer } from './explorer/handlers';
import { WriteService } from './writes/write-service';
import { WritesStore } from './writes/writes-store';
import { createNotifier, syncNotifierAccounts, type Notifier } from './notifications/notifier';
import { NotifyStore } from './notifications/notify-store';
import { UiLanguage } from './language/ui-language';
import { createNotificationHandlers } from './notifications/handlers';

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
  /** The OS's preferred languages (desktop app); null or absent in browser mode, where the page reports its browser's. */
  systemLanguages?: readonly string[] | null;
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

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { logger } = options;
  // The school the Connect screen offers; a later launch of the desktop app may name another (nameSchool).
  let defaultSchool = options.defaultSchool;
  const events = options.events ?? createEventHub({ validate: true });
  const emit = events.emit;
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  await tightenDataDirModes(options.dataDir, logger);
  const settings = await SettingsStore.open(options.dataDir, logger, options.settingsBackend);
  const language = new UiLanguage(settings, options.systemLanguages ?? null);
  const weakConsent = await WeakProtectionConsent.open(options.dataDir, logger);
  const weakAllowed = () => options.weakProtection === 'accepted' || weakConsent.agreedFor(options.cipher.backend);

  // Sign-in hands the consent page's address to openExternal: the account handlers put it in the
  // progress events too, so the Connect screen can always offer the link.
  let onAuthorizationUrl: (url: string) => void = () => undefined;
  const openExternal = async (url: string): Promise<void> => {
    const checked = checkExternalUrl(url);
    if (!checked.ok) throw new Error('the sign-in page address is not an http(s) URL');
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

  const removedListeners = new Set<(accountId: string) => void>();
  const onlineListeners = new Set<(online: boolean) => void>();
  const dataService = createDataService({
    caller: access.caller,
    cipher: options.cipher,
    dataDir: options.dataDir,
    emit,
    logger,
    onAccountRemoved: (listener) => {
      removedListeners.add(listener);
    },
    // The offline cache is dropped when the app version changes; the dashboards refetch when the probe sees the platforms again.
    appVersion: options.version,
    ...(options.exportDestination ? { exportDestination: options.exportDestination } : {}),
    onOnlineChange: (listener) => {
      onlineListeners.add(listener);
    },
  });

  const dataHandlers = dataService.handlers;
  const moneyHandlers = createMoneyHandlers({
    caller: access.caller,
    cache: dataService.cache,
    engine: dataService.engine,
    emit,
    logger,
    onOnlineChange: (listener) => {
      onlineListeners.add(listener);
    },
  });
  // Events and the comments inbox: read through the offline cache like the rest.
  const contentReader = new CachedReader(dataService.cache, emit, logger);
  onlineListeners.add((online) => {
    if (online) contentReader.backOnline();
  });
  const contentHandlers = { ...createEventHandlers(access.caller, contentReader), ...createCommentHandlers(access.caller, contentReader) };
  const peopleHandlers = createPeopleHandlers({
    caller: access.caller,
    cache: dataService.cache,
    queryOrders: (input, context) => dataHandlers['data.orders.query'](input, context),
    emit,
    logger,
    onOnlineChange: (listener) => {
      onlineListeners.add(listener);
    },
  });
  const explorer = createExplorer({ caller: access.caller, cache: dataService.cache, emit, logger, onOnlineChange: (listener) => { onlineListeners.add(listener); } });
  // Writes: sent now, or kept in the school's outbox until the probe sees the platform again.
  const writesStore = new WritesStore(join(options.dataDir, 'writes'), options.cipher, logger);
  const writes = new WriteService({
    caller: access.caller,
    records: explorer.records,
    store: writesStore,
    isOnline: () => probe.online,
    emit,
    logger,
    onChanged: (accountId, request) => {
      if (request.kind === 'course.setPublished') emit('data.invalidated', { accountId, reason: 'course_changed' });
    },
  });
  const connectedIds = () => access.accountsIfOpen().map((account) => account.id);
  removedListeners.add((accountId) => {
    void writesStore.drop(accountId).catch(() => undefined);
    // An export waiting for its download may hold this school's buyers: it goes with the sign-out.
    void options.exportDestination?.clear?.().catch(() => undefined);
  });
  onlineListeners.add((online) => {
    if (online) void writes.flushAll(connectedIds());
  });

  // Notifications: each school polled on its own timer while the probe says online (docs/notifications.md).
  const notifyStore = await NotifyStore.open(options.dataDir, logger);
  const notifier = createNotifier({
    caller: access.caller,
    store: notifyStore,
    accounts: () => access.accountsIfOpen(),
    isOnline: () => probe.online,
    settings: () => settings.get().notifications,
    emit,
    logger,
    ...(options.notifyIntervalMs ? { intervalMs: options.notifyIntervalMs } : {}),
  });
  const notifiedAccounts = new Set<string>();
  removedListeners.add((accountId) => {
    notifiedAccounts.delete(accountId);
    void notifier.forget(accountId).catch(() => undefined);
  });
  onlineListeners.add((online) => {
    if (online) notifier.online();
  });

  // The engine's collections sync on their own, per signed-in school, while the probe says online (docs/data-and-offline.md).
  const syncSchedule = dataService.engine
    ? createSyncSchedule({ ...engineSyncTargets(dataService.engine), isOnline: () => probe.online, logger, intervalMs: () => options.syncIntervalMs ?? settings.get().syncIntervalMinutes * 60_000 })
    : null;
  const syncedAccounts = (list: readonly AccountView[]) => list.filter((account) => account.status !== 'sign_in_needed').map((account) => account.id);
  onlineListeners.add((online) => {
    if (online) syncSchedule?.online();
  });
  const probe = createOnlineProbe({
    targets: () => {
      const issuers = [...access.accountsIfOpen().map((account) => account.issuer), ...access.pendingRevocationIssuers()];
      const fallback = issuers.length === 0 && defaultSchool ? [defaultSchool.address] : [];
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
      for (const listener of [...onlineListeners]) listener(online);
      if (online) sendPendingRevocations();
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {}),
    logger,
  });

  function status(): AppStatus {
    const syncs = access.accountsIfOpen().map((account) => account.lastSyncAt).filter((at): at is string => at !== null).sort();
    return {
      version: options.version,
      mode: options.mode,
      online: probe.online,
      lastSyncAt: syncs.at(-1) ?? null,
      defaultSchool,
      systemLanguages: options.systemLanguages ? [...options.systemLanguages] : null,
    };
  }

  const unsubscribers: (() => void)[] = [settings.onChange((value) => emit('settings.changed', value))];
  access.onOpen((auth) => {
    unsubscribers.push(
      auth.onAccountsChanged((accounts) => {
        emit('accounts.changed', accounts);
        syncNotifierAccounts(notifier, notifiedAccounts, accounts);
        syncSchedule?.setAccounts(syncedAccounts(accounts));
        emit('app.statusChanged', status());
        // A platform call just failed to connect (or succeeded again) and disagrees with the probe: the
        // probe looks again now rather than at its next interval, and stays the one that decides.
        if (accounts.some((account) => account.status === 'offline') === probe.online) void probe.check();
      }),
      auth.onAccountRemoved((accountId) => {
        for (const listener of [...removedListeners]) listener(accountId);
        if (settings.get().activeAccountId === accountId) void settings.update({ activeAccountId: null }).catch(() => undefined);
      }),
    );
    // Accounts the saved sign-ins dropped as they opened (an edited record): their cache, outbox and snapshots go as at a sign-out.
    for (const accountId of auth.removedAtOpen?.() ?? []) for (const listener of [...removedListeners]) listener(accountId);
    emit('accounts.changed', auth.listAccounts());
    sendPendingRevocations();
  });

  function sendPendingRevocations(): void {
    void access.ready().then((auth) => auth.sendPendingRevocations?.()).catch((error: unknown) => {
      logger.warn('queued revocations could not be sent', { error: error instanceof Error ? error.name : typeof error });
    });
  }

  const accounts = createAccountHandlers({ access, emit, logger, afterSignIn: () => void probe.check(), defaultSchool: options.defaultSchool });
  onAuthorizationUrl = accounts.authorizationUrlOpened;
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
      if (!options.confirmWeakProtection) throw new AppError('storage_unavailable', 'Weak protection cannot be agreed to here: set up a key store (for example GNOME Keyring or KWallet).');
      if (!(await options.confirmWeakProtection(describeProtection(options.cipher, false)))) return { allowed: false };
      await weakConsent.agree(options.cipher.backend);
      logger.warn('the admin agreed to weak protection of saved sign-ins', { backend: options.cipher.backend });
      await access.retry();
      return { allowed: true };
    },
  };

  // A school named on the command line (--school) is what the person wants now: when it is connected, it is
  // the one on screen; when it is not, the renderer offers to connect it (status.defaultSchool.named).
  async function showNamedSchool(): Promise<void> {
    if (!defaultSchool?.named) return;
    const named = accountNamedBy(access.accountsIfOpen(), defaultSchool.address);
    if (named && settings.get().activeAccountId !== named) {
      await settings.update({ activeAccountId: named }).catch((error: unknown) => logger.warn('could not switch to the school named on the command line', { error: error instanceof Error ? error.name : typeof error }));
    }
  }

  await access.retry();
  await showNamedSchool();
  probe.start();
  for (const account of access.accountsIfOpen()) notifiedAccounts.add(account.id);
  notifier.start();
  syncSchedule?.setAccounts(syncedAccounts(access.accountsIfOpen()));
  // Writes left waiting when the app last stopped go as soon as their platform answers.
  void probe.check().then((online) => (online ? writes.flushAll(connectedIds()) : undefined));

  return {
    handlers: { ...accounts.handlers, ...appHandlers, ...diagnosticsHandlers, ...securityHandlers, ...dataHandlers, ...(dataService.engine ? engineStudentsHandlers(dataService.engine, options.exportDestination ?? null) : {}), ...moneyHandlers, ...peopleHandlers, ...contentHandlers, ...explorer.handlers, ...createWriteHandlers(writes), ...createNotificationHandlers(notifier), ...createSearchHandlers({ sources: defaultSearchSources(dataService), logger }), ...options.extraHandlers },
    events,
    settings,
    language,
    probe,
    notifier,
    status,
    async nameSchool(school) {
      defaultSchool = school;
      await showNamedSchool();
      emit('app.statusChanged', status());
    },
    async close() {
      language.close();
      probe.stop();
      notifier.stop();
      syncSchedule?.stop();
      accounts.cancelAll();
      for (const unsubscribe of unsubscribers) unsubscribe();
      await dataService.close(); // stops the data engine's worker, and with it its snapshot writes
    },
  };
}
