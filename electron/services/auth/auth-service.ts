// The engine's front door for the rest of the main process: accounts, connect, sign-in again, step-up,
// sign-out, and the token source the API client draws on. Every step lives in its own module.
import { join } from 'node:path';
import type { AccountView } from '../../../shared/model/accounts';
import { INITIAL_SCOPES } from '../../../shared/app-scopes';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import type { Logger } from '../log';
import type { SecretCipher } from '../store/secret-cipher';
import { StateSeal } from '../store/state-seal';
import { Vault } from '../store/vault';
import { AccountStore } from './accounts';
import { type DiscoveryDeps, fetchAuthorizationServer } from './discovery';
import { guardedFetch } from '../net/guarded-fetch';
import { MetadataCache } from './metadata-cache';
import { type PreRegisteredClient, signIn, type SignInContext, type SignInStep, type SignInStepDetail, type SignInTiming } from './sign-in';
import { relocateAccount } from './relocate';
import { sendPendingRevocations, signOutAccount } from './sign-out';
import { stepUpScopes } from './step-up';
import { clientCredentials } from './token-exchange';
import { needsRefresh, RefreshRefused, refreshTokenGrant, SingleFlight } from './token-refresher';

const SYNC_MARK_INTERVAL_MS = 60_000;

export interface AuthServiceOptions {
  dataDir: string;
  cipher: SecretCipher;
  openExternal(url: string): Promise<void>;
  logger: Logger;
  /** Linux basic_text: refused unless the admin agreed. */
  allowWeakCipher?: boolean;
  fetch?: typeof fetch;
  now?: () => number;
  receiverTimeoutMs?: number;
  /** Per-request timeout for OAuth calls. */
  requestTimeoutMs?: number;
  /** Largest answer accepted from the platform (default 50 MiB). */
  maxBodyBytes?: number;
  preRegisteredClients?: Record<string, { clientId: string; clientSecret?: string }>;
}

/** What the API client needs from the engine, and nothing more. */
export interface TokenSource {
  /** A usable access token for the account, refreshed first when it is about to expire. */
  accessToken(accountId: string, signal?: AbortSignal): Promise<string>;
  /** The platform rejected `rejected` (401 invalid_token): refresh once (shared by all who ask) and return the new token. */
  refreshAfterRejection(accountId: string, rejected: string): Promise<string>;
  apiBase(accountId: string): string;
  /** What the account was granted: a 403's named scopes minus these are the missing ones. */
  grantedScopes(accountId: string): readonly string[];
  /** `apiBase`: where the call went; a report about an address the account has since left is ignored. */
  reportReachable(accountId: string, reachable: boolean, apiBase?: string): void;
}

export class AuthService implements TokenSource {
  private readonly refreshes = new SingleFlight<string>();
  private revocationRun: Promise<number> | null = null;
  /** The last interactive sign-in's client-side timing (for the issue note and diagnostics). */
  lastSignInTiming: SignInTiming | null = null;

  private constructor(
    private readonly options: AuthServiceOptions,
    private readonly store: AccountStore,
    private readonly cache: MetadataCache,
    private readonly http: typeof fetch,
    private readonly now: () => number,
  ) {}

  static async open(options: AuthServiceOptions): Promise<AuthService> {
    const vault = await Vault.open({ dataDir: options.dataDir, cipher: options.cipher, logger: options.logger, allowWeakCipher: options.allowWeakCipher ?? false });
    const seal = await StateSeal.open(options.dataDir, options.cipher, options.logger);
    const store = await AccountStore.open(options.dataDir, vault, options.logger, seal);
    const cache = await MetadataCache.open(join(options.dataDir, 'metadata-cache.json'), options.logger, seal);
    const http = guardedFetch({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    });
    return new AuthService(options, store, cache, http, options.now ?? Date.now);
  }

  listAccounts(): AccountView[] {
    return this.store.list();
  }

