// Spec "Authentication" 6-9 and 11, the Errors rows for protected resources, UserInfo and revocation
// (RFC 7009), and the test knobs. The core's hosting of business routes is probed with routes of its own
// through the same seam, so these checks do not depend on the demo API's contents.
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox';
import { BusinessError, type BusinessRoute } from '../../sandbox/http/business-route';
import { insecure, postForm, register, signIn, startOAuthRig, type LoopbackReceiver, type OAuthRig } from './harness';

const probeRoutes = (): BusinessRoute[] => {
  const echo: BusinessRoute['handle'] = ({ caller, params, query, body }) => ({
    status: 200,
    body: { caller: { ...caller, scopes: [...caller.scopes] }, params, query: Object.fromEntries(query), body: body ?? null },
  });
  const base = { responseSchema: { type: 'object' } };
  return [
    { ...base, operationId: 'probePublic', method: 'GET', path: '/api/v1/probe/{thing_id}', scope: 'courses:read', anonymous: true, summary: 'anonymous echo', handle: echo },
    { ...base, operationId: 'probeWrite', method: 'POST', path: '/api/v1/probe/{thing_id}', scope: 'coupons:write', summary: 'write echo', handle: echo },
    { ...base, operationId: 'probePrivate', method: 'GET', path: '/api/v1/private', scope: 'orders:read', summary: 'private echo', handle: echo },
    { ...base, operationId: 'probeMissing', method: 'GET', path: '/api/v1/missing', scope: 'orders:read', summary: 'always 404', handle: () => { throw new BusinessError(404, 'not_found', 'No such thing.'); } },
    { ...base, operationId: 'probeCrash', method: 'GET', path: '/api/v1/crash', scope: 'orders:read', summary: 'always fails', handle: () => { throw new Error('boom'); } },
  ];
};

let sandbox: Sandbox;
let browser: Browser;
let as: oauth.AuthorizationServer;
let receiver: LoopbackReceiver;
let client: oauth.Client;
let skewMs = 0;
let crashLog = '';
let rig: OAuthRig | undefined;

beforeAll(async () => {
  rig = await startOAuthRig({ clock: () => Date.now() + skewMs, businessRoutes: probeRoutes });
  ({ sandbox, browser, as, receiver, client } = rig);
});
afterAll(() => rig?.close());

