// The account store: the one place engine state lives. One account per school (a token is for one school);
// the non-secret part in a plain JSON file, tokens in the vault, status in memory where it is transient.
import { t } from '../../../shared/i18n/i18n';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { AccountStatus, AccountView } from '../../../shared/model/accounts';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';
import { JsonFile } from '../store/json-file';
import type { StateSeal } from '../store/state-seal';
import type { PendingRevocation, TokenSet, Vault } from '../store/vault';
import { RegisteredClient } from './registration';

export const AccountRecord = z.object({
  id: z.string(),
  issuer: z.string(),
  /** The school's address as the admin typed it: sign-in again discovers from here. Absent in older state files. */
  address: z.string().optional(),
  /** Base address of the business API. */
  apiBase: z.string(),
  /** The RFC 8707 resource indicator, when the platform names one. */
  resource: z.string().nullable(),
  /** The client the tokens were issued to: refresh and revocation must name it, even after the issuer's
   *  remembered client was replaced or forgotten by a later sign-in attempt. Absent in older state files. */
  clientId: z.string().optional(),
  school: z.object({ id: z.string(), name: z.string(), url: z.string().nullable() }),
  admin: z.object({ sub: z.string(), name: z.string(), email: z.string().nullable(), picture: z.string().nullable() }),
  grantedScopes: z.array(z.string()),
  connectedAt: z.string(),
  lastSyncAt: z.string().nullable(),
  /** Persisted: a refused refresh survives a restart. */
  signInNeeded: z.boolean(),
  /** Why, when the app lost the tokens itself rather than the platform refusing them. */
  signInNeededReason: z.string().nullable().optional(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

/** On disk, each account carries the state seal's tag (store/state-seal.ts) over the whole record. */
const StoredAccount = AccountRecord.extend({ tag: z.string().optional() });

/** Version 2: the whole record is sealed (the school's name and the granted scopes too, not only where its tokens go). */
function sealedFields(record: AccountRecord) {
  return { sealed: 'account', record };
}

/** Version 1 sealed only where the tokens go: such a file is checked this way once, then written as version 2. */
function legacyTrustFields(record: AccountRecord) {
  return { id: record.id, issuer: record.issuer, address: record.address ?? null, apiBase: record.apiBase, resource: record.resource, clientId: record.clientId ?? null };
}

const StateFile = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  accounts: z.array(StoredAccount),
  clients: z.record(z.string(), RegisteredClient), // by issuer
});

export const STATE_FILE = 'auth-state.json';

/** Stable across sign-ins: the same school at the same issuer is the same account. */
function accountIdFor(issuer: string, schoolId: string): string {
  return `acct_${createHash('sha256').update(`${issuer}\n${schoolId}`).digest('base64url').slice(0, 22)}`;
}

/** The issuer's origin when it differs from the school's address (docs/security.md, "Where tokens may go"). */
function signInOriginOf(record: AccountRecord): string | null {
  try {
    const issuer = new URL(record.issuer).origin;
    return issuer === new URL(record.address ?? record.apiBase).origin ? null : issuer;
  } catch {
    return null;
  }
}

export class AccountStore {
  private readonly transient = new Map<string, AccountStatus>();
  private readonly changeListeners = new Set<(accounts: AccountView[]) => void>();
  private readonly removedListeners = new Set<(accountId: string) => void>();
  /** Accounts removed at open because their record failed its seal: the composition root drops what else is kept for them. */
  readonly removedAtOpen: string[] = [];

  private constructor(
    private readonly file: JsonFile<typeof StateFile>,
    readonly vault: Vault,
    private readonly seal: StateSeal,
    private accounts: AccountRecord[],
    private clients: Record<string, RegisteredClient>,
  ) {}

  static async open(dataDir: string, vault: Vault, logger: Logger, seal: StateSeal): Promise<AccountStore> {
    const file = new JsonFile(join(dataDir, STATE_FILE), StateFile, () => ({ version: 2 as const, accounts: [], clients: {} }), logger);
    const state = await file.load();
    const accounts: AccountRecord[] = [];
    const removed: string[] = [];
    for (const { tag, ...record } of state.accounts) {
      if (seal.verify(state.version === 1 ? legacyTrustFields(record) : sealedFields(record), tag)) {
        accounts.push(record);
        continue;
      }
      // Edited outside the app (or sealed under a key this computer no longer has): neither where its tokens go
      // nor what it says about the school can be trusted. Drop it with its tokens; the admin connects it again.
      logger.warn('an account failed its seal; it was removed with its tokens', { account: record.id });
      await vault.deleteTokens(record.id);
      removed.push(record.id);
    }
    const store = new AccountStore(file, vault, seal, accounts, state.clients);
    store.removedAtOpen.push(...removed);
    if (removed.length > 0 || state.version === 1) await store.persist();
    await store.reconcile(logger);
    return store;
  }

  /**
   * The account list and the vault are two files: make them agree at every start. A signed-out account never
   * comes back (from an older or restored list); an account whose tokens are gone is never "signed in", and
   * says why when the vault itself was lost; tokens no account owns are dropped.
   */
  private async reconcile(logger: Logger): Promise<void> {
    const before = this.accounts;
    const lostReason = this.vault.lost ? t('errors:main.signInLost', { reason: this.vault.lost.reason }) : null;
    this.accounts = before
      .filter((record) => !this.vault.wasSignedOut(record.id))
      .map((record) => {
        if (record.signInNeeded || this.vault.getTokens(record.id)) return record;
        return { ...record, signInNeeded: true, signInNeededReason: lostReason ?? t('errors:main.signInNotOnComputer') };
      });
    const changed = this.accounts.length !== before.length || this.accounts.some((record, i) => record !== before[i]);
    const dropped = await this.vault.dropTokensExcept(new Set(this.accounts.map((record) => record.id)));
    if (changed) await this.persist();
    if (changed || dropped.length > 0 || this.vault.lost) {
      logger.warn('account list and saved sign-ins reconciled', { removedSignedOut: before.length - this.accounts.length, lost: this.vault.lost !== null, orphanedTokens: dropped.length });
    }
  }

  /** Most recently connected first (the order the accounts contract promises). */
  list(): AccountView[] {
    return [...this.accounts].sort((a, b) => b.connectedAt.localeCompare(a.connectedAt)).map((record) => this.view(record));
  }

  find(accountId: string): AccountRecord | null {
    return this.accounts.find((a) => a.id === accountId) ?? null;
  }

  get(accountId: string): AccountRecord {
    const record = this.accounts.find((a) => a.id === accountId);
    if (!record) throw new AppError('not_found', t('errors:main.notConnectedAnyMore'));
    return record;
  }

  view(record: AccountRecord): AccountView {
    const status: AccountStatus = record.signInNeeded ? 'sign_in_needed' : this.transient.get(record.id) ?? 'signed_in';
    const { id, issuer, school, admin, grantedScopes, connectedAt, lastSyncAt } = record;
    const signInNeededReason = record.signInNeeded ? record.signInNeededReason ?? null : null;
    return { id, issuer, school, admin, grantedScopes, status, connectedAt, lastSyncAt, signInOrigin: signInOriginOf(record), ...(signInNeededReason ? { signInNeededReason } : {}) };
  }

  /** The account for this school at this issuer: the one already kept (it may be a re-pointed one), else a new id. */
  idFor(issuer: string, schoolId: string): string {
    return this.accounts.find((a) => a.issuer === issuer && a.school.id === schoolId)?.id ?? accountIdFor(issuer, schoolId);
  }

  /** The platform moved: its remembered client goes with it (same platform, same registration). */
  async moveClient(fromIssuer: string, toIssuer: string): Promise<void> {
    const known = this.clients[fromIssuer];
    if (!known || this.clients[toIssuer]) return;
    const secret = known.authMethod === 'client_secret_post' ? this.vault.getClientSecret(fromIssuer) : null;
    await this.saveClient({ ...known, issuer: toIssuer }, secret);
  }

  tokens(accountId: string): TokenSet | null {
    return this.vault.getTokens(accountId);
  }

  /** Tokens first, then the record: an account on disk always has the tokens it was saved with. */
  async save(record: AccountRecord, tokens: TokenSet): Promise<void> {
    await this.vault.setTokens(record.id, tokens);
    await this.vault.clearSignedOut(record.id);
    this.transient.delete(record.id);
    const { signInNeededReason: _reason, ...rest } = record;
    await this.replace(rest);
  }

  async saveTokens(accountId: string, tokens: TokenSet): Promise<void> {
    await this.vault.setTokens(accountId, tokens);
  }

  /** The platform refused the refresh: keep the account and its cached data, drop the dead tokens. */
  async markSignInNeeded(accountId: string): Promise<void> {
    const record = this.accounts.find((a) => a.id === accountId);
    if (!record) return;
    await this.vault.deleteTokens(accountId);
    this.transient.delete(accountId);
    await this.replace({ ...record, signInNeeded: true });
  }

  setStatus(accountId: string, status: 'signed_in' | 'refreshing' | 'offline'): void {
    const before = this.transient.get(accountId) ?? 'signed_in';
    if (status === 'signed_in') this.transient.delete(accountId);
    else this.transient.set(accountId, status);
    if (before !== status) this.emit();
  }

  async markSynced(accountId: string, at: Date): Promise<void> {
    const record = this.accounts.find((a) => a.id === accountId);
    if (!record) return;
    await this.replace({ ...record, lastSyncAt: at.toISOString() });
  }

  /** Sign-out: the tokens go (or wait sealed in the revocation queue when `pending`), and the account never comes back. */
  async remove(accountId: string, pending: PendingRevocation | null = null): Promise<void> {
    await this.vault.forgetAccount(accountId, pending);
    this.transient.delete(accountId);
    this.accounts = this.accounts.filter((a) => a.id !== accountId);
    await this.persist();
    this.emit();
    for (const listener of this.removedListeners) listener(accountId);
  }

  client(issuer: string): RegisteredClient | null {
    return this.clients[issuer] ?? null;
  }

  async saveClient(client: RegisteredClient, secret: string | null): Promise<void> {
    if (secret) await this.vault.setClientSecret(client.issuer, secret);
    this.clients = { ...this.clients, [client.issuer]: client };
    await this.persist();
  }

  async forgetClient(issuer: string): Promise<void> {
    const { [issuer]: _gone, ...rest } = this.clients;
    this.clients = rest;
    await this.persist();
  }

  /** The client that holds this account's tokens: the one recorded at sign-in, else the issuer's current one. */
  private clientIdFor(record: AccountRecord): string | null {
    return record.clientId ?? this.client(record.issuer)?.clientId ?? null;
  }

  /** That client, with its secret when it has one (pre-registered, or registered confidential): what refresh and revocation send. */
  clientOf(record: AccountRecord): { clientId: string; secret: string | null } | null {
    const clientId = this.clientIdFor(record);
    if (!clientId) return null;
    const remembered = this.client(record.issuer);
    const confidential = remembered?.authMethod === 'client_secret_post' && remembered.clientId === clientId;
    return { clientId, secret: confidential ? this.vault.getClientSecret(record.issuer) : null };
  }

  /** Whether the issuer's remembered client is the one holding this account's tokens. */
  holdsTokensOf(record: AccountRecord): boolean {
    return this.client(record.issuer)?.clientId === this.clientIdFor(record);
  }

  onChange(listener: (accounts: AccountView[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onRemoved(listener: (accountId: string) => void): () => void {
    this.removedListeners.add(listener);
    return () => this.removedListeners.delete(listener);
  }

  private async replace(record: AccountRecord): Promise<void> {
    const index = this.accounts.findIndex((a) => a.id === record.id);
    this.accounts = index === -1 ? [...this.accounts, record] : this.accounts.map((a) => (a.id === record.id ? record : a));
    await this.persist();
    this.emit();
  }

  private persist(): Promise<void> {
    const accounts = this.accounts.map((record) => ({ ...record, tag: this.seal.tag(sealedFields(record)) }));
    return this.file.save({ version: 2, accounts, clients: this.clients });
  }

  private emit(): void {
    const snapshot = this.list();
    for (const listener of this.changeListeners) listener(snapshot);
  }
}