  /** `client`: a client ID (and secret) the platform gave the admin, instead of registering the app. */
  async connect(address: string, options: { signal?: AbortSignal; onProgress?: (step: SignInStep, detail: SignInStepDetail) => void; client?: PreRegisteredClient } = {}): Promise<AccountView> {
    return this.interactive({ address, scopes: INITIAL_SCOPES, ...options });
  }

  async signInAgain(accountId: string, options: { signal?: AbortSignal; onProgress?: (step: SignInStep, detail: SignInStepDetail) => void } = {}): Promise<AccountView> {
    const record = this.store.get(accountId);
    const { scopes } = stepUpScopes(INITIAL_SCOPES, record.grantedScopes);
    return this.interactive({ address: record.address ?? record.apiBase, scopes, expectAccountId: accountId, school: record.school, ...options });
  }

  async grantScopes(accountId: string, scopes: string[], options: { signal?: AbortSignal; onProgress?: (step: SignInStep, detail: SignInStepDetail) => void } = {}): Promise<AccountView> {
    const record = this.store.get(accountId);
    const { scopes: all, added } = stepUpScopes(record.grantedScopes, scopes);
    if (added.length === 0 && !record.signInNeeded) return this.store.view(record);
    return this.interactive({ address: record.address ?? record.apiBase, scopes: all, expectAccountId: accountId, school: record.school, ...options });
  }

  /**
   * The account's platform moved to `address`: re-point the account (same id, cache and settings). `trusted`
   * (decided by the caller, never by the renderer) lets the stored refresh token go to the validated new
   * address; otherwise it is a browser sign-in there for the same school. See auth/relocate.ts.
   */
  async relocate(accountId: string, address: string, options: { trusted: boolean; signal?: AbortSignal; onProgress?: (step: SignInStep, detail: SignInStepDetail) => void }): Promise<AccountView> {
    const { account, timing } = await relocateAccount(this.signInContext(), { accountId, address, ...options });
    if (timing) this.lastSignInTiming = timing;
    return account;
  }

  async signOut(accountId: string): Promise<{ revokedOnPlatform: boolean; message: string }> {
    const result = await signOutAccount(this.store, accountId, this.discoveryDeps());
    this.options.logger.info('signed out', { account: accountId, revokedOnPlatform: result.revokedOnPlatform });
    return result;
  }

  /** Revokes what offline sign-outs left queued, where the platform can be reached now. One run at a time. */
  sendPendingRevocations(): Promise<number> {
    this.revocationRun ??= sendPendingRevocations(this.store, this.discoveryDeps())
      .then((sent) => {
        if (sent > 0) this.options.logger.info('queued revocations sent', { sent });
        return sent;
      })
      .finally(() => {
        this.revocationRun = null;
      });
    return this.revocationRun;
  }

  /** The platforms that still owe a revocation: the online probe watches them even with no account left. */
  pendingRevocationIssuers(): string[] {
    return [...new Set(this.store.vault.pendingRevocations().map((entry) => entry.issuer))];
  }

  onAccountsChanged(listener: (accounts: AccountView[]) => void): () => void {
    return this.store.onChange(listener);
  }

  onAccountRemoved(listener: (accountId: string) => void): () => void {
    return this.store.onRemoved(listener);
  }

  removedAtOpen(): readonly string[] {
    return this.store.removedAtOpen;
  }

  // --- TokenSource ---

  async accessToken(accountId: string): Promise<string> {
    const record = this.store.get(accountId);
    const tokens = this.store.tokens(accountId);
    if (record.signInNeeded || !tokens) throw signInNeeded(record.school.name);
    if (!needsRefresh(tokens, this.now())) return tokens.accessToken;
    return this.refreshTokensOnce(accountId);
  }

  async refreshAfterRejection(accountId: string, rejected: string): Promise<string> {
    const tokens = this.store.tokens(accountId);
    // Someone else already refreshed since this call started: use theirs instead of refreshing again.
    if (tokens && tokens.accessToken !== rejected && !this.refreshes.has(accountId)) return tokens.accessToken;
    return this.refreshTokensOnce(accountId);
  }

  apiBase(accountId: string): string {
    return this.store.get(accountId).apiBase;
  }

