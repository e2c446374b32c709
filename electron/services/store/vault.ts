// The one place secrets live on disk: tokens, refresh tokens and client secrets, sealed together by the
// SecretCipher (the OS key store in the desktop app) in one file written atomically. Everything else the
// engine keeps is in plain JSON files; nothing secret may go there.
import { t } from '../../../shared/i18n/i18n';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';
import { GenerationRecord } from './generation-record';
import { readIfExists, SET_ASIDE_KEEP_MS, setAside, WriteQueue, writeFileAtomic } from './json-file';
import type { SecretCipher } from './secret-cipher';

export const TokenSet = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  /** Epoch ms; null when the platform did not say. */
  expiresAt: z.number().nullable(),
  refreshToken: z.string().nullable(),
  idToken: z.string().nullable().default(null),
  /** Epoch ms when the platform issued them: how long they live decides how early to refresh. */
  obtainedAt: z.number().nullable().default(null),
});
export type TokenSet = z.output<typeof TokenSet>;

/** Tokens the admin signed out of while the platform could not be reached: revoked when it can be again. */
export const PendingRevocation = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecret: z.string().nullable(),
  refreshToken: z.string().nullable(),
  accessToken: z.string(),
  /** Epoch ms. */
  queuedAt: z.number(),
});
export type PendingRevocation = z.infer<typeof PendingRevocation>;

const VaultContents = z.object({
  tokens: z.record(z.string(), TokenSet), // by account id
  clientSecrets: z.record(z.string(), z.string()), // by issuer
  /** Accounts signed out on this computer: an older copy of the account list must never bring them back. */
  signedOut: z.array(z.string()).default([]),
  pendingRevocations: z.array(PendingRevocation).default([]),
  /** Raised on every write and noted in the generation record: an older copy put back is refused. Absent in older files. */
  generation: z.int().nonnegative().default(0),
});
type VaultContents = z.output<typeof VaultContents>;
const EMPTY: VaultContents = { tokens: {}, clientSecrets: {}, signedOut: [], pendingRevocations: [], generation: 0 };
const MAX_SIGNED_OUT = 200;

/** What is on disk: the backend is in clear so a later start can tell which key store sealed the secrets. */
const VaultEnvelope = z.object({
  format: z.literal('school-companion-vault'),
  version: z.literal(1),
  backend: z.string(),
  sealed: z.string(), // base64
});

export const VAULT_FILE = 'vault.json';
/** The vault's latest generation, in a file of its own (store/generation-record.ts). */
export const VAULT_GENERATION_FILE = 'vault-generation.bin';

export interface VaultOpenOptions {
  dataDir: string;
  cipher: SecretCipher;
  logger: Logger;
  /** Linux basic_text keeps secrets readable by anyone with the file: refused unless the admin agreed. */
  allowWeakCipher?: boolean;
  now?: () => number;
}

/** Why the saved sign-ins could not be read at this start: every account that had tokens must sign in again. */
export interface VaultLoss {
  reason: string;
}

export class Vault {
  private readonly queue = new WriteQueue();

  private constructor(
    readonly path: string,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
    private readonly generations: GenerationRecord,
    private contents: VaultContents,
    /** Set when the vault file could not be read at this start and an empty one was opened in its place. */
    readonly lost: VaultLoss | null,
  ) {}

