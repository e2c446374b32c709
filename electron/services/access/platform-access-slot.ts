// Platform access (AuthService + ApiClient) as the composition root holds it. Opening it can fail for reasons
// the admin can fix (Linux without a key store: "store sign-ins with weak protection?"; a damaged vault
// set aside): the app must still start, show the reason on the accounts calls, and open it again when
// asked (after the setting changed, or on the next call).
import { t } from '../../../shared/i18n/i18n';
import { z } from 'zod';
import type { AccountView } from '../../../shared/model/accounts';
import { AppError, isAppError } from '../../../shared/errors';
import type { CallArgs, PlatformCaller } from '../api/platform-caller';
import { syncNotingCaller } from '../api/sync-noting-caller';
import type { Logger } from '../log';
import type { AuthPort, PlatformAccess, PlatformAccessFactory, PlatformAccessOptions } from './ports';

export interface PlatformAccessSlot {
  /** Sign-in, opening it again if the last attempt failed; rejects with that attempt's AppError. */
  ready(): Promise<AuthPort>;
  /** The accounts if access is open, else none (for status and the online probe). */
  accountsIfOpen(): AccountView[];
  /** Platforms that still owe a revocation (an offline sign-out), if access is open. */
  pendingRevocationIssuers(): string[];
  /** Opens access again if it is not open (e.g. the admin just agreed to a weak key store). */
  retry(): Promise<void>;
  /** A PlatformCaller that waits for access to open: the data handlers are built before it opens. */
  caller: PlatformCaller;
  /** The same for the screens' reads and the engine's syncs: each read that answered is the school's last sync. */
  screensCaller: PlatformCaller;
  /** Called once per successful open, to subscribe to sign-in's events. */
  onOpen(listener: (auth: AuthPort) => void): void;
}

export function createPlatformAccessSlot(factory: PlatformAccessFactory, options: () => PlatformAccessOptions, logger: Logger): PlatformAccessSlot {
  let opened: PlatformAccess | null = null;
  let opening: Promise<void> | null = null;
  let lastError: AppError | null = null;
  const openListeners: ((auth: AuthPort) => void)[] = [];

  function open(): Promise<void> {
    opening ??= factory(options())
      .then((access) => {
        opened = access;
        lastError = null;
        for (const listener of openListeners) listener(access.auth);
      })
      .catch((error: unknown) => {
        lastError = isAppError(error) ? error : new AppError('storage_unavailable', t('errors:main.savedSignInsUnreadable'), { cause: error });
        logger.error('platform access (sign-in) could not open', { errorCode: lastError.code });
      })
      .finally(() => {
        opening = null;
      });
    return opening;
  }

  async function access(): Promise<PlatformAccess> {
    if (!opened) await open();
    if (!opened) throw lastError ?? new AppError('storage_unavailable', t('errors:main.savedSignInsUnreadable'));
    return opened;
  }

  const caller: PlatformCaller = {
    call: async (accountId, operation, schema, args?: CallArgs) => (await access()).caller.call(accountId, operation, schema, args),
    paginate: async (accountId, operation, item, args) => (await access()).caller.paginate(accountId, operation, item, args),
    callBytes: async (accountId, operation, args?: CallArgs) => {
      const { caller: opened } = await access();
      if (opened.callBytes) return opened.callBytes(accountId, operation, args);
      // A caller without raw answers (a stand-in): its parsed answer, as JSON again.
      return Buffer.from(JSON.stringify(await opened.call(accountId, operation, z.unknown(), args)));
    },
    // The explorer's: operations the platform's /openapi.json describes, and that document itself.
    callOperation: async (accountId, spec, schema, args?: CallArgs) => {
      const inner = (await access()).caller;
      if (!inner.callOperation) throw new AppError('internal', t('errors:main.noOperations'));
      return inner.callOperation(accountId, spec, schema, args);
    },
    openApiDocument: async (accountId, signal) => {
      const inner = (await access()).caller;
      if (!inner.openApiDocument) throw new AppError('internal', t('errors:main.noApiDescription'));
      return inner.openApiDocument(accountId, signal);
    },
  };

  return {
    ready: async () => (await access()).auth,
    accountsIfOpen: () => opened?.auth.listAccounts() ?? [],
    pendingRevocationIssuers: () => opened?.auth.pendingRevocationIssuers?.() ?? [],
    retry: async () => {
      if (!opened) await open();
    },
    caller,
    screensCaller: syncNotingCaller(caller, (accountId) => opened?.auth.noteSynced(accountId)),
    onOpen: (listener) => {
      openListeners.push(listener);
      if (opened) listener(opened.auth);
    },
  };
}