  grantedScopes(accountId: string): readonly string[] {
    return this.store.get(accountId).grantedScopes;
  }

  reportReachable(accountId: string, reachable: boolean, apiBase?: string): void {
    const record = this.store.list().find((a) => a.id === accountId);
    if (!record || record.status === 'sign_in_needed' || record.status === 'refreshing') return;
    // A call still in flight to the old address of a re-pointed account (relocate) says nothing about the new one.
    if (apiBase !== undefined && apiBase !== this.store.get(accountId).apiBase) return;
    this.store.setStatus(accountId, reachable ? 'signed_in' : 'offline');
  }

  /** The school's data on screen was just read from the platform (api/sync-noting-caller.ts): its last sync moves. */
  noteSynced(accountId: string): void {
    const record = this.store.list().find((a) => a.id === accountId);
    if (!record) return;
    // lastSyncAt is "recently synced", not a per-read log: one state write a minute at most.
    const last = record.lastSyncAt ? Date.parse(record.lastSyncAt) : 0;
    if (this.now() - last > SYNC_MARK_INTERVAL_MS) void this.store.markSynced(accountId, new Date(this.now())).catch(() => undefined);
  }

  /** At most one refresh per account in flight; the rotated refresh token is saved before the new access token is returned. */
  refreshTokensOnce(accountId: string): Promise<string> {
    return this.refreshes.run(accountId, async () => {
      const record = this.store.get(accountId);
      const tokens = this.store.tokens(accountId);
      if (!tokens?.refreshToken) {
        await this.store.markSignInNeeded(accountId);
        throw new AppError('sign_in_needed', t('errors:auth.expired', { school: record.school.name, host: new URL(record.issuer).host }));
      }
      this.store.setStatus(accountId, 'refreshing');
      try {
        const as = await fetchAuthorizationServer(new URL(record.issuer), this.discoveryDeps());
        const client = this.store.clientOf(record);
        if (!client) throw new RefreshRefused('invalid_client', record.school.name, null);
        const credentials = clientCredentials(client.clientId, client.secret);
        const grant = await refreshTokenGrant(as, credentials, tokens.refreshToken, record.resource, { http: this.http, now: this.now });
        await this.store.saveTokens(accountId, grant.tokens);
        this.store.setStatus(accountId, 'signed_in');
        this.options.logger.info('tokens refreshed', { account: accountId });
        return grant.tokens.accessToken;
      } catch (error) {
        if (error instanceof RefreshRefused) {
          this.options.logger.warn('refresh refused; sign-in needed', { account: accountId, error: error.oauthError });
          if (error.oauthError !== 'invalid_grant' && this.store.holdsTokensOf(record)) await this.store.forgetClient(record.issuer);
          await this.store.markSignInNeeded(accountId);
          throw signInNeeded(record.school.name, error);
        }
        const appError = error instanceof AppError ? error : new AppError('internal', t('errors:auth.renewFailed'), { cause: error });
        this.store.setStatus(accountId, appError.code === 'unreachable' || appError.code === 'offline' ? 'offline' : 'signed_in');
        throw appError;
      }
    });
  }

  private async interactive(request: Parameters<typeof signIn>[1]): Promise<AccountView> {
    const { account, timing } = await signIn(this.signInContext(), request);
    this.lastSignInTiming = timing;
    return account;
  }

  private signInContext(): SignInContext {
    return {
      store: this.store,
      cache: this.cache,
      http: this.http,
      now: this.now,
      logger: this.options.logger,
      openExternal: this.options.openExternal,
      ...(this.options.receiverTimeoutMs !== undefined ? { receiverTimeoutMs: this.options.receiverTimeoutMs } : {}),
      preRegisteredClients: this.options.preRegisteredClients ?? {},
    };
  }

  private discoveryDeps(): DiscoveryDeps {
    return { http: this.http, cache: this.cache, now: this.now };
  }
}

function signInNeeded(school: string, cause?: unknown): AppError {
  return new AppError('sign_in_needed', t('errors:auth.signInAgain', { school }), { cause });
}