  /**
   * Opens (or creates) the vault. There is no backup copy on purpose: an older copy would hold refresh tokens
   * the platform already rotated, and replaying one makes its reuse detection revoke the whole grant. Writes
   * are atomic, so a crash leaves the old or the new file; a file damaged otherwise, or older than the app last
   * wrote (a copy put back), is set aside and an empty vault opened, with `lost` saying why (the accounts then
   * say plainly that their sign-in was lost).
   */
  static async open(options: VaultOpenOptions): Promise<Vault> {
    const { cipher, logger } = options;
    if (!cipher.isStrong && !options.allowWeakCipher) {
      throw new AppError('storage_unavailable', t('errors:main.weakKeyStore', { backend: cipher.backend }));
    }
    const path = join(options.dataDir, VAULT_FILE);
    await removeLeftovers(options.dataDir, options.now?.() ?? Date.now(), logger);
    const generations = await GenerationRecord.open(join(options.dataDir, VAULT_GENERATION_FILE), cipher, logger);
    const main = await readSealed(path, cipher);
    const rolledBack = main.ok && generations.isRolledBack(VAULT_FILE, main.contents.generation);
    if (main.ok && !rolledBack) return new Vault(path, cipher, logger, generations, main.contents, null);
    if (!main.ok && main.reason === 'missing') return new Vault(path, cipher, logger, generations, structuredClone(EMPTY), null);

    // An older copy holds refresh tokens the platform rotated since (replaying one revokes the grant) and tokens
    // of schools signed out since: refused like a damaged file.
    const aside = await setAside(path);
    logger.warn(rolledBack ? 'vault was older than the app last wrote and was set aside' : 'vault was damaged and set aside', { file: basename(aside) });
    const why = rolledBack
      ? t('errors:main.whyOlder')
      : !main.ok && main.reason === 'damaged' && main.sealedBy && main.sealedBy !== cipher.backend
        ? t('errors:main.whyOtherStore', { before: main.sealedBy, now: cipher.backend })
        : t('errors:main.whyDamaged');
    const vault = new Vault(path, cipher, logger, generations, structuredClone(EMPTY), { reason: t('errors:main.savedSignInsDamaged', { why }) });
    await vault.persist();
    return vault;
  }

  get backend(): string {
    return this.cipher.backend;
  }

  getTokens(accountId: string): TokenSet | null {
    return this.contents.tokens[accountId] ?? null;
  }

  getClientSecret(issuer: string): string | null {
    return this.contents.clientSecrets[issuer] ?? null;
  }

  /** Resolves once the new tokens are on disk: callers rely on that before using a rotated refresh token. */
  setTokens(accountId: string, tokens: TokenSet): Promise<void> {
    this.contents = { ...this.contents, tokens: { ...this.contents.tokens, [accountId]: tokens } };
    return this.persist();
  }

  deleteTokens(accountId: string): Promise<void> {
    const { [accountId]: _gone, ...rest } = this.contents.tokens;
    this.contents = { ...this.contents, tokens: rest };
    return this.persist();
  }

  /**
   * Sign-out in one write: the account's tokens go, the account is remembered as signed out, and when the
   * platform could not revoke them they wait (sealed, here only) in the revocation queue. Damaged vaults set
   * aside earlier may hold these tokens too: they are deleted with it.
   */
  async forgetAccount(accountId: string, pending: PendingRevocation | null = null): Promise<void> {
    const { [accountId]: _gone, ...rest } = this.contents.tokens;
    const signedOut = [...this.contents.signedOut.filter((id) => id !== accountId), accountId].slice(-MAX_SIGNED_OUT);
    const pendingRevocations = pending ? [...this.contents.pendingRevocations, pending] : this.contents.pendingRevocations;
    this.contents = { ...this.contents, tokens: rest, signedOut, pendingRevocations };
    await this.persist();
    await removeSetAside(dirname(this.path), () => true, this.logger);
  }

  wasSignedOut(accountId: string): boolean {
    return this.contents.signedOut.includes(accountId);
  }

  /** Signed in again: the account may be listed again. */
  clearSignedOut(accountId: string): Promise<void> {
    if (!this.contents.signedOut.includes(accountId)) return Promise.resolve();
    this.contents = { ...this.contents, signedOut: this.contents.signedOut.filter((id) => id !== accountId) };
    return this.persist();
  }

  pendingRevocations(): readonly PendingRevocation[] {
    return this.contents.pendingRevocations;
  }

  /** Drops queued revocations that were sent (or given up on). */
  settleRevocations(done: (entry: PendingRevocation) => boolean): Promise<void> {
    const left = this.contents.pendingRevocations.filter((entry) => !done(entry));
    if (left.length === this.contents.pendingRevocations.length) return Promise.resolve();
    this.contents = { ...this.contents, pendingRevocations: left };
    return this.persist();
  }

