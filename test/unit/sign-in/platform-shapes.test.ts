// Where tokens may go, and platforms of other shapes (issue 13, items 1, 9, 10, 11): an API under a path of
// the school's origin, metadata only at the path-aware URL, a sign-in server on another origin, documents that
// disagree, a platform without refresh tokens, a registration that returns a secret, a token response whose
// `scope` leaves out `openid`, a school lookup the app cannot read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { businessUrl } from '../../../electron/services/net/business-url';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { discoverPlatform } from '../../../electron/services/auth/discovery';
import { guardedFetch } from '../../../electron/services/net/guarded-fetch';
import { MetadataCache } from '../../../electron/services/auth/metadata-cache';
import type { SignInStep, SignInStepDetail } from '../../../electron/services/auth/sign-in';
import { memoryLogger } from '../../../electron/services/log';
import { Vault } from '../../../electron/services/store/vault';
import { allFileText, fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { authorizationServerMetadata, json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
/** A second origin: a sign-in server (or a foreign API) that is not the school's. */
let other: ScriptedPlatform;
const dirs: { remove(): Promise<void> }[] = [];
const bodies: Record<string, string[]> = {};

beforeAll(async () => {
  [platform, other] = await Promise.all([startScriptedPlatform(), startScriptedPlatform()]);
});
beforeEach(() => {
  platform.reset();
  other.reset();
  for (const key of Object.keys(bodies)) delete bodies[key];
});
afterAll(async () => {
  await Promise.all([platform.close(), other.close(), ...dirs.map((d) => d.remove())]);
});

function record(on: ScriptedPlatform, path: string) {
  const original = on.handlers.get(path)!;
  on.handlers.set(path, (req, url, res, body) => {
    (bodies[path] ??= []).push(body);
    original(req, url, res, body);
  });
}

async function signIn(extra: Partial<Parameters<typeof AuthService.open>[0]> = {}, browser = redirectingBrowser()) {
  const dir = await tempDir();
  dirs.push(dir);
  const urls: string[] = [];
  const cipher = fakeCipher();
  const logger = memoryLogger();
  const clock = { offsetMs: 0 };
  const auth = await AuthService.open({
    dataDir: dir.path, cipher, logger, receiverTimeoutMs: 2_000, now: () => Date.now() + clock.offsetMs,
    openExternal: async (url) => { urls.push(url); await browser.open(url); },
    ...extra,
  });
  return { auth, urls, dir: dir.path, cipher, logger, clock };
}

const deps = () => ({ http: guardedFetch(), cache: MetadataCache.inMemory(), now: Date.now });
const School = z.object({ id: z.string(), name: z.string() });

describe('an API under a path of the school’s origin (item 9)', () => {
  it('is accepted, and business paths are resolved against it exactly once', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 'school-1', name: 'Scripted School' }));
    record(platform, '/token');
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(`${platform.url}/api`);
    const api = new ApiClient(e.auth, { logger: e.logger });
    await expect(api.call(account.id, 'getSchool', School)).resolves.toEqual({ id: 'school-1', name: 'Scripted School' });
    expect(platform.hits['/api/v1/school']).toBe(1);
    expect(platform.hits['/api/api/v1/school']).toBeUndefined();
  });

  it('finds the scope a 403 needs in the platform’s /openapi.json at its base address, not only under the API’s path', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    platform.handlers.set('/api/v1/orders', (_q, _u, res) => json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': 'Bearer error="insufficient_scope"' }));
    platform.handlers.set('/openapi.json', (_q, _u, res) => json(res, 200, { paths: { '/api/v1/orders': { get: { operationId: 'listOrders', 'x-required-scope': 'orders:export' } } } }));
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    const failure = new ApiClient(e.auth, { logger: e.logger }).call(account.id, 'listOrders', z.unknown());
    await expect(failure).rejects.toMatchObject({ code: 'insufficient_scope', missingScopes: ['orders:export'] });
    expect(platform.hits['/api/openapi.json']).toBe(1);
    expect(platform.hits['/openapi.json']).toBe(1);
  });

  it('resolves operation paths once whatever the base looks like, and never leaves its origin', () => {
    expect(businessUrl('https://s.example/api', '/api/v1/school').href).toBe('https://s.example/api/v1/school');
    expect(businessUrl('https://s.example/api/', '/api/v1/school').href).toBe('https://s.example/api/v1/school');
    expect(businessUrl('https://s.example', '/api/v1/school').href).toBe('https://s.example/api/v1/school');
    expect(businessUrl('https://s.example/tenant-7', '/api/v1/school').href).toBe('https://s.example/tenant-7/api/v1/school');
    expect(businessUrl('https://s.example/apix', '/api/v1/school').href).toBe('https://s.example/apix/api/v1/school');
    expect(businessUrl('https://s.example', '//evil.example/api/v1/school').origin).toBe('https://s.example');
  });

  it('is refused on another origin, and the refusal names both full addresses', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: `${other.url}/api`, authorization_servers: [platform.url] }));
    const refusal = discoverPlatform(platform.url, deps());
    await expect(refusal).rejects.toMatchObject({ code: 'issuer_mismatch' });
    const message = (await refusal.then(() => new Error('resolved')).catch((e: Error) => e)).message;
    expect(message).toContain(platform.url);
    expect(message).toContain(`${other.url}/api`);
  });

  it('reads the path-aware document strictly where it is served (RFC 9728 §3.3)', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    platform.handlers.set('/.well-known/oauth-protected-resource/api', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api/v2`, authorization_servers: [platform.url] }));
    const refusal = discoverPlatform(platform.url, deps()).then(() => new Error('resolved')).catch((e: Error) => e);
    expect(await refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect((await refusal).message).toContain(`${platform.url}/api/v2`);
    expect((await refusal).message).toContain(`${platform.url}/api,`);

    platform.handlers.set('/.well-known/oauth-protected-resource/api', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    await expect(discoverPlatform(platform.url, deps())).resolves.toMatchObject({ apiBase: `${platform.url}/api`, signInOrigin: null });
  });
});

describe('documents that disagree are refused (item 1)', () => {
  it('the root and the path-aware resource documents naming different sign-in servers', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    platform.handlers.set('/.well-known/oauth-protected-resource/api', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [other.url] }));
    const refusal = await discoverPlatform(platform.url, deps()).then(() => new Error('resolved')).catch((e: Error) => e);
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain(other.url);
  });

  it('a sign-in server that lists the APIs it serves, without this one', async () => {
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...authorizationServerMetadata(platform.url), protected_resources: [`${other.url}`] }));
    await expect(discoverPlatform(platform.url, deps())).rejects.toMatchObject({ code: 'issuer_mismatch' });
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...authorizationServerMetadata(platform.url), protected_resources: [platform.url] }));
    await expect(discoverPlatform(platform.url, deps())).resolves.toMatchObject({ apiBase: platform.url });
  });

  it('a sign-in server whose metadata names another issuer than the resource document does', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [other.url] }));
    other.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, authorizationServerMetadata(platform.url)));
    const refusal = await discoverPlatform(platform.url, deps()).then(() => new Error('resolved')).catch((e: Error) => e);
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain(other.url);
  });
});

describe('platforms of other shapes (item 10)', () => {
  it('no resource metadata at all: the sign-in server at the school’s address, then OpenID discovery', async () => {
    platform.handlers.delete('/.well-known/oauth-protected-resource');
    platform.handlers.delete('/.well-known/oauth-authorization-server');
    platform.handlers.set('/.well-known/openid-configuration', (_q, _u, res) => json(res, 200, authorizationServerMetadata(platform.url)));
    record(platform, '/token');
    const e = await signIn();
    await e.auth.connect(platform.url);
    expect(platform.hits['/.well-known/oauth-authorization-server']).toBe(1);
    expect(platform.hits['/.well-known/openid-configuration']).toBe(1);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(platform.url);
  });

  it('issuers with and without a trailing slash', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [`${platform.url}/`] }));
    platform.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...authorizationServerMetadata(platform.url), issuer: `${platform.url}/` }));
    // RFC 9207: the callback's iss is the issuer exactly as its metadata spells it.
    const slashed = redirectingBrowser((params) => { params.set('iss', `${platform.url}/`); });
    await expect((await signIn({}, slashed)).auth.connect(platform.url)).resolves.toMatchObject({ issuer: `${platform.url}/` });
    platform.reset();
    await expect((await signIn()).auth.connect(`${platform.url}/`)).resolves.toMatchObject({ issuer: platform.url });
  });

  it('metadata served only at the path-aware URL, found through the API’s 401 challenge', async () => {
    platform.handlers.delete('/.well-known/oauth-protected-resource');
    platform.handlers.set('/.well-known/oauth-protected-resource/api', (_q, _u, res) => json(res, 200, { resource: `${platform.url}/api`, authorization_servers: [platform.url] }));
    platform.handlers.set('/api/v1/school', (req, _u, res) => req.headers.authorization === `Bearer ${platform.issued.accessTokens.at(-1)}`
      ? json(res, 200, { id: 'school-1', name: 'Scripted School' })
      : json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': `Bearer error="invalid_token", resource_metadata="${platform.url}/.well-known/oauth-protected-resource/api"` }));
    record(platform, '/token');
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(`${platform.url}/api`);
    await expect(new ApiClient(e.auth, { logger: e.logger }).call(account.id, 'getSchool', School)).resolves.toMatchObject({ id: 'school-1' });

    // The same document naming another resource than its URL says is refused.
    platform.handlers.set('/.well-known/oauth-protected-resource/api', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [platform.url] }));
    await expect(discoverPlatform(platform.url, deps())).rejects.toMatchObject({ code: 'issuer_mismatch' });
  });

  it('a sign-in server on another origin that lists the API is allowed, and named before the browser opens', async () => {
    platform.handlers.set('/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: platform.url, authorization_servers: [other.url] }));
    other.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...authorizationServerMetadata(other.url), protected_resources: [platform.url] }));
    other.handlers.set('/userinfo', (_q, _u, res) => json(res, 200, { sub: 'admin-1', name: 'Ada Admin', school: { id: 'school-1', name: 'Scripted School', url: null } }));
    const steps: [SignInStep, SignInStepDetail][] = [];
    const e = await signIn();
    const account = await e.auth.connect(platform.url, { onProgress: (step, detail) => steps.push([step, detail]) });
    expect(account.issuer).toBe(other.url);
    const told = steps.findIndex(([, detail]) => detail.signInOrigin === other.url);
    const browser = steps.findIndex(([step]) => step === 'waiting_for_browser');
    expect(told).toBeGreaterThanOrEqual(0);
    expect(told).toBeLessThan(browser);
    expect(e.auth.listAccounts()[0]).toMatchObject({ signInOrigin: other.url });
    expect(new URL(e.urls[0]!).origin).toBe(other.url);
  });

  it('a platform that issues no refresh token: once the token expires, sign in again, told why', async () => {
    platform.handlers.set('/token', (_q, _u, res) => json(res, 200, { access_token: 'at-no-refresh', token_type: 'Bearer', expires_in: 600, scope: 'openid profile school:read' }));
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    await expect(e.auth.accessToken(account.id)).resolves.toBe('at-no-refresh');
    e.clock.offsetMs = 601_000;
    const expired = await e.auth.accessToken(account.id).then(() => new Error('resolved')).catch((error: Error) => error);
    expect(expired).toMatchObject({ code: 'sign_in_needed' });
    expect(expired.message).toMatch(/expired.*no refresh token.*sign in again/i);
    expect(e.auth.listAccounts()[0]!.status).toBe('sign_in_needed');
  });

  it('a registration that returns a client_secret: kept in the vault only, sent with client_secret_post', async () => {
    platform.handlers.set('/register', (_q, _u, res) => json(res, 201, { client_id: 'conf-1', client_secret: 'registered-client-secret', client_secret_expires_at: 0, token_endpoint_auth_method: 'client_secret_post' }));
    record(platform, '/token');
    record(platform, '/revoke');
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('client_secret')).toBe('registered-client-secret');
    expect(await allFileText(e.dir)).not.toContain('registered-client-secret');
    expect((await Vault.open({ dataDir: e.dir, cipher: e.cipher, logger: e.logger })).getClientSecret(platform.url)).toBe('registered-client-secret');
    await e.auth.refreshTokensOnce(account.id);
    expect(new URLSearchParams(bodies['/token']![1]).get('client_secret')).toBe('registered-client-secret');
    await e.auth.signOut(account.id);
    expect(new URLSearchParams(bodies['/revoke']![0]).get('client_secret')).toBe('registered-client-secret');
  });
});

describe('what a certified provider does differently (item 11)', () => {
  it('asks UserInfo when openid was requested although the token response’s scope leaves it out', async () => {
    platform.handlers.set('/token', (_q, _u, res) => json(res, 200, { access_token: 'at-s', token_type: 'Bearer', expires_in: 600, refresh_token: 'rt-s', scope: 'school:read courses:read' }));
    const account = await (await signIn()).auth.connect(platform.url);
    expect(account.admin.name).toBe('Ada Admin');
    expect(platform.hits['/userinfo']).toBe(1);
  });

  it('completes the sign-in when the school lookup answers something unreadable, named after what is known', async () => {
    platform.handlers.set('/userinfo', (_q, _u, res) => json(res, 200, { sub: 'admin-9', name: 'Bo' }));
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { unexpected: true }));
    const e = await signIn();
    const account = await e.auth.connect(platform.url);
    expect(account).toMatchObject({ status: 'signed_in', admin: { name: 'Bo' }, school: { name: new URL(platform.url).host } });
    expect(e.logger.lines.some((line) => line.includes('school lookup failed'))).toBe(true);
  });

  it('revokes the tokens just issued when the account cannot be set up after the exchange, and says so', async () => {
    platform.handlers.set('/userinfo', (_q, _u, res) => json(res, 200, { no_sub: true }));
    const e = await signIn();
    const failure = await e.auth.connect(platform.url).then(() => new Error('resolved')).catch((error: Error) => error);
    expect(failure.message).toMatch(/revoked/);
    expect(platform.hits['/revoke']).toBe(2);
    expect(e.auth.listAccounts()).toEqual([]);
  });
});

describe('a failed sign-in links to the platform’s walkthrough (item 13)', () => {
  it('names {address}/auth.md when the platform serves it, and nothing when it does not', async () => {
    platform.handlers.set('/token', (_q, _u, res) => json(res, 400, { error: 'invalid_grant', error_description: 'code expired' }));
    const without = await (await signIn()).auth.connect(platform.url).then(() => null).catch((error: { code: string; helpUrl?: string }) => error);
    expect(without).toMatchObject({ code: 'token_exchange_failed' });
    expect(without?.helpUrl).toBeUndefined();

    platform.handlers.set('/auth.md', (_q, _u, res) => {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
      res.end('# Signing in');
    });
    const failure = await (await signIn()).auth.connect(platform.url).then(() => null).catch((error: { code: string; helpUrl?: string; toJSON(): unknown }) => error);
    expect(failure).toMatchObject({ code: 'token_exchange_failed', helpUrl: `${platform.url}/auth.md` });
    expect(failure?.toJSON()).toMatchObject({ helpUrl: `${platform.url}/auth.md` });
  });
});

describe('a client ID from the platform (item 12)', () => {
  it('signs in with the given client instead of registering, keeps its secret only in the vault, and reuses it for sign-in again', async () => {
    record(platform, '/token');
    const e = await signIn();
    const account = await e.auth.connect(platform.url, { client: { clientId: 'given-client', clientSecret: 'given-client-secret' } });
    expect(platform.hits['/register'] ?? 0).toBe(0);
    expect(new URL(e.urls[0]!).searchParams.get('client_id')).toBe('given-client');
    expect(new URLSearchParams(bodies['/token']![0]).get('client_secret')).toBe('given-client-secret');
    expect(await allFileText(e.dir)).not.toContain('given-client-secret');

    await e.auth.signInAgain(account.id);
    expect(platform.hits['/register'] ?? 0).toBe(0);
    expect(new URL(e.urls[1]!).searchParams.get('client_id')).toBe('given-client');
    expect(new URLSearchParams(bodies['/token']![1]).get('client_secret')).toBe('given-client-secret');
  });
});
