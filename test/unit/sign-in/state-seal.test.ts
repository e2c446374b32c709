// Issue 13 item 2: discovery state on disk is not trusted blindly. The cached token endpoint and the
// account's API address are plain JSON; an edit there must never send a refresh token or a bearer token
// elsewhere.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import { startBrowserHost } from '../../../electron/browser-host/server';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { QueryCache } from '../../../electron/services/store/query-cache';
import { SEAL_KEY_FILE, StateSeal } from '../../../electron/services/store/state-seal';
import { Vault } from '../../../electron/services/store/vault';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
let attacker: ScriptedPlatform;
const dirs: { remove(): Promise<void> }[] = [];
beforeAll(async () => {
  [platform, attacker] = await Promise.all([startScriptedPlatform(), startScriptedPlatform()]);
});
beforeEach(() => {
  platform.reset();
  attacker.reset();
  platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 'school-1', name: 'Scripted School' }));
  attacker.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 'school-1', name: 'Scripted School' }));
});
afterAll(async () => {
  await Promise.all([platform.close(), attacker.close(), ...dirs.map((d) => d.remove())]);
});

async function signedIn() {
  const dir = await tempDir('seal-');
  dirs.push(dir);
  const cipher = fakeCipher();
  const open = async () => {
    const logger = memoryLogger();
    const auth = await AuthService.open({ dataDir: dir.path, cipher, logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000 });
    return { auth, logger };
  };
  const first = await open();
  const account = await first.auth.connect(platform.url);
  return { dir: dir.path, cipher, open, accountId: account.id };
}

async function editJson(path: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  edit(value);
  await writeFile(path, JSON.stringify(value));
}

const School = z.object({ id: z.string() });

