// The composition root: the one place that builds the main-process services and joins them into the
// contract's handlers. The Electron main process and the browser host both call it; they differ only in
// what they pass (cipher, openExternal, mode, data dir) and in the transport that carries the result.
import type { AccountView } from '../../shared/accounts';
import { AppError } from '../../shared/errors';
import type { MethodName } from '../../shared/ipc';
import type { ConnectStep, SignOutResult } from '../../shared/ipc/accounts';
import type { AppMode, AppStatus } from '../../shared/ipc/app';
import { normalizeSchoolAddress } from '../../shared/school-address';
import { ApiClient } from './api/api-client';
import type { PlatformCaller } from './api/platform-caller';
import { AuthService } from './auth/auth-service';
import { createDataHandlers } from './data/handlers';
import { createEventHub } from './ipc/event-hub';
import type { EventHub } from './ipc/event-hub';
import type { CallContext, MethodHandlers } from './ipc/handler-types';
import type { Logger } from './log';
import { checkExternalUrl } from './security/external-url';
import { createOnlineProbe, protectedResourceMetadataUrl } from './status/online-probe';
import type { OnlineProbe } from './status/online-probe';
import type { SecretCipher } from './store/secret-cipher';
import { SettingsStore } from './store/settings';

type EngineStep = Exclude<ConnectStep, 'done' | 'failed' | 'cancelled'>;
interface InteractiveOptions {
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
  /** Builds the engine (AuthService + ApiClient). Default: the real one; tests of a transport may pass their own. */
  engine?: EngineFactory;
  /** Handlers of contract parts built by the caller (e.g. updates, which differ by mode). */
  extraHandlers?: Partial<MethodHandlers>;
  /** Pass one to subscribe a transport before anything is emitted. */
  events?: EventHub;
  fetch?: typeof fetch;
  probeIntervalMs?: number;
}

