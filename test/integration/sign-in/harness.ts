// Shared set-up for sign-in's integration tests: a temp data dir, the one allowed fake (the OS key store),
// an AuthService wired to the sandbox, and a clock the test can move.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthService, type AuthServiceOptions } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import type { SecretCipher } from '../../../electron/services/store/secret-cipher';

/** Stands in for the OS key store: AES-GCM under a key that lives only in this object. */
export function fakeCipher(options: { backend?: string; isStrong?: boolean; key?: Buffer } = {}): SecretCipher & { key: Buffer } {
  const key = options.key ?? randomBytes(32);
  return {
    key,
    backend: options.backend ?? 'fake',
    isStrong: options.isStrong ?? true,
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(sealed) {
      const bytes = Buffer.from(sealed);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    },
  };
}

export async function tempDir(prefix = 'sign-in-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Every file under `dir` as text, to grep for secrets. */
export async function allFileText(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true });
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name)).then((b) => b.toString('latin1')).catch(() => '')));
  return texts.join('\n');
}

export interface SignIn {
  auth: AuthService;
  logger: ReturnType<typeof memoryLogger>;
  dataDir: string;
  cipher: ReturnType<typeof fakeCipher>;
  clock: { offsetMs: number; now(): number };
}

export async function openSignIn(dataDir: string, options: Partial<AuthServiceOptions> & { openExternal: (url: string) => Promise<void>; cipher?: ReturnType<typeof fakeCipher> }): Promise<SignIn> {
  const logger = memoryLogger();
  const cipher = options.cipher ?? fakeCipher();
  const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
  const auth = await AuthService.open({ dataDir, logger, receiverTimeoutMs: 20_000, now: () => clock.now(), ...options, cipher });
  return { auth, logger, dataDir, cipher, clock };
}

/**
 * The signedIn does not wait for the browser adapter once the callback arrived (a real browser never "finishes").
 * Tests wait for every consent click to settle before closing Chromium, so no click outlives its browser.
 */
export function browserRuns() {
  const pending = new Set<Promise<unknown>>();
  return {
    wrap(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
      return (url) => {
        const run = open(url);
        const settled = run.catch(() => undefined);
        pending.add(settled);
        void settled.finally(() => pending.delete(settled));
        return run;
      };
    },
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
