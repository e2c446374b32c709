// Discovery and sign-in against platforms that follow the spec differently from the sandbox: issuers with a
// path, OpenID-only metadata, no resource metadata, fewer scopes granted, no school info, cache headers,
// and a pre-registered confidential client.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { authorizationServerMetadataUrls, discoverPlatform, normalizeAddress, protectedResourceMetadataUrl } from '../../../electron/services/auth/discovery';
import { guardedFetch } from '../../../electron/services/net/guarded-fetch';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS, MetadataCache } from '../../../electron/services/auth/metadata-cache';
import { StateSeal } from '../../../electron/services/store/state-seal';
import { memoryLogger } from '../../../electron/services/log';
import { allFileText, fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { freePort } from '../../support/free-port';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
const dirs: { remove(): Promise<void> }[] = [];
const bodies: Record<string, string[]> = {};
beforeAll(async () => {
  platform = await startScriptedPlatform();
});
beforeEach(() => {
  platform.reset();
  for (const key of Object.keys(bodies)) delete bodies[key];
});
afterAll(async () => {
  await Promise.all([platform.close(), ...dirs.map((d) => d.remove())]);
});

/** Records the request bodies and authorization URLs a path saw, then answers as before. */
function record(path: string) {
  const original = platform.handlers.get(path)!;
  platform.handlers.set(path, (req, url, res, body) => {
    (bodies[path] ??= []).push(path === '/authorize' ? url.search : body);
    original(req, url, res, body);
  });
}

async function signIn(extra: Partial<Parameters<typeof AuthService.open>[0]> = {}) {
  const dir = await tempDir();
  dirs.push(dir);
  const urls: string[] = [];
  const browser = redirectingBrowser();
  const cipher = fakeCipher();
  const auth = await AuthService.open({
    dataDir: dir.path, cipher, logger: memoryLogger(), receiverTimeoutMs: 2_000,
    openExternal: async (url) => { urls.push(url); await browser.open(url); },
    ...extra,
  });
  return { auth, urls, dir: dir.path, cipher, browser };
}

const metadata = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${platform.url}/authorize`,
  token_endpoint: `${platform.url}/token`,
  registration_endpoint: `${platform.url}/register`,
  userinfo_endpoint: `${platform.url}/userinfo`,
  revocation_endpoint: `${platform.url}/revoke`,
  code_challenge_methods_supported: ['S256'],
});

const deps = () => ({ http: guardedFetch(), cache: MetadataCache.inMemory(), now: Date.now });

describe('addresses and well-known locations', () => {
  it('adds https to a bare address, http only for loopback, and refuses plain http elsewhere', () => {
    expect(normalizeAddress('school.example').href).toBe('https://school.example/');
    expect(normalizeAddress('127.0.0.1:4000').href).toBe('http://127.0.0.1:4000/');
    expect(() => normalizeAddress('http://school.example')).toThrow(expect.objectContaining({ code: 'insecure_issuer' }));
    expect(() => normalizeAddress('ftp://school.example')).toThrow(expect.objectContaining({ code: 'invalid_address' }));
    expect(() => normalizeAddress('   ')).toThrow(expect.objectContaining({ code: 'invalid_address' }));
  });

  it('inserts the well-known name before an issuer path (RFC 8414 §3.1) and appends it for OpenID', () => {
    expect(authorizationServerMetadataUrls(new URL('https://a.example/tenant/x')).map(String)).toEqual([
      'https://a.example/.well-known/oauth-authorization-server/tenant/x',
      'https://a.example/tenant/x/.well-known/openid-configuration',
    ]);
    expect(protectedResourceMetadataUrl(new URL('https://a.example/api')).href).toBe('https://a.example/.well-known/oauth-protected-resource/api');
  });
});

describe('discovering a platform', () => {
  it('reads an issuer with a path from its path-inserted metadata', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [`${platform.url}/tenant`] }));
    platform.handlers.set('/.well-known/oauth-authorization-server/tenant', (_q, _u, res) => json(res, 200, metadata(`${platform.url}/tenant`)));
    const found = await discoverPlatform(platform.url, deps());
    expect(found.as.issuer).toBe(`${platform.url}/tenant`);
  });

  it('tolerates a trailing slash on a bare-host issuer and nothing else', async () => {
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, metadata(`${platform.url}/`)));
    await expect(discoverPlatform(platform.url, deps())).resolves.toMatchObject({ as: { issuer: `${platform.url}/` } });

    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [`${platform.url}/tenant`] }));
    platform.handlers.set('/.well-known/oauth-authorization-server/tenant', (_q, _u, res) => json(res, 200, metadata(`${platform.url}/tenant/`)));
    await expect(discoverPlatform(platform.url, deps())).rejects.toMatchObject({ code: 'issuer_mismatch' });
  });

  it('falls back to OpenID discovery when there is no RFC 8414 document', async () => {
    platform.handlers.delete('/.well-known/oauth-authorization-server');
    platform.handlers.set('/.well-known/openid-configuration', (_q, _u, res) => json(res, 200, metadata(platform.url)));
    await expect(discoverPlatform(platform.url, deps())).resolves.toMatchObject({ as: { issuer: platform.url } });
    expect(platform.hits['/.well-known/oauth-authorization-server']).toBe(1);
  });

  it('says no_platform when there is no metadata at all', async () => {
    platform.handlers.delete('/.well-known/oauth-authorization-server');
    await expect(discoverPlatform(platform.url, deps())).rejects.toMatchObject({ code: 'no_platform' });
  });

  it('finds resource metadata named by a 401 challenge when the well-known one is missing', async () => {
    platform.handlers.delete('/.well-known/oauth-protected-resource');
    // The spec's platforms challenge an invalid token on a business endpoint (an anonymous request is served).
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': `Bearer realm="x", error="invalid_token", resource_metadata="${platform.url}/meta/prm"` }));
    platform.handlers.set('/meta/prm', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [platform.url] }));
    const found = await discoverPlatform(platform.url, deps());
    expect(found.resource?.resource).toBe(platform.url);
    expect(platform.hits['/meta/prm']).toBe(1);
  });

  it('reuses fresh metadata without a request, and revalidates stale metadata with its ETag', async () => {
    let etagHits = 0;
    platform.handlers.set('/.well-known/oauth-authorization-server', (req, _u, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        etagHits++;
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'max-age=60' });
        return res.end();
      }
      json(res, 200, metadata(platform.url), { etag: '"v1"', 'cache-control': 'max-age=60' });
    });
    const clock = { now: Date.now() };
    const shared = { http: guardedFetch(), cache: MetadataCache.inMemory(), now: () => clock.now };
    await discoverPlatform(platform.url, shared);
    await discoverPlatform(platform.url, shared);
    expect(platform.hits['/.well-known/oauth-authorization-server']).toBe(1);
    clock.now += 61_000;
    await expect(discoverPlatform(platform.url, shared)).resolves.toMatchObject({ as: { issuer: platform.url } });
    expect(etagHits).toBe(1);
  });

  it('revalidates with Last-Modified when there is no ETag', async () => {
    const stamp = 'Wed, 01 Jan 2025 00:00:00 GMT';
    let conditional = 0;
    platform.handlers.set('/.well-known/oauth-authorization-server', (req, _u, res) => {
      if (req.headers['if-modified-since'] === stamp) {
        conditional++;
        res.writeHead(304, { 'last-modified': stamp });
        return res.end();
      }
      json(res, 200, metadata(platform.url), { 'last-modified': stamp, 'cache-control': 'max-age=1' });
    });
    const clock = { now: Date.now() };
    const shared = { http: guardedFetch(), cache: MetadataCache.inMemory(), now: () => clock.now };
    await discoverPlatform(platform.url, shared);
    clock.now += 2_000;
    await expect(discoverPlatform(platform.url, shared)).resolves.toMatchObject({ as: { issuer: platform.url } });
    expect(conditional).toBe(1);
  });

  it('keeps nothing answered with no-store', async () => {
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, metadata(platform.url), { 'cache-control': 'no-store' }));
    const shared = deps();
    await discoverPlatform(platform.url, shared);
    await discoverPlatform(platform.url, shared);
    expect(platform.hits['/.well-known/oauth-authorization-server']).toBe(2);
  });
});

describe('the sign-in service’s endpoints', () => {
  it('must all be on the issuer’s own origin: another port of the same loopback host or another https host is refused', async () => {
    for (const name of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'userinfo_endpoint']) {
      for (const elsewhere of ['http://127.0.0.1:9/rpc', 'https://other.example/endpoint']) {
        platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...metadata(platform.url), [name]: elsewhere }));
        await expect(discoverPlatform(platform.url, deps()), `${name} at ${elsewhere}`).rejects.toMatchObject({ code: 'bad_metadata', message: expect.stringContaining(new URL(elsewhere).origin) });
      }
    }
  });

  it('a registration endpoint on another local server (the app’s own /rpc, say) is never posted to', async () => {
    const other = await startScriptedPlatform();
    try {
      platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...metadata(platform.url), registration_endpoint: `${other.url}/rpc` }));
      const e = await signIn();
      await expect(e.auth.connect(platform.url)).rejects.toMatchObject({ code: 'bad_metadata', message: expect.stringContaining(`is at ${other.url}`) });
      expect(other.hits['/rpc'] ?? 0).toBe(0);
      expect(e.urls).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('the discovery cache stays small', () => {
  it('refuses a document past 256 KiB and keeps none of it', async () => {
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...metadata(platform.url), padding: 'x'.repeat(MAX_DOCUMENT_BYTES) }));
    const shared = deps();
    await expect(discoverPlatform(platform.url, shared)).rejects.toMatchObject({ code: 'bad_metadata', message: expect.stringContaining('at most 256 KiB') });
    expect(shared.cache.get(`as:${platform.url}/.well-known/oauth-authorization-server`)).toBeNull();
  });

  it('keeps nothing a failed discovery read, not even its good documents', async () => {
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, metadata('https://someone-else.example')));
    const shared = deps();
    await expect(discoverPlatform(platform.url, shared)).rejects.toMatchObject({ code: 'issuer_mismatch' });
    expect(shared.cache.get(`prm:${platform.url}/.well-known/oauth-protected-resource`)).toBeNull();
    await expect(discoverPlatform(platform.url, shared)).rejects.toMatchObject({ code: 'issuer_mismatch' });
    expect(platform.hits['/.well-known/oauth-protected-resource']).toBe(2);
  });

  it('holds at most 64 documents on disk, the most recently fetched, and rewrites an oversized file within the bounds', async () => {
    const dir = await tempDir('metadata-cache-');
    dirs.push(dir);
    const cipher = fakeCipher();
    const seal = await StateSeal.open(dir.path, cipher, memoryLogger());
    const path = join(dir.path, 'metadata-cache.json');
    const cache = await MetadataCache.open(path, memoryLogger(), seal);
    const document = (n: number, body: Record<string, unknown> = { n }) => ({ url: `https://p${n}.example/x`, body, fetchedAt: n, freshUntil: n + 1, etag: null, lastModified: null });
    await cache.putAll(Array.from({ length: MAX_DOCUMENTS + 6 }, (_, n) => [`k${n}`, document(n)] as const));
    await cache.put('huge', document(1_000, { padding: 'x'.repeat(MAX_DOCUMENT_BYTES) }));
    const kept = Object.keys((JSON.parse(await readFile(path, 'utf8')) as { documents: Record<string, unknown> }).documents);
    expect(kept).toHaveLength(MAX_DOCUMENTS);
    expect(kept).not.toContain('k0');
    expect(kept).not.toContain('huge');
    expect(cache.get(`k${MAX_DOCUMENTS + 5}`)).not.toBeNull();

    // A file written before the bounds, with a huge (correctly sealed) entry: opened within them, and rewritten.
    const file = JSON.parse(await readFile(path, 'utf8')) as { version: 1; documents: Record<string, unknown> };
    const big = document(2_000, { padding: 'x'.repeat(2 * MAX_DOCUMENT_BYTES) });
    file.documents.big = { ...big, tag: seal.tag({ key: 'big', document: big }) };
    await writeFile(path, JSON.stringify(file));
    const reopened = await MetadataCache.open(path, memoryLogger(), seal);
    expect(reopened.get('big')).toBeNull();
    expect((await readFile(path, 'utf8')).length).toBeLessThan(MAX_DOCUMENT_BYTES);
  });
});

