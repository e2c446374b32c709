// The one place secrets live on disk: tokens, refresh tokens and client secrets, sealed together by the
// SecretCipher (the OS key store in the desktop app) in one file written atomically. Everything else the
// engine keeps is in plain JSON files; nothing secret may go there.
import { basename, join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';
import { readIfExists, setAside, WriteQueue, writeFileAtomic } from './json-file';
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

const VaultContents = z.object({
  tokens: z.record(z.string(), TokenSet), // by account id
  clientSecrets: z.record(z.string(), z.string()), // by issuer
});
type VaultContents = z.infer<typeof VaultContents>;

/** What is on disk: the backend is in clear so a later start can tell which key store sealed the secrets. */
const VaultEnvelope = z.object({
  format: z.literal('school-companion-vault'),
  version: z.literal(1),
  backend: z.string(),
  sealed: z.string(), // base64
});

export const VAULT_FILE = 'vault.json';

export interface VaultOpenOptions {
  dataDir: string;
  cipher: SecretCipher;
  logger: Logger;
  /** Linux basic_text keeps secrets readable by anyone with the file: refused unless the admin agreed. */
  allowWeakCipher?: boolean;
}

export class Vault {
  private readonly queue = new WriteQueue();

  private constructor(
    readonly path: string,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
    private contents: VaultContents,
    /** Set when the main file was damaged and the last good copy was used instead. */
    readonly recoveredFromBackup: boolean,
  ) {}

  /** Opens (or creates) the vault. A damaged file is set aside; the last good copy is used when there is one, else `storage_corrupt`. */
  static async open(options: VaultOpenOptions): Promise<Vault> {
    const { cipher, logger } = options;
    if (!cipher.isStrong && !options.allowWeakCipher) {
      throw new AppError('storage_unavailable', `This computer's key store ("${cipher.backend}") does not protect saved sign-ins. Agree to store them with weak protection, or set up a key store (for example GNOME Keyring or KWallet).`);
    }
    const path = join(options.dataDir, VAULT_FILE);
    const main = await readSealed(path, cipher);
    if (main.ok) return new Vault(path, cipher, logger, main.contents, false);
    if (main.reason === 'missing') return new Vault(path, cipher, logger, { tokens: {}, clientSecrets: {} }, false);

    const aside = await setAside(path);
    const backup = await readSealed(`${path}.bak`, cipher);
    logger.warn('vault was damaged and set aside', { file: basename(aside), usedBackup: backup.ok });
    if (backup.ok) {
      const vault = new Vault(path, cipher, logger, backup.contents, true);
      await vault.persist();
      return vault;
    }
    const why = main.sealedBy && main.sealedBy !== cipher.backend
      ? `they were protected by "${main.sealedBy}" and this computer now uses "${cipher.backend}"`
      : 'the file is damaged or was sealed with another key';
    throw new AppError('storage_corrupt', `Saved sign-ins could not be read (${why}). The file was kept aside; sign in to your schools again.`, { cause: main.cause });
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

  setClientSecret(issuer: string, secret: string): Promise<void> {
    this.contents = { ...this.contents, clientSecrets: { ...this.contents.clientSecrets, [issuer]: secret } };
    return this.persist();
  }

  private persist(): Promise<void> {
    // The snapshot is taken when the write runs, so the last queued write always carries the latest state.
    return this.queue.run(async () => {
      const plain = new TextEncoder().encode(JSON.stringify(this.contents));
      let sealed: Uint8Array;
      try {
        sealed = await this.cipher.encrypt(plain);
      } catch (error) {
        throw new AppError('storage_unavailable', 'The key store refused to protect the saved sign-ins.', { cause: error });
      }
      const envelope = { format: 'school-companion-vault', version: 1, backend: this.cipher.backend, sealed: Buffer.from(sealed).toString('base64') };
      try {
        await writeFileAtomic(this.path, `${JSON.stringify(envelope)}\n`, { mode: 0o600, keepBackup: true });
      } catch (error) {
        this.logger.error('vault write failed', { error: String(error) });
        throw new AppError('storage_unavailable', 'Saved sign-ins could not be written to disk.', { cause: error });
      }
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
