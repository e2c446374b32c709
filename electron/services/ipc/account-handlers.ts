// The accounts part of the contract: connect a school, sign in again, grant more scopes (each a browser
// sign-in with progress events and Cancel), sign out, list.
import type { AccountView } from '../../../shared/model/accounts';
import { AppError } from '../../../shared/errors';
import type { ConnectStep } from '../../../shared/ipc/accounts';
import { normalizeSchoolAddress } from '../../../shared/school-address';
import type { InteractiveOptions } from '../access/ports';
import type { Logger } from '../log';
import type { PlatformAccessSlot } from '../access/platform-access-slot';
import type { CallContext, EmitEvent, MethodHandlers } from './handler-types';

type AccountMethodName = 'accounts.list' | 'accounts.connect' | 'accounts.cancelConnect' | 'accounts.signInAgain' | 'accounts.grantScopes' | 'accounts.relocate' | 'accounts.signOut';

interface AccountHandlerDeps {
  access: PlatformAccessSlot;
  emit: EmitEvent;
  logger: Logger;
  afterSignIn(): void;
  /** The app's own default school and where it was before: the only move trusted without a browser sign-in. */
  defaultSchool?: { address: string; formerAddresses?: string[] | undefined } | null;
}

/** Addresses compared as sign-in keeps issuers: no trailing slash. */
function sameAddress(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

export function createAccountHandlers(deps: AccountHandlerDeps) {
  const { access, emit } = deps;
  // One browser sign-in at a time: Cancel knows what to stop, and a new one replaces an abandoned one.
  let interactive: { controller: AbortController; address: string | undefined } | null = null;

  let lastStep: ConnectStep | null = null;
  const progress = (address: string | undefined, step: ConnectStep, authorizationUrl?: string, signInOrigin?: string) => {
    // Sign-in may repeat a step the shell already announced (discovering): say each once.
    if (step === lastStep && !authorizationUrl && !signInOrigin) return;
    lastStep = step;
    emit('accounts.connectProgress', { step, ...(address ? { address } : {}), ...(authorizationUrl ? { authorizationUrl } : {}), ...(signInOrigin ? { signInOrigin } : {}) });
  };

  async function runInteractive(address: string | undefined, context: CallContext, run: (options: InteractiveOptions) => Promise<AccountView>): Promise<AccountView> {
    interactive?.controller.abort(new AppError('cancelled', 'A new sign-in replaced this one.'));
    const controller = new AbortController();
    const current = { controller, address };
    interactive = current;
    lastStep = null;
    const stopFollowing = followAbort(context.signal, controller);
    progress(address, 'discovering');
    try {
      // waiting_for_browser is reported with the page's address when sign-in opens it (authorizationUrlOpened).
      const account = await run({ signal: controller.signal, onProgress: (step, detail) => step !== 'waiting_for_browser' && progress(address, step, undefined, detail?.signInOrigin) });
      progress(address, 'done');
      deps.afterSignIn();
      return account;
    } catch (error) {
      const cancelled = controller.signal.aborted || (error instanceof AppError && error.code === 'cancelled');
      progress(address, cancelled ? 'cancelled' : 'failed');
      if (cancelled && !(error instanceof AppError && error.code === 'cancelled')) throw new AppError('cancelled', 'Sign-in was cancelled.', { cause: error });
      throw error;
    } finally {
      stopFollowing();
      if (interactive === current) interactive = null;
    }
  }

  async function account(accountId: string): Promise<AccountView> {
    const found = (await access.ready()).listAccounts().find((candidate) => candidate.id === accountId);
    if (!found) throw new AppError('not_found', 'That school is not connected.');
    return found;
  }

  const handlers: MethodHandlers<AccountMethodName> = {
    'accounts.list': async () => (await access.ready()).listAccounts(),
    'accounts.connect': async ({ address, client }, context) => {
      const normalized = normalizeSchoolAddress(address);
      if (!normalized.ok) throw new AppError('invalid_address', normalized.message);
      const auth = await access.ready();
      const given = client ? { clientId: client.clientId, ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}) } : undefined;
      return runInteractive(normalized.url, context, (options) => auth.connect(normalized.url, { ...options, ...(given ? { client: given } : {}) }));
    },
    'accounts.cancelConnect': async () => {
      if (!interactive) return { cancelled: false };
      interactive.controller.abort(new AppError('cancelled', 'Sign-in was cancelled.'));
      return { cancelled: true };
    },
    'accounts.signInAgain': async ({ accountId }, context) => {
      const { issuer } = await account(accountId);
      const auth = await access.ready();
      return runInteractive(issuer, context, (options) => auth.signInAgain(accountId, options));
    },
    'accounts.grantScopes': async ({ accountId, scopes }, context) => {
      const { issuer } = await account(accountId);
      const auth = await access.ready();
      return runInteractive(issuer, context, (options) => auth.grantScopes(accountId, scopes, options));
    },
    'accounts.relocate': async ({ accountId, address }, context) => {
      const normalized = normalizeSchoolAddress(address);
      if (!normalized.ok) throw new AppError('invalid_address', normalized.message);
      const { issuer } = await account(accountId);
      const home = deps.defaultSchool;
      // Decided here from the app's own launch configuration, never from what the page sends.
      const trusted = Boolean(home && sameAddress(normalized.url, home.address) && (home.formerAddresses ?? []).some((former) => sameAddress(former, issuer)));
      const auth = await access.ready();
      const relocated = await runInteractive(normalized.url, context, (options) => auth.relocate(accountId, normalized.url, { ...options, trusted }));
      // What the screens read from the old address (failures included) is read again from the new one.
      emit('data.invalidated', { accountId, reason: 'back_online' });
      return relocated;
    },
    'accounts.signOut': async ({ accountId }) => {
      await account(accountId);
      return (await access.ready()).signOut(accountId);
    },
  };

  return {
    handlers,
    /** Sign-in opened the consent page: tell the Connect screen where it is. */
    authorizationUrlOpened(url: string) {
      if (interactive) progress(interactive.address, 'waiting_for_browser', url);
    },
    cancelAll() {
      interactive?.controller.abort(new AppError('cancelled', 'The app is closing.'));
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
