// Linux without a key store: Electron's safeStorage falls back to "basic_text", which the engine's vault
// refuses unless the admin agrees. The app must still start, say why on the accounts calls, and open the
// engine once the admin agrees in the settings, without a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import type { SecretCipher } from '../../../electron/services/store/secret-cipher';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A real cipher that reports itself as weak, as safeStorage does with basic_text. */
async function weakCipher(dir: string): Promise<SecretCipher> {
  const inner = await KeyFileCipher.open(dir);
  return { backend: 'basic_text', isStrong: false, encrypt: (p) => inner.encrypt(p), decrypt: (s) => inner.decrypt(s) };
}

describe('a weak key store', () => {
  it('starts the app, refuses the accounts with the reason, and opens them once the admin agrees', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sc-weak-'));
    dirs.push(dataDir);
    const logger = memoryLogger();
    const services = await createAppServices({
      mode: 'desktop',
      version: '0.0.0-test',
      dataDir,
      cipher: await weakCipher(dataDir),
      openExternal: async () => undefined,
      defaultSchool: null,
      logger,
    });
    const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
    const call = (method: string, input: unknown) => router.route({ method, input, isTrustedSender: () => true });
    try {
      expect(await call('app.status', {})).toMatchObject({ ok: true, value: { mode: 'desktop' } });
      const refused = await call('accounts.list', {});
      expect(refused).toMatchObject({ ok: false, error: { code: 'storage_unavailable' } });
      expect(refused.ok ? '' : refused.error.message).toMatch(/key store/);

      expect(await call('settings.set', { allowWeakCipher: true })).toMatchObject({ ok: true, value: { allowWeakCipher: true } });
      expect(await call('accounts.list', {})).toEqual({ ok: true, value: [] });
    } finally {
      await services.close();
    }
  });
});
