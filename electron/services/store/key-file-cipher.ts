// Browser mode has no OS key store: secrets are sealed with AES-256-GCM under a random key kept in a file
// only the user can read, next to the vault. Weaker than a key store (whoever reads the user's files reads
// the key too), stronger than clear text on disk: it reports itself as weak, and Settings says so.
import { t } from '../../../shared/i18n/i18n';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { SecretCipher } from './secret-cipher';

const KEY_FILE = 'vault.key';
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class KeyFileCipher implements SecretCipher {
  readonly backend = 'key-file';
  readonly isStrong = false;

  private constructor(private readonly key: Buffer) {}

  /** Loads the key from `dataDir/vault.key`, creating it (mode 0600) on first use. */
  static async open(dataDir: string): Promise<KeyFileCipher> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700).catch(() => undefined);
    const path = join(dataDir, KEY_FILE);
    try {
      const handle = await open(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
      try {
        await handle.writeFile(randomBytes(32));
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new AppError('storage_unavailable', t('errors:main.keyFileUncreated'), { cause: error });
    }
    const key = await readFile(path);
    if (key.length !== 32) throw new AppError('storage_corrupt', t('errors:main.keyFileDamaged'));
    await chmod(path, 0o600).catch(() => undefined);
    return new KeyFileCipher(key);
  }

  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    const bytes = Buffer.from(sealed);
    if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) throw new Error('not a sealed value');
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}
