// What the rest of the main process needs of platform access (sign-in and the API client), as ports: the
// account handlers, the status and diagnostics handlers and the composition root depend on these types, not
// on AuthService or ApiClient, so tests can hand in their own and no handler imports the composition root.
import type { AccountView } from '../../../shared/model/accounts';
import type { ConnectStep, SignOutResult } from '../../../shared/ipc/accounts';
import type { PlatformCaller } from '../api/platform-caller';
import type { Logger } from '../log';
import type { SecretCipher } from '../store/secret-cipher';

/** The steps of a sign-in the Connect screen shows while it runs. */
type ConnectProgressStep = Exclude<ConnectStep, 'done' | 'failed' | 'cancelled'>;

export interface InteractiveOptions {
  signal?: AbortSignal;
  /** `detail.signInOrigin`: the sign-in server's origin when it is not the school's (before the browser opens). */
  onProgress?: (step: ConnectProgressStep, detail?: { signInOrigin?: string }) => void;
}

/** What the shell needs of the AuthService (electron/services/auth/auth-service.ts). */
export interface AuthPort {
  listAccounts(): AccountView[];
  /** The school's data on screen was just read from the platform: "synced" on the status line moves. */
  noteSynced(accountId: string): void;
  connect(address: string, options?: InteractiveOptions & { client?: { clientId: string; clientSecret?: string } }): Promise<AccountView>;
  signInAgain(accountId: string, options?: InteractiveOptions): Promise<AccountView>;
  grantScopes(accountId: string, scopes: string[], options?: InteractiveOptions): Promise<AccountView>;
  relocate(accountId: string, address: string, options: InteractiveOptions & { trusted: boolean }): Promise<AccountView>;
  signOut(accountId: string): Promise<SignOutResult>;
  onAccountsChanged(listener: (accounts: AccountView[]) => void): () => void;
  onAccountRemoved(listener: (accountId: string) => void): () => void;
  /** Accounts removed as the saved sign-ins opened (edited on disk): what is kept for them elsewhere goes too. */
  removedAtOpen?(): readonly string[];
  /** Revocations an offline sign-out queued: sent when the platform is back. */
  sendPendingRevocations?(): Promise<number>;
  pendingRevocationIssuers?(): string[];
}

export interface PlatformAccessOptions {
  dataDir: string;
  cipher: SecretCipher;
  openExternal(url: string): Promise<void>;
  logger: Logger;
  allowWeakCipher: boolean;
  fetch?: typeof fetch;
}

/** Sign-in (AuthPort) and the API client (PlatformCaller) of one app, opened together. */
export interface PlatformAccess {
  auth: AuthPort;
  caller: PlatformCaller;
}

export type PlatformAccessFactory = (options: PlatformAccessOptions) => Promise<PlatformAccess>;
