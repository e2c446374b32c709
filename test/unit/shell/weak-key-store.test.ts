// Weak protection of saved sign-ins: Linux without a key store (safeStorage's "basic_text") and browser
// mode's key file. The app must still start and say why on the accounts calls; only the admin, asked by the
// main process itself, can agree to a weak key store (the page cannot set it through settings.set); Settings
// is told honestly how secrets are protected; the data folder is tightened to the user on every start.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServicesOptions } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import type { SecretCipher } from '../../../electron/services/store/secret-cipher';
import type { SecretProtection } from '../../../shared/ipc/security';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-weak-'));
  dirs.push(dir);
  return dir;
}

/** A real cipher that reports itself as safeStorage does with basic_text. */
async function basicText(dir: string): Promise<SecretCipher> {
  const inner = await KeyFileCipher.open(dir);
  return { backend: 'basic_text', isStrong: false, encrypt: (p) => inner.encrypt(p), decrypt: (s) => inner.decrypt(s) };
}

async function app(dir: string, cipher: SecretCipher, extra: Partial<AppServicesOptions> = {}) {
  const logger = memoryLogger();
  const services = await createAppServices({ mode: 'desktop', version: '0.0.0-test', dataDir: dir, cipher, openExternal: async () => undefined, defaultSchool: null, logger, ...extra });
  const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
  const call = (method: string, input: unknown = {}) => router.route({ method, input, isTrustedSender: () => true });
  return { services, call };
}

describe('a weak key store', () => {
  it('starts the app, refuses the accounts with the reason, and opens them only once the admin agrees in the main process\'s own dialog', async () => {
    const dir = dataDir();
    const asked: SecretProtection[] = [];
    let answer = false;
    const { services, call } = await app(dir, await basicText(dir), { confirmWeakProtection: async (protection) => { asked.push(protection); return answer; } });
    try {
      expect(await call('app.status')).toMatchObject({ ok: true, value: { mode: 'desktop' } });
      const refused = await call('accounts.list');
      expect(refused).toMatchObject({ ok: false, error: { code: 'storage_unavailable' } });
      expect(refused.ok ? '' : refused.error.message).toMatch(/key store/);
      expect(await call('security.protection')).toMatchObject({ ok: true, value: { backend: 'basic_text', level: 'weak', weakAllowed: false } });

      // The page cannot agree for the admin through the generic settings call.
      expect(await call('settings.set', { allowWeakCipher: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(await call('accounts.list')).toMatchObject({ ok: false, error: { code: 'storage_unavailable' } });

      // The main process asks; the admin says no, then yes.
      expect(await call('security.allowWeakProtection')).toEqual({ ok: true, value: { allowed: false } });
      expect(await call('accounts.list')).toMatchObject({ ok: false });
      answer = true;
      expect(await call('security.allowWeakProtection')).toEqual({ ok: true, value: { allowed: true } });
      expect(asked).toHaveLength(2);
      expect(asked[0]!.summary).toMatch(/Anyone who can read your files can read them/);
      expect(await call('accounts.list')).toEqual({ ok: true, value: [] });
    } finally {
      await services.close();
    }
    // Remembered for this key store, by the main process, across a restart.
    const again = await app(dir, await basicText(dir));
    try {
      expect(await again.call('accounts.list')).toEqual({ ok: true, value: [] });
    } finally {
      await again.services.close();
    }
  });

  it('cannot be agreed to where the main process has no way to ask', async () => {
    const dir = dataDir();
    const { services, call } = await app(dir, await basicText(dir));
    try {
      expect(await call('security.allowWeakProtection')).toMatchObject({ ok: false, error: { code: 'storage_unavailable' } });
      expect(await call('accounts.list')).toMatchObject({ ok: false });
    } finally {
      await services.close();
    }
  });

  it('browser mode\'s key file says it is weak and where its key is, and is used because browser mode has nothing else', async () => {
    const dir = dataDir();
    const cipher = await KeyFileCipher.open(dir);
    expect(cipher.isStrong).toBe(false);
    const { services, call } = await app(dir, cipher, { mode: 'browser', weakProtection: 'accepted' });
    try {
      const protection = await call('security.protection');
      expect(protection).toMatchObject({ ok: true, value: { backend: 'key-file', level: 'weak', weakAllowed: true } });
      expect(protection.ok && (protection.value as SecretProtection).summary).toMatch(/vault\.key.*readable only by your user account/);
      expect(await call('accounts.list')).toEqual({ ok: true, value: [] });
    } finally {
      await services.close();
    }
  });
});

describe('the data folder', () => {
  it('is tightened to 0700 folders and 0600 files on every start, whatever modes it had', async () => {
    const dir = dataDir();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'query-cache', 'abc'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'left-by-hand.txt'), 'x', { mode: 0o644 });
    mkdirSync(join(dir, 'GPUCache'), { mode: 0o755 }); // Chromium's, in the desktop app's userData: not ours to change
    writeFileSync(join(dir, 'query-cache', 'abc', 'manifest.bin'), 'x', { mode: 0o666 });
    const cipher = await KeyFileCipher.open(dir);
    const { services } = await app(dir, cipher, { mode: 'browser', weakProtection: 'accepted' });
    await services.close();
    const mode = (path: string) => statSync(join(dir, path)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('query-cache')).toBe(0o700);
    expect(mode('query-cache/abc')).toBe(0o700);
    expect(mode('left-by-hand.txt')).toBe(0o600);
    expect(mode('query-cache/abc/manifest.bin')).toBe(0o600);
    expect(mode('vault.key')).toBe(0o600);
    expect(mode('GPUCache')).toBe(0o755);
  });
});