const token = async (scope: string, options: { school?: string } = {}) => (await signIn(browser, as, client, receiver, scope, options)).tokens;
const get = (path: string, accessToken?: string, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}${path}`, { headers: { ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}), ...headers } });

function challengeParams(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('protected resources', () => {
  it('serves a request without a token as anonymous where the operation allows it', async () => {
    const response = await get('/api/v1/probe/c%201?x=1');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { caller: { adminId: null; schoolId: string; scopes: string[] }; params: Record<string, string>; query: Record<string, string> };
    expect(body.caller).toEqual({ adminId: null, schoolId: sandbox.platform.schools[0]!.id, scopes: [] });
    expect(body.params).toEqual({ thing_id: 'c 1' });
    expect(body.query).toEqual({ x: '1' });
    const second = sandbox.platform.schools[1]!;
    const chosen = (await (await get(`/api/v1/probe/a?school=${second.subdomain}`)).json()) as { caller: { schoolId: string } };
    expect(chosen.caller.schoolId).toBe(second.id);
    expect((await get('/api/v1/probe/a?school=nowhere')).status).toBe(400);
  });

  it('answers 401 with a resource_metadata challenge and no error code when a private operation gets no token', async () => {
    const response = await get('/api/v1/private');
    expect(response.status).toBe(401);
    const params = challengeParams(response);
    expect(params.resource_metadata).toBe(`${sandbox.url}/.well-known/oauth-protected-resource`);
    expect(params).not.toHaveProperty('error');
  });

  it('answers 401 invalid_token with WWW-Authenticate pointing to the resource metadata for an invalid or malformed token', async () => {
    for (const header of ['Bearer sbx_at_forged', 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer two words']) {
      const response = await get('/api/v1/probe/a', undefined, { Authorization: header });
      expect(response.status, header).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_token' });
      expect(challengeParams(response)).toMatchObject({ error: 'invalid_token', resource_metadata: `${sandbox.url}/.well-known/oauth-protected-resource` });
    }
    // oauth4webapi sees the same challenge
    const error = await oauth.protectedResourceRequest('sbx_at_forged', 'GET', new URL(`${sandbox.url}/api/v1/private`), undefined, undefined, insecure).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const [challenge] = (error as oauth.WWWAuthenticateChallengeError).cause;
    expect(challenge).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token', resource_metadata: `${sandbox.url}/.well-known/oauth-protected-resource` } });
  });

  it('answers 403 insufficient_scope naming the needed scope for a valid token without it', async () => {
    const tokens = await token('openid courses:read');
    expect((await get('/api/v1/probe/a', tokens.access_token)).status).toBe(200);
    const response = await get('/api/v1/private', tokens.access_token);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'insufficient_scope' });
    expect(challengeParams(response)).toMatchObject({ error: 'insufficient_scope', scope: 'orders:read', resource_metadata: `${sandbox.url}/.well-known/oauth-protected-resource` });
  });

  it('gives the route the caller: admin, the school of the token, its scopes', async () => {
    const second = sandbox.platform.schools[1]!;
    const tokens = await token('orders:read courses:read', { school: second.subdomain });
    const body = (await (await get('/api/v1/private', tokens.access_token)).json()) as { caller: Record<string, unknown> };
    expect(body.caller).toEqual({ adminId: sandbox.platform.admin.id, schoolId: second.id, scopes: ['orders:read', 'courses:read'] });
  });

  it('refuses an expired token with 401 invalid_token', async () => {
    const tokens = await token('orders:read');
    skewMs = 3601_000;
    try {
      const response = await get('/api/v1/private', tokens.access_token);
      expect(response.status).toBe(401);
      expect(challengeParams(response).error_description).toMatch(/expired/);
    } finally {
      skewMs = 0;
    }
  });

  it('refuses a token in the query string', async () => {
    const tokens = await token('orders:read');
    const response = await get(`/api/v1/private?access_token=${tokens.access_token}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('parses JSON bodies, refuses others with invalid_request, and allows an empty body', async () => {
    const tokens = await token('coupons:write');
    const post = (body: string | undefined, type?: string) => fetch(`${sandbox.url}/api/v1/probe/x`, {
      method: 'POST', headers: { Authorization: `Bearer ${tokens.access_token}`, ...(type ? { 'Content-Type': type } : {}) }, body,
    });
    expect(((await (await post('{"code":"SPRING"}', 'application/json')).json()) as { body: unknown }).body).toEqual({ code: 'SPRING' });
    expect(((await (await post(undefined)).json()) as { body: unknown }).body).toBeNull();
    const form = await post('code=SPRING', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({ error: 'invalid_request' });
    expect((await post('{oops', 'application/json')).status).toBe(400);
  });

  it('turns a BusinessError into { error, error_description } and a crash into 500 server_error', async () => {
    const tokens = await token('orders:read');
    const missing = await get('/api/v1/missing', tokens.access_token);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found', error_description: 'No such thing.' });
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => { crashLog += chunk; return true; }) as typeof process.stderr.write;
    try {
      const crash = await get('/api/v1/crash', tokens.access_token);
      expect(crash.status).toBe(500);
      expect(await crash.json()).toMatchObject({ error: 'server_error' });
    } finally {
      process.stderr.write = write;
    }
    expect(crashLog).toContain('boom');
    expect(crashLog).not.toContain(tokens.access_token);
  });

  it('answers 405 with Allow for a known path and an unknown method', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/private`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('UserInfo', () => {
  it('returns the admin and the school with openid profile email, and matches the ID token subject', async () => {
    const tokens = await token('openid profile email');
    const claims = await oauth.processUserInfoResponse(as, client, oauth.getValidatedIdTokenClaims(tokens)!.sub,
      await oauth.userInfoRequest(as, client, tokens.access_token, insecure));
    const school = sandbox.platform.schools[0]!;
    expect(claims).toEqual({
      sub: sandbox.platform.admin.id,
      name: sandbox.platform.admin.name,
      picture: null,
      email: sandbox.platform.admin.email,
      email_verified: true,
      school_id: school.id,
      school: { id: school.id, name: school.name, subdomain: school.subdomain, url: school.url },
    });
  });

  it('gives only sub and the school with openid alone, and answers POST too', async () => {
    const second = sandbox.platform.schools[1]!;
    const tokens = await token('openid', { school: second.subdomain });
    const response = await fetch(`${sandbox.url}/api/oauth/userinfo`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(response.status).toBe(200);
    const claims = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['school', 'school_id', 'sub']);
    expect(claims.school_id).toBe(second.id);
  });

  it('refuses a token without openid with 403 insufficient_scope naming openid', async () => {
    const tokens = await token('profile courses:read');
    const response = await get('/api/oauth/userinfo', tokens.access_token);
    expect(response.status).toBe(403);
    expect(challengeParams(response)).toMatchObject({ error: 'insufficient_scope', scope: 'openid' });
  });

  it('refuses an invalid token with 401 invalid_token and no token with a bare challenge', async () => {
    const bad = await get('/api/oauth/userinfo', 'sbx_at_forged');
    expect(bad.status).toBe(401);
    expect(challengeParams(bad).error).toBe('invalid_token');
    const none = await get('/api/oauth/userinfo');
    expect(none.status).toBe(401);
    expect(challengeParams(none)).not.toHaveProperty('error');
  });
});

describe('revocation (RFC 7009)', () => {
  const revoke = (tokenValue: string, forClient = client, hint?: string) =>
    oauth.revocationRequest(as, forClient, oauth.None(), tokenValue, { ...insecure, ...(hint ? { additionalParameters: { token_type_hint: hint } } : {}) });

  it('revokes an access token; its refresh token keeps working', async () => {
    const tokens = await token('orders:read');
    const response = await revoke(tokens.access_token, client, 'access_token');
    expect(response.status).toBe(200);
    expect(await response.clone().json()).toEqual({});
    await oauth.processRevocationResponse(response);
    expect((await get('/api/v1/private', tokens.access_token)).status).toBe(401);
    const next = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await get('/api/v1/private', next.access_token)).status).toBe(200);
  });

  it('revoking a refresh token revokes the access tokens of its grant too', async () => {
    const tokens = await token('orders:read');
    await oauth.processRevocationResponse(await revoke(tokens.refresh_token!));
    expect((await get('/api/v1/private', tokens.access_token)).status).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('answers 200 for unknown and already revoked tokens', async () => {
    const tokens = await token('orders:read');
    await oauth.processRevocationResponse(await revoke('sbx_at_unknown'));
    await oauth.processRevocationResponse(await revoke(tokens.access_token));
    await oauth.processRevocationResponse(await revoke(tokens.access_token));
  });

  it("leaves another client's token alone (and still answers 200)", async () => {
    const tokens = await token('orders:read');
    const other = await register(as, [receiver.redirectUri]);
    await oauth.processRevocationResponse(await revoke(tokens.access_token, other));
    await oauth.processRevocationResponse(await revoke(tokens.refresh_token!, other));
    expect((await get('/api/v1/private', tokens.access_token)).status).toBe(200);
  });

  it('a missing token is 400 invalid_request; an unknown client 401 invalid_client; JSON 400 invalid_request', async () => {
    const url = `${sandbox.url}/api/oauth/revoke`;
    const missing = await postForm(url, { client_id: client.client_id });
    expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    const unknown = await postForm(url, { client_id: 'sbx_client_nobody', token: 'x' });
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
    const json = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: 'x', client_id: client.client_id }) });
    expect([json.status, ((await json.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
  });
});

describe('knobs', () => {
  const admin = (path: string, body: unknown, secret = sandbox.adminSecret) =>
    fetch(`${sandbox.url}/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Admin': secret }, body: JSON.stringify(body) });

  it('the admin endpoint needs the secret, validates the patch, and changes the knobs', async () => {
    expect((await admin('knobs', { latencyMs: 5 }, 'wrong')).status).toBe(403);
    const noHeader = await fetch(`${sandbox.url}/__sandbox/knobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"latencyMs":5}' });
    expect(noHeader.status).toBe(403);
    const bad = await admin('knobs', { errorRate: 2 });
    expect(bad.status).toBe(400);
    expect((await admin('knobs', { teleport: true })).status).toBe(400);
    expect(sandbox.knobs.get().errorRate).toBe(0);
    const ok = await admin('knobs', { accessTokenTtlSeconds: 900 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ accessTokenTtlSeconds: 900 });
    expect(sandbox.knobs.get().accessTokenTtlSeconds).toBe(900);
    sandbox.knobs.set({ accessTokenTtlSeconds: 3600 });
  });

  it('errorRate 1 makes every business request 503, and leaves OAuth alone', async () => {
    const tokens = await token('orders:read');
    sandbox.knobs.set({ errorRate: 1 });
    try {
      const response = await get('/api/v1/private', tokens.access_token);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'temporarily_unavailable' });
      expect((await get('/.well-known/oauth-authorization-server')).status).toBe(200);
    } finally {
      sandbox.knobs.set({ errorRate: 0 });
    }
    expect((await get('/api/v1/private', tokens.access_token)).status).toBe(200);
  });

  it('the rate limit answers 429 with Retry-After in seconds, per token', async () => {
    const [a, b] = [await token('orders:read'), await token('orders:read')];
    sandbox.knobs.set({ rateLimitPerMinute: 2 });
    try {
      expect((await get('/api/v1/private', a.access_token)).status).toBe(200);
      expect((await get('/api/v1/private', a.access_token)).status).toBe(200);
      const limited = await get('/api/v1/private', a.access_token);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
      expect((await get('/api/v1/private', b.access_token)).status).toBe(200);
      skewMs = 61_000; // the next minute
      expect((await get('/api/v1/private', a.access_token)).status).toBe(200);
    } finally {
      skewMs = 0;
      sandbox.knobs.set({ rateLimitPerMinute: null });
    }
  });

  it('latency delays answers by at least the knob', async () => {
    sandbox.knobs.set({ latencyMs: 150 });
    try {
      const started = performance.now();
      await get('/.well-known/oauth-protected-resource');
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      sandbox.knobs.set({ latencyMs: 0 });
    }
  });

  it('a forgotten client gets invalid_client at token and revocation, an error page at authorize, and its tokens stop working', async () => {
    const own = await register(as, [receiver.redirectUri]);
    const { tokens } = await signIn(browser, as, own, receiver, 'orders:read');
    const forgot = await admin('forget-client', { client_id: own.client_id });
    expect(await forgot.json()).toEqual({ forgotten: true });
    expect((await get('/api/v1/private', tokens.access_token)).status).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(as, own, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, own, refresh)).rejects.toMatchObject({ error: 'invalid_client', status: 401 });
    const revoke = await postForm(`${sandbox.url}/api/oauth/revoke`, { client_id: own.client_id, token: tokens.refresh_token! });
    expect(revoke.status).toBe(401);
    const authorize = await fetch(`${sandbox.url}/oauth/authorize?client_id=${own.client_id}&redirect_uri=${encodeURIComponent(receiver.redirectUri)}&response_type=code`, { redirect: 'manual' });
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get('location')).toBeNull();
  });

  it('forgetAllClients forgets every client', async () => {
    const own = await register(as, [receiver.redirectUri]);
    sandbox.knobs.forgetAllClients();
    const answer = await postForm(`${sandbox.url}/api/oauth/revoke`, { client_id: own.client_id, token: 'x' });
    expect(answer.status).toBe(401);
    client = await register(as, [receiver.redirectUri]); // the rest of the file keeps working
  });

  it('counts requests by path, and can be reset', async () => {
    sandbox.stats.reset();
    await get('/.well-known/oauth-authorization-server');
    await get('/.well-known/oauth-authorization-server');
    await get('/auth.md');
    expect(sandbox.stats.requests).toBe(3);
    expect(sandbox.stats.byPath()).toEqual({ '/.well-known/oauth-authorization-server': 2, '/auth.md': 1 });
  });
});