describe('discovery state on disk', () => {
  it('is trusted as written by the app: a restart reuses it without asking the platform', async () => {
    const e = await signedIn();
    platform.reset();
    const { auth } = await e.open();
    expect(auth.listAccounts()).toHaveLength(1);
    await auth.refreshTokensOnce(e.accountId);
    expect(platform.hits['/.well-known/oauth-authorization-server'] ?? 0).toBe(0);
    expect(platform.hits['/token']).toBe(1);
  });

  it('an edited token endpoint in the metadata cache is dropped: the refresh token goes to the real platform', async () => {
    const e = await signedIn();
    await editJson(join(e.dir, 'metadata-cache.json'), (cache) => {
      for (const document of Object.values(cache.documents as Record<string, { body: Record<string, unknown> | null }>)) {
        if (document.body?.token_endpoint) document.body.token_endpoint = `${attacker.url}/token`;
      }
    });
    platform.reset();
    const { auth, logger } = await e.open();
    await auth.refreshTokensOnce(e.accountId);
    expect(attacker.hits['/token'] ?? 0).toBe(0);
    expect(platform.hits['/token']).toBe(1);
    expect(platform.hits['/.well-known/oauth-authorization-server']).toBe(1); // fetched again
    expect(logger.lines.some((line) => line.includes('failed its seal'))).toBe(true);
  });

  it('an edited API address or issuer removes the account with its tokens: no bearer token leaves for it', async () => {
    for (const field of ['apiBase', 'issuer'] as const) {
      const e = await signedIn();
      await editJson(join(e.dir, 'auth-state.json'), (state) => {
        for (const account of state.accounts as Record<string, unknown>[]) account[field] = attacker.url;
      });
      const { auth } = await e.open();
      expect(auth.listAccounts()).toEqual([]);
      await expect(new ApiClient(auth, { logger: memoryLogger() }).call(e.accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'not_found' });
      expect((await Vault.open({ dataDir: e.dir, cipher: e.cipher, logger: memoryLogger() })).getTokens(e.accountId)).toBeNull();
      expect(Object.keys(attacker.hits)).toEqual([]);
    }
  });

  it('removing the tags, or the key file with them, does not make an edit trusted', async () => {
    const e = await signedIn();
    await editJson(join(e.dir, 'auth-state.json'), (state) => {
      for (const account of state.accounts as Record<string, unknown>[]) {
        account.apiBase = attacker.url;
        delete account.tag;
      }
    });
    await rm(join(e.dir, SEAL_KEY_FILE));
    const { auth } = await e.open();
    expect(auth.listAccounts()).toEqual([]);
    expect(Object.keys(attacker.hits)).toEqual([]);
  });

  it('an edited school name or set of granted scopes removes the account with its tokens too', async () => {
    const edits: [string, (account: Record<string, unknown>) => void][] = [
      ['school name', (account) => { (account.school as { name: string }).name = 'Totally Legit School'; }],
      ['granted scopes', (account) => { (account.grantedScopes as string[]).push('orders:write'); }],
    ];
    for (const [what, edit] of edits) {
      const e = await signedIn();
      await editJson(join(e.dir, 'auth-state.json'), (state) => {
        for (const account of state.accounts as Record<string, unknown>[]) edit(account);
      });
      const { auth } = await e.open();
      expect(auth.listAccounts(), what).toEqual([]);
      expect(auth.removedAtOpen(), what).toEqual([e.accountId]);
      expect((await Vault.open({ dataDir: e.dir, cipher: e.cipher, logger: memoryLogger() })).getTokens(e.accountId), what).toBeNull();
    }
  });

  it('a state file from before whole accounts were sealed is read once as it was and rewritten sealed', async () => {
    const e = await signedIn();
    const seal = await StateSeal.open(e.dir, e.cipher, memoryLogger());
    await editJson(join(e.dir, 'auth-state.json'), (state) => {
      state.version = 1;
      for (const account of state.accounts as Record<string, unknown>[]) {
        // What version 1 sealed: only where the tokens go.
        account.tag = seal.tag({ id: account.id, issuer: account.issuer, address: account.address ?? null, apiBase: account.apiBase, resource: account.resource, clientId: account.clientId ?? null });
      }
    });
    const { auth } = await e.open();
    expect(auth.listAccounts().map((a) => a.id)).toEqual([e.accountId]);
    expect((JSON.parse(await readFile(join(e.dir, 'auth-state.json'), 'utf8')) as { version: number }).version).toBe(2);
    // From now on the name is sealed too.
    await editJson(join(e.dir, 'auth-state.json'), (state) => {
      for (const account of state.accounts as Record<string, unknown>[]) (account.school as { name: string }).name = 'Totally Legit School';
    });
    expect((await e.open()).auth.listAccounts()).toEqual([]);
  });
});

describe('an account removed because its record failed its seal', () => {
  it('takes its offline cache along, as a sign-out would', async () => {
    const dir = await tempDir('seal-cache-');
    dirs.push(dir);
    const start = () => startBrowserHost({ dataDir: dir.path, rendererDir: dir.path, logger: memoryLogger(), version: '1.0.0', school: platform.url, schoolLabel: 'Scripted', openExternal: redirectingBrowser().open });
    let host = await start();
    const connect = host.services.handlers['accounts.connect']!;
    const account = await connect({ address: platform.url }, { signal: new AbortController().signal });
    await host.close();
    // What the dashboards kept for this school, sealed like the app keeps it.
    const cache = new QueryCache({ dir: join(dir.path, 'query-cache'), cipher: await KeyFileCipher.open(dir.path), appVersion: '1.0.0', logger: memoryLogger() });
    await cache.put(account.id, 'data.courses', '2026-11-21T08:00:00.000Z', [{ title: 'Kept offline' }]);
    expect(existsSync(cache.schoolDir(account.id))).toBe(true);

    await editJson(join(dir.path, 'auth-state.json'), (state) => {
      for (const entry of state.accounts as Record<string, unknown>[]) (entry.school as { name: string }).name = 'Totally Legit School';
    });
    host = await start();
    try {
      await expect.poll(async () => (await host.services.handlers['accounts.list']!({}, { signal: new AbortController().signal })).length).toBe(0);
      // After the data engine (a worker thread, started with the app) has forgotten the school too.
      await expect.poll(() => existsSync(cache.schoolDir(account.id)), { timeout: 30_000 }).toBe(false);
    } finally {
      await host.close();
    }
  });
});
