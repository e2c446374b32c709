// The whole sign-in against a scripted platform that answers badly on purpose: every bad answer ends in the
// right typed error, no token is exchanged after a bad callback, and what was already stored stays intact.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import { Vault } from '../../../electron/services/store/vault';
import { allFileText, fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { authorizationServerMetadata, json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
const dirs: { remove(): Promise<void> }[] = [];
beforeAll(async () => {
  platform = await startScriptedPlatform();
});
beforeEach(() => platform.reset());
afterAll(async () => {
  await Promise.all([platform.close(), ...dirs.map((d) => d.remove())]);
});

async function signIn(browser = redirectingBrowser(), extra: Partial<Parameters<typeof AuthService.open>[0]> = {}) {
  const dir = await tempDir();
  dirs.push(dir);
  const logger = memoryLogger();
  const cipher = fakeCipher();
  const auth = await AuthService.open({ dataDir: dir.path, cipher, logger, openExternal: browser.open, receiverTimeoutMs: 2_000, maxBodyBytes: 1024 * 1024, ...extra });
  return { auth, logger, cipher, dir: dir.path, browser };
}

const asMetadata = () => authorizationServerMetadata(platform.url);

describe('a callback that must not lead to a token request', () => {
  it.each([
    ['a wrong state', (p: URLSearchParams) => ({ params: new URLSearchParams({ ...Object.fromEntries(p), state: 'forged' }) })],
    ['a missing state', (p: URLSearchParams) => { p.delete('state'); return { params: p }; }],
    ['a wrong path', (p: URLSearchParams) => ({ path: '/not-the-callback', params: p })],
    ['a POST', (p: URLSearchParams) => ({ method: 'POST', params: p })],
  ] as const)('%s is ignored: the sign-in keeps waiting (here until it times out) and asks for no token', async (_name, edit) => {
    // The receiver waits long enough for the browser's redirect to reach it on a busy machine: the page it
    // answers is read while the sign-in still waits, then the wait runs out.
    const e = await signIn(redirectingBrowser(edit), { receiverTimeoutMs: 3_000 });
    const outcome = e.auth.connect(platform.url).then(() => null, (error: unknown) => error);
    await expect.poll(() => e.browser.pages.length, { timeout: 10_000 }).toBe(1);
    expect(e.browser.pages[0]!.text).toContain('not the sign-in School Companion is waiting for');
    expect(await outcome).toMatchObject({ code: 'timed_out' });
    expect(platform.hits['/token'] ?? 0).toBe(0);
    expect(e.auth.listAccounts()).toEqual([]);
  });

  it.each([
    ['a wrong iss', (p: URLSearchParams) => { p.set('iss', 'https://evil.example'); return { params: p }; }, 'authorization_failed'],
    ['error=access_denied', (p: URLSearchParams) => ({ params: new URLSearchParams({ error: 'access_denied', state: p.get('state')!, iss: p.get('iss')! }) }), 'access_denied'],
  ] as const)('%s ends the sign-in with a typed error and a readable page', async (_name, edit, code) => {
    const e = await signIn(redirectingBrowser(edit));
    await expect(e.auth.connect(platform.url)).rejects.toMatchObject({ code });
    expect(platform.hits['/token'] ?? 0).toBe(0);
    expect(e.auth.listAccounts()).toEqual([]);
    await expect.poll(() => e.browser.pages.length).toBe(1);
    expect(e.browser.pages[0]!.text).toContain('Sign-in did not complete');
  });

  it('times out when the browser never comes back', async () => {
    const e = await signIn({ open: async () => undefined, pages: [] } as unknown as ReturnType<typeof redirectingBrowser>, { receiverTimeoutMs: 100 });
    await expect(e.auth.connect(platform.url)).rejects.toMatchObject({ code: 'timed_out' });
    expect(platform.hits['/token'] ?? 0).toBe(0);
  });

  it('can be cancelled while waiting for the browser', async () => {
    const controller = new AbortController();
    const e = await signIn({ open: async () => { controller.abort(); }, pages: [] } as unknown as ReturnType<typeof redirectingBrowser>);
    await expect(e.auth.connect(platform.url, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(platform.hits['/token'] ?? 0).toBe(0);
  });
});

describe('bad answers from the platform', () => {
  const metadata = '/.well-known/oauth-authorization-server';
  it.each([
    ['non-JSON metadata', metadata, (res: Parameters<typeof json>[0]) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>hello</html>'); }, 'bad_metadata'],
    ['malformed JSON metadata', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, '{"issuer": '), 'bad_metadata'],
    ['metadata that is a JSON array', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, [1, 2]), 'bad_metadata'],
    ['metadata for another issuer', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, { ...asMetadata(), issuer: 'https://other.example' }), 'issuer_mismatch'],
    ['metadata without a token endpoint', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, { ...asMetadata(), token_endpoint: undefined }), 'bad_metadata'],
    ['metadata without PKCE S256', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, { ...asMetadata(), code_challenge_methods_supported: ['plain'] }), 'bad_metadata'],
    ['a plain-http remote token endpoint', metadata, (res: Parameters<typeof json>[0]) => json(res, 200, { ...asMetadata(), token_endpoint: 'http://school.example/token' }), 'insecure_issuer'],
    ['a non-HTTPS remote issuer', '/.well-known/oauth-protected-resource', (res: Parameters<typeof json>[0]) => json(res, 200, { resource: platform.url, authorization_servers: ['http://school.example'] }), 'insecure_issuer'],
    ['resource metadata for another API', '/.well-known/oauth-protected-resource', (res: Parameters<typeof json>[0]) => json(res, 200, { resource: 'https://other.example', authorization_servers: [platform.url] }), 'issuer_mismatch'],
    ['an oversized metadata body', metadata, (res: Parameters<typeof json>[0]) => { res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"pad":"'); res.write('x'.repeat(2 * 1024 * 1024)); res.end('"}'); }, 'bad_response'],
    ['a registration refusal', '/register', (res: Parameters<typeof json>[0]) => json(res, 400, { error: 'invalid_redirect_uri', error_description: 'loopback only' }), 'registration_refused'],
    ['a non-JSON registration answer', '/register', (res: Parameters<typeof json>[0]) => { res.writeHead(201, { 'content-type': 'text/plain' }); res.end('ok'); }, 'bad_response'],
    ['a token answer without access_token', '/token', (res: Parameters<typeof json>[0]) => json(res, 200, { token_type: 'Bearer' }), 'bad_response'],
    ['a token answer of an unknown type', '/token', (res: Parameters<typeof json>[0]) => json(res, 200, { access_token: 'x', token_type: 'mac' }), 'bad_response'],
    ['a non-JSON token answer', '/token', (res: Parameters<typeof json>[0]) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>'); }, 'bad_response'],
    ['an oversized token answer', '/token', (res: Parameters<typeof json>[0]) => json(res, 200, { access_token: 'x'.repeat(2 * 1024 * 1024), token_type: 'Bearer' }), 'bad_response'],
    ['a token refusal', '/token', (res: Parameters<typeof json>[0]) => json(res, 400, { error: 'invalid_grant', error_description: 'code expired' }), 'token_exchange_failed'],
    ['a malformed userinfo answer', '/userinfo', (res: Parameters<typeof json>[0]) => json(res, 200, { name: 'no sub' }), 'bad_response'],
  ] as const)('%s → a typed error; nothing stored is lost', async (_name, path, answer, code) => {
    // An signedIn with one account, whose clock then moves past the metadata's freshness so the bad answer is read.
    const clock = { offsetMs: 0 };
    const e = await signIn(redirectingBrowser(), { now: () => Date.now() + clock.offsetMs });
    const before = await e.auth.connect(platform.url);
    const tokensBefore = (await Vault.open({ dataDir: e.dir, cipher: e.cipher, logger: e.logger })).getTokens(before.id);
    const stateBefore = await allFileText(e.dir);

    platform.handlers.set(path, (_q, _u, res) => answer(res));
    clock.offsetMs = 2 * 60 * 60 * 1000;
    // Registration only happens for an app without a client: that case uses a fresh signedIn, the others the signed-in one.
    const target = path === '/register' ? await signIn() : e;
    await expect(target.auth.connect(platform.url)).rejects.toMatchObject({ code });

    expect(e.auth.listAccounts()).toEqual([before]);
    const reopened = await Vault.open({ dataDir: e.dir, cipher: e.cipher, logger: e.logger });
    expect(reopened.getTokens(before.id)).toEqual(tokensBefore);
    if (target !== e) {
      expect(target.auth.listAccounts()).toEqual([]);
      expect(await allFileText(e.dir)).toBe(stateBefore);
    }
    // And once the platform answers well again, the same signedIn signs in (the bad answer was not cached).
    platform.reset();
    await expect(target.auth.connect(platform.url)).resolves.toMatchObject({ school: { id: 'school-1' } });
  });
});
