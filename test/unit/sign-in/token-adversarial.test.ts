// Bad answers after sign-in: a malformed refresh answer, a refusing or broken revocation endpoint. Each is a
// typed error; the stored tokens and the account survive whatever the platform said.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import { Vault } from '../../../electron/services/store/vault';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
const dirs: { remove(): Promise<void> }[] = [];
beforeAll(async () => {
  platform = await startScriptedPlatform();
});
beforeEach(() => platform.reset());
afterAll(async () => {
  await Promise.all([platform.close(), ...dirs.map((d) => d.remove())]);
});

async function signedIn() {
  const dir = await tempDir();
  dirs.push(dir);
  const logger = memoryLogger();
  const cipher = fakeCipher();
  const clock = { offsetMs: 0 };
  const auth = await AuthService.open({ dataDir: dir.path, cipher, logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000, now: () => Date.now() + clock.offsetMs });
  const account = await auth.connect(platform.url);
  const api = new ApiClient(auth, { logger, sleep: async () => undefined, now: () => Date.now() + clock.offsetMs });
  const tokens = async () => (await Vault.open({ dataDir: dir.path, cipher, logger })).getTokens(account.id);
  return { auth, api, accountId: account.id, clock, tokens };
}

const School = z.object({ id: z.string() });

describe('refresh answers', () => {
  it.each([
    ['without an access token', (res: Parameters<typeof json>[0]) => json(res, 200, { token_type: 'Bearer', refresh_token: 'rt-new' }), 'bad_response'],
    ['that is not JSON', (res: Parameters<typeof json>[0]) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>'); }, 'bad_response'],
    ['that is a gateway error page', (res: Parameters<typeof json>[0]) => { res.writeHead(502, { 'content-type': 'text/html' }); res.end('<html>bad gateway</html>'); }, 'server_error'],
    ['that refuses with invalid_request', (res: Parameters<typeof json>[0]) => json(res, 400, { error: 'invalid_request' }), 'request_refused'],
  ] as const)('a refresh answer %s is a typed error and keeps the tokens and the account', async (_name, answer, code) => {
    const { api, auth, accountId, clock, tokens } = await signedIn();
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 'school-1' }));
    const before = await tokens();
    platform.handlers.set('/token', (_q, _u, res) => answer(res));
    clock.offsetMs = 2 * 60 * 60 * 1000; // past expiry: the next call refreshes first
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code });
    expect(await tokens()).toEqual(before);
    expect(auth.listAccounts()).toMatchObject([{ id: accountId, status: 'signed_in' }]);
  });

  it('an invalid_grant refusal asks for sign-in again and keeps the account', async () => {
    const { api, auth, accountId, clock, tokens } = await signedIn();
    platform.handlers.set('/token', (_q, _u, res) => json(res, 400, { error: 'invalid_grant' }));
    clock.offsetMs = 2 * 60 * 60 * 1000;
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect(await tokens()).toBeNull();
    expect(auth.listAccounts()).toMatchObject([{ id: accountId, status: 'sign_in_needed' }]);
  });
});

describe('rotation', () => {
  it('uses the new access token only after the rotated refresh token is on disk', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const logger = memoryLogger();
    const inner = fakeCipher();
    let gate: Promise<void> | null = null;
    let open = () => undefined as void;
    // The fake OS key store, able to hold a write: while it holds, nothing may use the new token.
    const cipher = { ...inner, encrypt: async (plain: Uint8Array) => { if (gate) await gate; return inner.encrypt(plain); } };
    const clock = { offsetMs: 0 };
    const auth = await AuthService.open({ dataDir: dir.path, cipher, logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000, now: () => Date.now() + clock.offsetMs });
    const { id } = await auth.connect(platform.url);
    const api = new ApiClient(auth, { logger, sleep: async () => undefined, now: () => Date.now() + clock.offsetMs });
    const used: string[] = [];
    platform.handlers.set('/api/v1/school', (req, _u, res) => { used.push(req.headers.authorization ?? ''); json(res, 200, { id: 'school-1' }); });

    gate = new Promise<void>((resolve) => { open = resolve; });
    clock.offsetMs = 2 * 60 * 60 * 1000;
    const call = api.call(id, 'getSchool', School);
    await expect.poll(() => platform.hits['/token'] ?? 0).toBe(2); // sign-in + refresh
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(used).toEqual([]); // the refresh answered, but its tokens are not saved yet
    open();
    gate = null;
    await call;
    expect(used).toEqual([`Bearer ${platform.issued.accessTokens.at(-1)}`]);
    const saved = (await Vault.open({ dataDir: dir.path, cipher: inner, logger })).getTokens(id);
    expect(saved?.refreshToken).toBe(platform.issued.refreshTokens.at(-1));
  });
});

describe('revocation answers', () => {
  it.each([
    ['a server error', (res: Parameters<typeof json>[0]) => json(res, 500, { error: 'server_error' })],
    ['a refusal', (res: Parameters<typeof json>[0]) => json(res, 401, { error: 'invalid_client' })],
    ['a dropped connection', (res: Parameters<typeof json>[0]) => res.socket?.destroy()],
  ] as const)('%s still signs out locally, saying the platform did not revoke', async (_name, answer) => {
    const { auth, accountId, tokens } = await signedIn();
    platform.handlers.set('/revoke', (_q, _u, res) => answer(res));
    const result = await auth.signOut(accountId);
    expect(result.revokedOnPlatform).toBe(false);
    expect(result.message).toMatch(/Signed out of Scripted School on this computer\./);
    expect(auth.listAccounts()).toEqual([]);
    expect(await tokens()).toBeNull();
  });

  it('revokes the refresh token first, then the access token', async () => {
    const { auth, accountId, tokens } = await signedIn();
    const stored = (await tokens())!;
    const seen: string[] = [];
    platform.handlers.set('/revoke', (_q, _u, res, body) => {
      const form = new URLSearchParams(body);
      seen.push(`${form.get('token_type_hint')}:${form.get('token') === stored.refreshToken ? 'rt' : form.get('token') === stored.accessToken ? 'at' : '?'}`);
      json(res, 200, {});
    });
    await expect(auth.signOut(accountId)).resolves.toMatchObject({ revokedOnPlatform: true });
    expect(seen).toEqual(['refresh_token:rt', 'access_token:at']);
  });
});
