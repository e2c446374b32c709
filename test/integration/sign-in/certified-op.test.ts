// The signedIn against an independent, OpenID Certified provider (panva's oidc-provider, not written by us),
// configured as the platform spec says: dynamic registration, PKCE S256, refresh tokens, resource indicators
// with the resource server under /api, revocation, UserInfo. Our tiny resource server on the same origin
// validates the provider's JWT access tokens (RFC 9068, with oauth4webapi) and serves a minimal business API
// (courses only: the school lookup is optional, so the app must do without it). Real Chromium signs in at
// the provider's own login and consent pages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { Vault } from '../../../electron/services/store/vault';
import { ALL_SCOPES } from '../../../shared/scopes';
import { launchChromium } from '../../support/chromium';
import { allFileText, browserRuns, openSignIn, tempDir } from './harness';

/** The business scopes: what the resource server under /api grants (the provider keeps the OpenID ones). */
const API_SCOPES = ALL_SCOPES.filter((scope) => scope.includes(':'));
const ADMIN = { id: 'peer-admin-1', name: 'Peer Admin', email: 'peer.admin@school.example' };
/** Issued by the provider, seen by the test through its events: none may be left in the data folder after sign-out. */
const issued = new Set<string>();
const hits: Record<string, number> = {};

let server: Server;
let origin: string;
let browser: Browser;
const dirs: { remove(): Promise<void> }[] = [];
const runs = browserRuns();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** The resource server under /api: the provider's JWT access tokens, audience `<origin>/api`, the scope each route needs. */
function resourceServer(as: () => Promise<oauth.AuthorizationServer>) {
  const challenge = (error: string, extra = '') => `Bearer error="${error}"${extra}, resource_metadata="${origin}/.well-known/oauth-protected-resource/api"`;
  const routes: Record<string, string> = { '/api/v1/courses': 'courses:read' };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    // A token is judged before the path (spec: an invalid token is 401 with the metadata's address), so the
    // app finds the path-aware metadata, and with it the API, from any business path.
    let claims: oauth.JWTAccessTokenClaims;
    try {
      const request = new Request(url, { headers: req.headers as Record<string, string> });
      claims = await oauth.validateJwtAccessToken(await as(), request, `${origin}/api`, { [oauth.allowInsecureRequests]: true });
    } catch {
      return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': challenge('invalid_token') });
    }
    const scope = routes[url.pathname];
    if (!scope) return json(res, 404, { error: 'not_found', error_description: `${url.pathname} is not part of this API.` });
    if (!String(claims.scope ?? '').split(' ').includes(scope)) {
      return json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': challenge('insufficient_scope', `, scope="${scope}"`) });
    }
    json(res, 200, { data: [], meta: { total: 0, next_cursor: null } });
  };
}

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const resource = `${origin}/api`;

  const provider = new Provider(origin, {
    features: {
      registration: { enabled: true },
      // Only the client a token was issued to may revoke it (the provider's own default, stated).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      devInteractions: { enabled: true }, // the provider's own login and consent pages
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new Provider.errors.InvalidTarget();
          return { scope: API_SCOPES.join(' '), audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: 120, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    // The spec: refresh tokens for any client allowed the grant (no offline_access ceremony).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { AccessToken: 120, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 86_400, Grant: 86_400, Interaction: 600, Session: 3600 },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, name: id === ADMIN.id ? ADMIN.name : id, email: ADMIN.email }) }),
  });
  provider.proxy = false;
  for (const event of ['access_token.issued', 'refresh_token.saved', 'access_token.saved'] as const) {
    provider.on(event, (token: { jti?: string }) => token.jti && issued.add(token.jti));
  }
  const callback = provider.callback();
  let metadata: Promise<oauth.AuthorizationServer> | null = null;
  const as = () => (metadata ??= oauth.discoveryRequest(new URL(origin), { [oauth.allowInsecureRequests]: true }).then((r) => oauth.processDiscoveryResponse(new URL(origin), r)));
  const api = resourceServer(as);

  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    // RFC 9728: served at the path-aware URL only; the API's 401 challenge points there.
    if (path === '/.well-known/oauth-protected-resource/api') {
      return json(res, 200, { resource, authorization_servers: [origin], scopes_supported: API_SCOPES, bearer_methods_supported: ['header'] });
    }
    if (path === '/api' || path.startsWith('/api/')) return void api(req, res);
    callback(req, res);
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await runs.idle();
  await browser?.close();
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  await Promise.all(dirs.map((d) => d.remove()));
});