export interface AppServices {
  handlers: Partial<MethodHandlers>;
  events: EventHub;
  settings: SettingsStore;
  auth: AuthPort;
  probe: OnlineProbe;
  status(): AppStatus;
  close(): Promise<void>;
}

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { logger } = options;
  const events = options.events ?? createEventHub({ validate: true });
  const emit = events.emit;
  const settings = await SettingsStore.open(options.dataDir, logger);

  // The connect in progress: one at a time, so Cancel knows what to stop and the progress events can carry
  // the consent page's address (the engine hands it to openExternal).
  let interactive: { controller: AbortController; address: string | undefined } | null = null;

  const openExternal = async (url: string): Promise<void> => {
    const checked = checkExternalUrl(url);
    if (!checked.ok) throw new AppError('internal', 'The sign-in page address was not a web address.');
    if (interactive) emit('accounts.connectProgress', { step: 'waiting_for_browser', address: interactive.address, authorizationUrl: checked.url });
    try {
      await options.openExternal(checked.url);
    } catch (error) {
      // The Connect screen still shows a link to the page, so a browser that failed to open is not fatal.
      logger.warn('could not open the system browser', { error: error instanceof Error ? error.name : typeof error });
    }
  };

  const { auth, caller } = await (options.engine ?? realEngine)({
    dataDir: options.dataDir,
    cipher: options.cipher,
    openExternal,
    logger,
    allowWeakCipher: settings.get().allowWeakCipher,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const removedListeners = new Set<(accountId: string) => void>();
  const dataHandlers = createDataHandlers({
    caller,
    cipher: options.cipher,
    dataDir: options.dataDir,
    emit,
    logger,
    onAccountRemoved: (listener) => {
      removedListeners.add(listener);
    },
  });

  const probe = createOnlineProbe({
    targets: () => {
      const issuers = auth.listAccounts().map((account) => account.issuer);
      const fallback = issuers.length === 0 && options.defaultSchool ? [options.defaultSchool.address] : [];
      return [...issuers, ...fallback].flatMap((address) => {
        try {
          return [protectedResourceMetadataUrl(address)];
        } catch {
          return [];
        }
      });
    },
    onChange: () => emit('app.statusChanged', status()),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeIntervalMs ? { intervalMs: options.probeIntervalMs } : {}),
    logger,
  });

  function status(): AppStatus {
    const syncs = auth.listAccounts().map((account) => account.lastSyncAt).filter((at): at is string => at !== null).sort();
    return {
      version: options.version,
      mode: options.mode,
      online: probe.online,
      lastSyncAt: syncs.at(-1) ?? null,
      defaultSchool: options.defaultSchool,
    };
  }

  const unsubscribers = [
    auth.onAccountsChanged((accounts) => {
      emit('accounts.changed', accounts);
      emit('app.statusChanged', status());
    }),
    auth.onAccountRemoved((accountId) => {
      for (const listener of [...removedListeners]) listener(accountId);
      if (settings.get().activeAccountId === accountId) void settings.update({ activeAccountId: null }).catch(() => undefined);
    }),
    settings.onChange((value) => emit('settings.changed', value)),
  ];

  /** Runs one browser sign-in (connect, sign in again, grant) with progress events and Cancel. */
  async function runInteractive(address: string | undefined, context: CallContext, run: (options: InteractiveOptions) => Promise<AccountView>): Promise<AccountView> {
    interactive?.controller.abort(new AppError('cancelled', 'A new sign-in replaced this one.'));
    const controller = new AbortController();
    const current = { controller, address };
    interactive = current;
    const stopFollowing = followAbort(context.signal, controller);
    const progress = (step: ConnectStep) => emit('accounts.connectProgress', address ? { step, address } : { step });
    progress('discovering');
    try {
      const account = await run({ signal: controller.signal, onProgress: (step) => { if (step !== 'waiting_for_browser') progress(step); } });
      progress('done');
      void probe.check();
      return account;
    } catch (error) {
      const cancelled = controller.signal.aborted || (error instanceof AppError && error.code === 'cancelled');
      progress(cancelled ? 'cancelled' : 'failed');
      if (cancelled && !(error instanceof AppError)) throw new AppError('cancelled', 'Sign-in was cancelled.', { cause: error });
      throw error;
    } finally {
      stopFollowing();
      if (interactive === current) interactive = null;
    }
  }

  const accountHandlers: MethodHandlers<Extract<MethodName, `accounts.${string}`>> = {
    'accounts.list': async () => auth.listAccounts(),
    'accounts.connect': async ({ address }, context) => {
      const normalized = normalizeSchoolAddress(address);
      if (!normalized.ok) throw new AppError('invalid_address', normalized.message);
      return runInteractive(normalized.url, context, (engine) => auth.connect(normalized.url, engine));
    },
    'accounts.cancelConnect': async () => {
      if (!interactive) return { cancelled: false };
      interactive.controller.abort(new AppError('cancelled', 'Sign-in was cancelled.'));
      return { cancelled: true };
    },
    'accounts.signInAgain': async ({ accountId }, context) => runInteractive(issuerOf(accountId), context, (engine) => auth.signInAgain(accountId, engine)),
    'accounts.grantScopes': async ({ accountId, scopes }, context) => runInteractive(issuerOf(accountId), context, (engine) => auth.grantScopes(accountId, scopes, engine)),
    'accounts.signOut': async ({ accountId }) => {
      if (!auth.listAccounts().some((account) => account.id === accountId)) throw new AppError('not_found', 'That school is not connected.');
      return auth.signOut(accountId);
    },
  };

  function issuerOf(accountId: string): string {
    const account = auth.listAccounts().find((candidate) => candidate.id === accountId);
    if (!account) throw new AppError('not_found', 'That school is not connected.');
    return account.issuer;
  }

  const appHandlers: MethodHandlers<'app.status' | 'app.openExternal' | 'settings.get' | 'settings.set'> = {
    'app.status': async () => status(),
    'app.openExternal': async ({ url }) => {
      const checked = checkExternalUrl(url);
      if (!checked.ok) throw new AppError('invalid_input', `That link cannot be opened: ${checked.reason}.`);
      await options.openExternal(checked.url);
      return { opened: true };
    },
    'settings.get': async () => settings.get(),
    'settings.set': async (patch) => {
      if (patch.activeAccountId && !auth.listAccounts().some((account) => account.id === patch.activeAccountId)) {
        throw new AppError('not_found', 'That school is not connected.');
      }
      try {
        return await settings.update(patch);
      } catch (error) {
        throw new AppError('storage_unavailable', 'The settings could not be saved.', { cause: error });
      }
    },
  };

  probe.start();

  return {
    handlers: { ...accountHandlers, ...appHandlers, ...dataHandlers, ...options.extraHandlers },
    events,
    settings,
    auth,
    probe,
    status,
    async close() {
      probe.stop();
      interactive?.controller.abort(new AppError('cancelled', 'The app is closing.'));
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}

function followAbort(signal: AbortSignal, controller: AbortController): () => void {
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => undefined;
  }
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}
