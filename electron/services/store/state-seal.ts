// Integrity for the state that decides where tokens go but is not secret: the discovery cache (token endpoint,
// API address) and each account's issuer and API base. They stay readable JSON; each entry carries an
// HMAC-SHA256 under a random key that only the vault's cipher can open (state-seal.key, sealed like the vault).
// An entry edited on disk, or a key file replaced, no longer verifies: the cache entry is fetched again from
// the platform, the account asks for sign-in again. Nothing is trusted on first sight: an entry without a tag
// fails too, so removing tags does not help either.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log';
import { readIfExists, writeFileAtomic } from './json-file';
import type { SecretCipher } from './secret-cipher';

export const SEAL_KEY_FILE = 'state-seal.key';

const KeyEnvelope = z.object({ format: z.literal('school-companion-state-seal'), version: z.literal(1), backend: z.string(), sealed: z.string() });

export class StateSeal {
  private constructor(private readonly key: Buffer) {}

  /** The data folder's seal key, created on first use; a key the cipher cannot open is replaced (every tag then fails). */
  static async open(dataDir: string, cipher: SecretCipher, logger: Logger): Promise<StateSeal> {
    const path = join(dataDir, SEAL_KEY_FILE);
    const bytes = await readIfExists(path);
    if (bytes) {
      try {
        const envelope = KeyEnvelope.parse(JSON.parse(bytes.toString('utf8')));
        const key = Buffer.from(await cipher.decrypt(Buffer.from(envelope.sealed, 'base64')));
        if (key.length === 32) return new StateSeal(key);
      } catch {
        // fall through: a new key, and every earlier tag fails to verify
      }
      logger.warn('the state seal key could not be opened; saved discovery data will be fetched again and accounts signed in again');
    }
    const key = randomBytes(32);
    const sealed = Buffer.from(await cipher.encrypt(key)).toString('base64');
    const envelope = { format: 'school-companion-state-seal', version: 1, backend: cipher.backend, sealed };
    await writeFileAtomic(path, `${JSON.stringify(envelope)}\n`, { mode: 0o600 });
    return new StateSeal(key);
  }

  /** A key that lives only in memory (for caches that are not kept on disk). */
  static ephemeral(): StateSeal {
    return new StateSeal(randomBytes(32));
  }

  /** The tag of `value` under the key: over its canonical JSON, so key order does not matter. */
  tag(value: unknown): string {
    return createHmac('sha256', this.key).update(canonicalJson(value)).digest('base64url');
  }

  verify(value: unknown, tag: string | null | undefined): boolean {
    if (typeof tag !== 'string') return false;
    const expected = Buffer.from(this.tag(value));
    const given = Buffer.from(tag);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** JSON with object keys sorted at every level: one text per value. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