/** The admin in Chromium at the provider's own pages: log in as the peer admin, then consent. */
function providerPages(browser: Browser) {
  return async (url: string) => {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.locator('input[name=login]').fill(ADMIN.id);
      await page.locator('input[name=password]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.hostname === '127.0.0.1' && u.pathname === '/oauth/callback', { waitUntil: 'domcontentloaded' });
    } finally {
      await page.close();
    }
  };
}

const Courses = z.object({ data: z.array(z.unknown()), meta: z.object({ total: z.number(), next_cursor: z.string().nullable() }) });

describe('signing in to a certified OpenID Provider', () => {
  it('signs in, names the admin, calls the API under /api, refreshes, and signs out leaving no token on disk', async () => {
    const dir = await tempDir('certified-op-');
    dirs.push(dir);
    const signedIn = await openSignIn(dir.path, { openExternal: runs.wrap(providerPages(browser)) });

    const account = await signedIn.auth.connect(origin);
    expect(account.status).toBe('signed_in');
    expect(account.issuer).toBe(origin);
    // The provider lists only the API's scopes in the token response; the name comes from UserInfo or the validated ID token.
    expect(account.admin).toMatchObject({ sub: ADMIN.id, name: ADMIN.name });
    expect(hits['/me'] ?? 0).toBeGreaterThanOrEqual(1); // oidc-provider's UserInfo endpoint was asked
    // No school lookup on this platform: the sign-in completes, named after what is known.
    expect(account.school.name).toBe(new URL(origin).host);
    expect(hits['/reg']).toBe(1);

    // Business calls go to /api/v1/…, once (not /api/api/v1/…), with a token the resource server accepts.
    const api = new ApiClient(signedIn.auth, { logger: signedIn.logger });
    await expect(api.call(account.id, 'listCourses', Courses)).resolves.toMatchObject({ meta: { total: 0 } });
    expect(hits['/api/api/v1/courses']).toBeUndefined();
    // What the platform does not offer is said, not a crash.
    await expect(api.call(account.id, 'getSchool', z.object({ id: z.string() }))).rejects.toMatchObject({ code: 'not_found' });

    // Refresh: a new access token for the same API, and the rotated refresh token kept.
    const vault = () => Vault.open({ dataDir: dir.path, cipher: signedIn.cipher, logger: signedIn.logger });
    const before = (await vault()).getTokens(account.id)!;
    const renewed = await signedIn.auth.refreshTokensOnce(account.id);
    const after = (await vault()).getTokens(account.id)!;
    expect(renewed).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await expect(api.call(account.id, 'listCourses', Courses)).resolves.toMatchObject({ meta: { total: 0 } });

    // Sign out: revoked at the provider, and no token (access, refresh, ID) in any file of the data folder.
    const tokens = [before.accessToken, before.refreshToken!, before.idToken, after.accessToken, after.refreshToken!, after.idToken].filter((t): t is string => !!t);
    const clientId = (JSON.parse(await readFile(join(dir.path, 'auth-state.json'), 'utf8')) as { accounts: { clientId: string }[] }).accounts[0]!.clientId;
    const result = await signedIn.auth.signOut(account.id);
    expect(result, result.message).toMatchObject({ revokedOnPlatform: true });
    expect(hits['/token/revocation']).toBe(2);
    const text = await allFileText(dir.path);
    for (const token of tokens) expect(text).not.toContain(token);
    for (const jti of issued) expect(text).not.toContain(jti);
    for (const name of await readdir(dir.path, { recursive: true })) {
      // Sealed files too (the vault and any copy of it): open each with the key and look inside.
      const bytes = await readFile(join(dir.path, name)).catch(() => null);
      const envelope = bytes && /"sealed"\s*:/.test(bytes.toString('utf8')) ? (JSON.parse(bytes.toString('utf8')) as { sealed: string }) : null;
      if (!envelope) continue;
      const plain = Buffer.from(await signedIn.cipher.decrypt(Buffer.from(envelope.sealed, 'base64'))).toString('utf8');
      for (const token of tokens) expect(plain, name).not.toContain(token);
    }
    // Revoked at the provider: its refresh token no longer works there.
    const refused = await fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: after.refreshToken!, client_id: clientId }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
