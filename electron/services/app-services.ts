// The composition root: the one place that builds the main-process services and joins them into the
// contract's handlers. The Electron main process and the browser host both call it; they differ only in
// what they pass (cipher, openExternal, mode, data dir) and in the transport that carries the result.
import type { AccountView } from '../../shared/accounts';
import type { ConnectStep, SignOutResult } from '../../shared/ipc/accounts';
import type { AppMode, AppStatus } from '../../shared/ipc/app';
import { ApiClient } from './api/api-client';
import type { PlatformCaller } from './api/platform-caller';
import { AuthService } from './auth/auth-service';
import { createDataService } from './data/handlers';
import type { ExportDestination } from './engine/export-destination';
import { createAccountHandlers } from './ipc/account-handlers';
import { createAppHandlers } from './ipc/app-handlers';
import { createEngineSlot } from './ipc/engine-slot';
import { createEventHub } from './ipc/event-hub';
import type { EventHub } from './ipc/event-hub';
import type { MethodHandlers } from './ipc/handler-types';
import type { Logger } from './log';
import { checkExternalUrl } from './security/external-url';
import { createOnlineProbe, protectedResourceMetadataUrl } from './status/online-probe';
import type { OnlineProbe } from './status/online-probe';
import type { SecretCipher } from './store/secret-cipher';
import { SettingsStore } from './store/settings';

export type EngineStep = Exclude<ConnectStep, 'done' | 'failed' | 'cancelled'>;
export interface InteractiveOptions {
  signal?: AbortSignal;
  onProgress?: (step: EngineStep) => void;
}

/** What the shell needs of the engine's AuthService (electron/services/auth/auth-service.ts). */
export interface AuthPort {
  listAccounts(): AccountView[];
  connect(address: string, options?: InteractiveOptions): Promise<AccountView>;
  signInAgain(accountId: string, options?: InteractiveOptions): Promise<AccountView>;
  grantScopes(accountId: string, scopes: string[], options?: InteractiveOptions): Promise<AccountView>;
  signOut(accountId: string): Promise<SignOutResult>;
  onAccountsChanged(listener: (accounts: AccountView[]) => void): () => void;
  onAccountRemoved(listener: (accountId: string) => void): () => void;
}

export interface AuthFactoryOptions {
  dataDir: string;
  cipher: SecretCipher;
  openExternal(url: string): Promise<void>;
  logger: Logger;
  allowWeakCipher: boolean;
  fetch?: typeof fetch;
}

export type EngineFactory = (options: AuthFactoryOptions) => Promise<{ auth: AuthPort; caller: PlatformCaller }>;

/** The engine of electron/services/auth and electron/services/api. */
export const realEngine: EngineFactory = async (options) => {
  const auth = await AuthService.open(options);
  const caller = new ApiClient(auth, { logger: options.logger, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return { auth, caller };
};

export interface AppServicesOptions {
  mode: AppMode;
  version: string;
  dataDir: string;
  cipher: SecretCipher;
  /** Shows the platform's consent page: shell.openExternal (desktop), an app.openUrl event (browser mode), a test's consent clicker. */
  openExternal(url: string): Promise<void>;
  /** The school the Connect screen offers (the sandbox in development, or --school). */
  defaultSchool: { address: string; label: string } | null;
  logger: Logger;
  /** Builds the engine (AuthService + ApiClient). Default: the real one. */
  engine?: EngineFactory;
  /** Handlers of contract parts built by the caller (e.g. updates, which differ by mode). */
  extraHandlers?: Partial<MethodHandlers>;
  /** Pass one to subscribe a transport before anything is emitted. */
  events?: EventHub;
  fetch?: typeof fetch;
  probeIntervalMs?: number;
  /** Where a streamed CSV export goes (data.orders.exportCsvFile): the Save dialog, or browser mode's download slots. */
  exportDestination?: ExportDestination;
}

export interface AppServices {
  handlers: Partial<MethodHandlers>;
  events: EventHub;
  settings: SettingsStore;
  probe: OnlineProbe;
  status(): AppStatus;
  close(): Promise<void>;
}

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { logger } = options;
  const events = options.events ?? createEventHub({ validate: true });
  const emit = events.emit;
  const settings = await SettingsStore.open(options.dataDir, logger);

  // The engine hands the consent page's address to openExternal: the account handlers put it in the
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

  const engine = createEngineSlot(
    options.engine ?? realEngine,
    () => ({
      dataDir: options.dataDir,
      cipher: options.cipher,
      openExternal,
      logger,
      allowWeakCipher: settings.get().allowWeakCipher,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
    logger,
  );

  const removedListeners = new Set<(accountId: string) => void>();
  const onlineListeners = new Set<(online: boolean) => void>();
  const data = createDataService({
    caller: engine.caller,
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

  const probe = createOnlineProbe({
    targets: () => {
      const issuers = engine.accountsIfOpen().map((account) => account.issuer);
      const fallback = issuers.length === 0 && options.defaultSchool ? [options.defaultSchool.address] : [];
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
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {}),
    logger,
  });

  function status(): AppStatus {
    const syncs = engine.accountsIfOpen().map((account) => account.lastSyncAt).filter((at): at is string => at !== null).sort();
    return {
      version: options.version,
      mode: options.mode,
      online: probe.online,
      lastSyncAt: syncs.at(-1) ?? null,
      defaultSchool: options.defaultSchool,
    };
  }

  const unsubscribers: (() => void)[] = [settings.onChange((value) => emit('settings.changed', value))];
  engine.onOpen((auth) => {
    unsubscribers.push(
      auth.onAccountsChanged((accounts) => {
        emit('accounts.changed', accounts);
        emit('app.statusChanged', status());
      }),
      auth.onAccountRemoved((accountId) => {
        for (const listener of [...removedListeners]) listener(accountId);
        if (settings.get().activeAccountId === accountId) void settings.update({ activeAccountId: null }).catch(() => undefined);
      }),
    );
    emit('accounts.changed', auth.listAccounts());
  });

  const accounts = createAccountHandlers({ engine, emit, logger, afterSignIn: () => void probe.check() });
  onAuthorizationUrl = accounts.authorizationUrlOpened;
  const appHandlers = createAppHandlers({ engine, settings, status, openExternal: options.openExternal });

  await engine.retry();
  probe.start();

  return {
    handlers: { ...accounts.handlers, ...appHandlers, ...data.handlers, ...options.extraHandlers },
    events,
    settings,
    probe,
    status,
    async close() {
      probe.stop();
      accounts.cancelAll();
      data.close(); // cancels the data jobs and stops the data engine's worker
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