describe('signing in to platforms unlike the sandbox', () => {
  it('sends the typed address as the resource when the platform names none, and records the scopes actually granted', async () => {
    platform.handlers.delete('/.well-known/oauth-protected-resource');
    platform.handlers.set('/token', (_q, _u, res) => json(res, 200, { access_token: 'at-x', token_type: 'Bearer', expires_in: 60, refresh_token: 'rt-x', scope: 'openid profile' }));
    record('/token');
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(account.grantedScopes).toEqual(['openid', 'profile']);
    expect(new URL(e.urls[0]!).searchParams.get('resource')).toBe(platform.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(platform.url);
  });

  it('sends the resource the platform names, in the authorization and token requests', async () => {
    record('/token');
    const e = await signIn();
    await e.auth.connect(platform.url);
    expect(new URL(e.urls[0]!).searchParams.get('resource')).toBe(platform.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(platform.url);
    expect(new URL(e.urls[0]!).searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('asks GET /api/v1/school when neither the token nor UserInfo names the school', async () => {
    platform.handlers.set('/userinfo', (_q, _u, res) => json(res, 200, { sub: 'admin-9', name: 'Bo' }));
    platform.handlers.set('/api/v1/school', (req, _u, res) => req.headers.authorization?.startsWith('Bearer ') ? json(res, 200, { id: 'sch-7', name: 'Seven School', url: 'https://seven.example' }) : json(res, 401, {}));
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(account.school).toEqual({ id: 'sch-7', name: 'Seven School', url: 'https://seven.example' });
    expect(account.admin).toMatchObject({ sub: 'admin-9', name: 'Bo' });
  });

  it('names the account after the issuer host when nothing names the school and school:read was not granted', async () => {
    platform.handlers.set('/userinfo', (_q, _u, res) => json(res, 200, { sub: 'admin-9' }));
    platform.handlers.set('/token', (_q, _u, res) => json(res, 200, { access_token: 'at-y', token_type: 'Bearer', scope: 'openid' }));
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(account.school.name).toBe(new URL(platform.url).host);
    expect(platform.hits['/api/v1/school'] ?? 0).toBe(0);
  });

  it('uses a pre-registered client with client_secret_post, keeping its secret only in the vault', async () => {
    record('/token');
    const e = await signIn({ preRegisteredClients: { [platform.url]: { clientId: 'pre-1', clientSecret: 'pre-registered-secret' } } });
    await e.auth.connect(platform.url);
    expect(platform.hits['/register'] ?? 0).toBe(0);
    const form = new URLSearchParams(bodies['/token']![0]);
    expect(form.get('client_id')).toBe('pre-1');
    expect(form.get('client_secret')).toBe('pre-registered-secret');
    expect(await allFileText(e.dir)).not.toContain('pre-registered-secret');
  });

  it('registers again after a sign-in whose browser never came back (the platform may have shown "unknown application")', async () => {
    const e = await signIn();
    await e.auth.connect(platform.url);
    const controller = new AbortController();
    const stuck = await AuthService.open({ dataDir: e.dir, cipher: e.cipher, logger: memoryLogger(), openExternal: async () => controller.abort(), receiverTimeoutMs: 2_000 });
    await expect(stuck.connect(platform.url, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    const again = await AuthService.open({ dataDir: e.dir, cipher: e.cipher, logger: memoryLogger(), openExternal: e.browser.open, receiverTimeoutMs: 2_000 });
    await again.connect(platform.url);
    expect(platform.hits['/register']).toBe(2);
  });

  it('registers again when the remembered client was registered for another redirect path, and not for another port', async () => {
    const e = await signIn();
    await e.auth.connect(platform.url);
    expect(platform.hits['/register']).toBe(1);
    const path = join(e.dir, 'auth-state.json');
    const edit = async (redirectUri: string) => {
      const state = JSON.parse(await readFile(path, 'utf8')) as { clients: Record<string, { redirectUri: string }> };
      for (const client of Object.values(state.clients)) client.redirectUri = redirectUri;
      await writeFile(path, JSON.stringify(state));
      return AuthService.open({ dataDir: e.dir, cipher: e.cipher, logger: memoryLogger(), openExternal: e.browser.open, receiverTimeoutMs: 2_000 });
    };
    // RFC 8252 §7.3: any port is fine for a loopback redirect, so a port change needs no new registration.
    await (await edit(`http://127.0.0.1:${await freePort()}/oauth/callback`)).connect(platform.url);
    expect(platform.hits['/register']).toBe(1);
    await (await edit(`http://127.0.0.1:${await freePort()}/old/callback`)).connect(platform.url);
    expect(platform.hits['/register']).toBe(2);
  });
});