  /** Tokens of accounts the account list no longer knows: nothing can use or revoke them, so they go. */
  dropTokensExcept(accountIds: ReadonlySet<string>): Promise<string[]> {
    const orphans = Object.keys(this.contents.tokens).filter((id) => !accountIds.has(id));
    if (orphans.length === 0) return Promise.resolve([]);
    const tokens = Object.fromEntries(Object.entries(this.contents.tokens).filter(([id]) => accountIds.has(id)));
    this.contents = { ...this.contents, tokens };
    return this.persist().then(() => orphans);
  }

  setClientSecret(issuer: string, secret: string): Promise<void> {
    this.contents = { ...this.contents, clientSecrets: { ...this.contents.clientSecrets, [issuer]: secret } };
    return this.persist();
  }

  private persist(): Promise<void> {
    // The snapshot is taken when the write runs, so the last queued write always carries the latest state.
    return this.queue.run(async () => {
      this.contents = { ...this.contents, generation: Math.max(this.contents.generation, this.generations.latest(VAULT_FILE)) + 1 };
      const plain = new TextEncoder().encode(JSON.stringify(this.contents));
      let sealed: Uint8Array;
      try {
        sealed = await this.cipher.encrypt(plain);
      } catch (error) {
        throw new AppError('storage_unavailable', t('errors:main.keyStoreRefused'), { cause: error });
      }
      const envelope = { format: 'school-companion-vault', version: 1, backend: this.cipher.backend, sealed: Buffer.from(sealed).toString('base64') };
      try {
        await writeFileAtomic(this.path, `${JSON.stringify(envelope)}\n`, { mode: 0o600 });
      } catch (error) {
        this.logger.error('vault write failed', { error: String(error) });
        throw new AppError('storage_unavailable', t('errors:main.signInsNotWritten'), { cause: error });
      }
      // Noted after the vault is on disk: a crash in between leaves a vault newer than noted, which is accepted.
      await this.generations.note(VAULT_FILE, this.contents.generation).catch((error: unknown) => {
        this.logger.warn('the vault generation could not be noted', { error: String(error) });
      });
    });
  }
}

type SealedRead =
  | { ok: true; contents: VaultContents }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'damaged'; cause: unknown; sealedBy: string | null };

async function readSealed(path: string, cipher: SecretCipher): Promise<SealedRead> {
  const bytes = await readIfExists(path);
  if (!bytes) return { ok: false, reason: 'missing' };
  let sealedBy: string | null = null;
  try {
    const envelope = VaultEnvelope.parse(JSON.parse(bytes.toString('utf8')));
    sealedBy = envelope.backend;
    const plain = await cipher.decrypt(Buffer.from(envelope.sealed, 'base64'));
    return { ok: true, contents: VaultContents.parse(JSON.parse(new TextDecoder().decode(plain))) };
  } catch (cause) {
    return { ok: false, reason: 'damaged', cause, sealedBy };
  }
}

/** What earlier versions or a crash left next to the vault: a backup with rotated tokens, temp files, old damaged copies. */
// A damaged vault is kept aside a week (for a key store that comes back), then deleted; a sign-out deletes it at once.
async function removeLeftovers(dataDir: string, now: number, logger: Logger): Promise<void> {
  await rm(join(dataDir, `${VAULT_FILE}.bak`), { force: true });
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(`.${VAULT_FILE}.tmp-`)).map((name) => rm(join(dataDir, name), { force: true })));
  await removeSetAside(dataDir, (mtimeMs) => now - mtimeMs > SET_ASIDE_KEEP_MS, logger);
}

async function removeSetAside(dataDir: string, expired: (mtimeMs: number) => boolean, logger: Logger): Promise<void> {
  const names = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => name.startsWith(`${VAULT_FILE}.corrupt-`));
  for (const name of names) {
    const path = join(dataDir, name);
    const info = await stat(path).catch(() => null);
    if (!info || !expired(info.mtimeMs)) continue;
    await rm(path, { force: true });
    logger.info('removed a damaged vault kept aside', { file: name });
  }
}
