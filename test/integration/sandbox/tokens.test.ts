// Spec "Token request form fields", "Token-related values", "Authentication" 10, and the RFC 6749 §5.2
// errors of the token endpoint: code redemption (PKCE S256, single use, 60 s), refresh rotation and replay,
// resource binding (RFC 8707), client authentication, ID tokens.
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox';
import {
  authorizationUrl, authorizeRedirect, clientAuth, consent, discover, insecure, postForm, register, signIn, startOAuthRig,
  type AuthorizationAttempt, type LoopbackReceiver, type OAuthRig,
} from './harness';

let sandbox: Sandbox;
let browser: Browser;
let as: oauth.AuthorizationServer;
let receiver: LoopbackReceiver;
let client: oauth.Client;
let skewMs = 0;

let rig: OAuthRig | undefined;

beforeAll(async () => {
  rig = await startOAuthRig({ clock: () => Date.now() + skewMs });
  ({ sandbox, browser, as, receiver, client } = rig);
});
afterAll(() => rig?.close());

const tokenUrl = () => `${sandbox.url}/api/oauth/token`;

/** A fresh authorization code, consented in Chromium. */
async function freshCode(forClient = client, scope = 'openid school:read'): Promise<{ code: string; params: URLSearchParams; attempt: AuthorizationAttempt }> {
  const attempt = await authorizationUrl(as, forClient, receiver.redirectUri, scope);
  const callback = await consent(browser, receiver, attempt.url, { decision: 'Allow' });
  const params = oauth.validateAuthResponse(as, forClient, callback, attempt.state);
  return { code: params.get('code')!, params, attempt };
}

async function tokenError(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; error: string; response: Response }> {
  const response = await postForm(tokenUrl(), fields, headers);
  const body = (await response.json()) as { error: string; error_description: string };
  expect(typeof body.error_description).toBe('string');
  return { status: response.status, error: body.error, response };
}

async function callSchool(accessToken: string): Promise<number> {
  return (await fetch(`${sandbox.url}/api/v1/school`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;
}

function verifyJwt(jwt: string, jwks: { keys: JsonWebKey[] }): Record<string, unknown> {
  const [header, payload, signature] = jwt.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string; alg: string };
  expect(alg).toBe('RS256');
  const jwk = jwks.keys.find((k) => (k as { kid?: string }).kid === kid)!;
  const ok = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature!, 'base64url'));
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
}

describe('authorization_code grant', () => {
  it('answers with every token field, no-store, and a signed ID token for openid', async () => {
    const { params, attempt } = await freshCode(client, 'openid profile email school:read');
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, attempt.redirectUri, attempt.verifier, insecure);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: attempt.nonce, requireIdToken: true });
    expect(tokens.token_type).toBe('bearer'); // oauth4webapi lower-cases it
    expect(tokens.access_token).toMatch(/\S{30,}/);
    expect(tokens.refresh_token).toMatch(/\S{30,}/);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('openid profile email school:read');
    expect(tokens.school_id).toBe(sandbox.platform.schools[0]!.id);
    expect(tokens.school_name).toBe(sandbox.platform.schools[0]!.name);

    const jwks = (await (await fetch(as.jwks_uri!)).json()) as { keys: JsonWebKey[] };
    const claims = verifyJwt(tokens.id_token!, jwks);
    expect(claims).toMatchObject({ iss: sandbox.url, sub: sandbox.platform.admin.id, aud: client.client_id, nonce: attempt.nonce });
    for (const time of ['exp', 'iat', 'auth_time']) expect(typeof claims[time]).toBe('number');
    expect(claims.exp as number).toBeGreaterThan(claims.iat as number);
    const idClaims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(idClaims.sub).toBe(sandbox.platform.admin.id);
  });

  it('the raw token response says token_type "Bearer" and has no id_token without openid', async () => {
    const { code, attempt } = await freshCode(client, 'school:read');
    const response = await postForm(tokenUrl(), { grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: client.client_id, code_verifier: attempt.verifier });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.token_type).toBe('Bearer');
    expect(body).not.toHaveProperty('id_token');
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope']));
    expect(await callSchool(body.access_token as string)).toBe(200);
  });

  it('a code works once; a replay is invalid_grant and revokes the tokens issued from it', async () => {
    const { params, attempt } = await freshCode();
    const exchange = () => oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, attempt.redirectUri, attempt.verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(), { expectedNonce: attempt.nonce });
    expect(await callSchool(tokens.access_token)).toBe(200);
    await expect(oauth.processAuthorizationCodeResponse(as, client, await exchange(), { expectedNonce: attempt.nonce }))
      .rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(await callSchool(tokens.access_token)).toBe(401);
    const refreshed = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refreshed)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a code expires after 60 seconds', async () => {
    const { code, attempt } = await freshCode();
    skewMs = 61_000;
    try {
      const { status, error } = await tokenError({ grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: client.client_id, code_verifier: attempt.verifier });
      expect([status, error]).toEqual([400, 'invalid_grant']);
    } finally {
      skewMs = 0;
    }
  });

  it('a wrong code_verifier is invalid_grant (PKCE S256 is checked)', async () => {
    const { code, attempt } = await freshCode();
    const { status, error } = await tokenError({ grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: client.client_id, code_verifier: oauth.generateRandomCodeVerifier() });
    expect([status, error]).toEqual([400, 'invalid_grant']);
  });

  it('redirect_uri must equal the authorization request one, port included', async () => {
    const { code, attempt } = await freshCode();
    const otherPort = attempt.redirectUri.replace(`:${receiver.port}/`, `:${receiver.port === 65000 ? 65001 : 65000}/`);
    const { status, error } = await tokenError({ grant_type: 'authorization_code', code, redirect_uri: otherPort, client_id: client.client_id, code_verifier: attempt.verifier });
    expect([status, error]).toEqual([400, 'invalid_grant']);
  });

  it("another client cannot redeem a client's code", async () => {
    const other = await register(as, [receiver.redirectUri]);
    const { code, attempt } = await freshCode();
    const { status, error } = await tokenError({ grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: other.client_id, code_verifier: attempt.verifier });
    expect([status, error]).toEqual([400, 'invalid_grant']);
  });

  it('missing fields are invalid_request, and a failed request for a missing field does not burn the code', async () => {
    const { code, attempt } = await freshCode();
    const full = { grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: client.client_id, code_verifier: attempt.verifier };
    for (const field of ['code', 'redirect_uri', 'code_verifier'] as const) {
      const { [field]: _dropped, ...rest } = full;
      const { status, error } = await tokenError(rest);
      expect([field, status, error]).toEqual([field, 400, 'invalid_request']);
    }
    expect((await postForm(tokenUrl(), full)).status).toBe(200);
  });

  it('an unknown code is invalid_grant', async () => {
    const { status, error } = await tokenError({ grant_type: 'authorization_code', code: 'sbx_code_nope', redirect_uri: receiver.redirectUri, client_id: client.client_id, code_verifier: oauth.generateRandomCodeVerifier() });
    expect([status, error]).toEqual([400, 'invalid_grant']);
  });

  it('binds the token to the API with resource (RFC 8707) and refuses another resource with invalid_target', async () => {
    const bound = await signIn(browser, as, client, receiver, 'openid school:read', { resource: sandbox.url });
    expect(await callSchool(bound.tokens.access_token)).toBe(200);
    const { code, attempt } = await freshCode();
    const { status, error } = await tokenError({ grant_type: 'authorization_code', code, redirect_uri: attempt.redirectUri, client_id: client.client_id, code_verifier: attempt.verifier, resource: 'https://api.other.example' });
    expect([status, error]).toEqual([400, 'invalid_target']);
  });

  it('serves another API once told to (a school’s own site in front of it): listed in its metadata, accepted as resource, its tokens work', async () => {
    const site = 'http://127.0.0.1:9/school-site';
    const unlisted = await authorizeRedirect((await authorizationUrl(as, client, receiver.redirectUri, 'openid school:read', { resource: site })).url);
    expect(unlisted.location?.searchParams.get('error')).toBe('invalid_target');
    sandbox.serveResource(site);
    expect((await discover(sandbox.url) as Record<string, unknown>).protected_resources).toEqual([sandbox.url, site]);
    const bound = await signIn(browser, as, client, receiver, 'openid school:read', { resource: site });
    expect(await callSchool(bound.tokens.access_token)).toBe(200);
  });
});

describe('client authentication at the token endpoint', () => {
  it('a confidential client redeems with client_secret_post, and is invalid_client (401) without or with a wrong secret', async () => {
    const confidential = await register(as, [receiver.redirectUri], 'client_secret_post');
    const first = await freshCode(confidential);
    const base = { grant_type: 'authorization_code', redirect_uri: first.attempt.redirectUri, client_id: confidential.client_id };
    expect(await tokenError({ ...base, code: first.code, code_verifier: first.attempt.verifier })).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(await tokenError({ ...base, code: first.code, code_verifier: first.attempt.verifier, client_secret: 'wrong' })).toMatchObject({ status: 401, error: 'invalid_client' });
    const response = await oauth.authorizationCodeGrantRequest(as, confidential, clientAuth(confidential), first.params, first.attempt.redirectUri, first.attempt.verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, confidential, response, { expectedNonce: first.attempt.nonce });
    expect(tokens.access_token).toBeTruthy();
  });

  it('unknown, missing client_id and a public client sending a secret are invalid_client (401)', async () => {
    const fields = { grant_type: 'authorization_code', code: 'x', redirect_uri: receiver.redirectUri, code_verifier: oauth.generateRandomCodeVerifier() };
    expect(await tokenError({ ...fields, client_id: 'sbx_client_nobody' })).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(await tokenError(fields)).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(await tokenError({ ...fields, client_id: client.client_id, client_secret: 'guess' })).toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('HTTP Basic authentication is refused with 401 invalid_client and a Basic challenge', async () => {
    const answer = await tokenError(
      { grant_type: 'authorization_code', code: 'x', redirect_uri: receiver.redirectUri, code_verifier: oauth.generateRandomCodeVerifier() },
      { Authorization: `Basic ${Buffer.from(`${client.client_id}:x`).toString('base64')}` },
    );
    expect(answer).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(answer.response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });
});

describe('request format at the token endpoint', () => {
  it('grant_type missing is invalid_request; an unknown one is unsupported_grant_type', async () => {
    expect(await tokenError({ client_id: client.client_id })).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await tokenError({ grant_type: 'password', client_id: client.client_id, username: 'a', password: 'b' })).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
    expect(await tokenError({ grant_type: 'client_credentials', client_id: client.client_id })).toMatchObject({ status: 400, error: 'unsupported_grant_type' });
  });

  it('a JSON body is invalid_request', async () => {
    const response = await fetch(tokenUrl(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token' }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('a repeated parameter is invalid_request', async () => {
    const body = `grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=${client.client_id}`;
    const response = await fetch(tokenUrl(), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('refresh_token grant', () => {
  it('rotates: a new access and refresh token, the old refresh token stops working', async () => {
    const { tokens } = await signIn(browser, as, client, receiver, 'openid school:read');
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    const next = await oauth.processRefreshTokenResponse(as, client, response);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.scope).toBe('openid school:read');
    expect(next.school_id).toBe(tokens.school_id);
    expect(oauth.getValidatedIdTokenClaims(next)?.sub).toBe(sandbox.platform.admin.id);
    expect(await callSchool(next.access_token)).toBe(200);
  });

  it('a replayed old refresh token is invalid_grant and revokes the whole grant', async () => {
    const { tokens } = await signIn(browser, as, client, receiver, 'openid school:read');
    const refresh = async (token: string) => oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, insecure));
    const second = await refresh(tokens.refresh_token!);
    await expect(refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    await expect(refresh(second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await callSchool(second.access_token)).toBe(401);
    expect(await callSchool(tokens.access_token)).toBe(401);
  });

  it('may narrow the scopes, never widen them (invalid_scope)', async () => {
    const { tokens } = await signIn(browser, as, client, receiver, 'openid school:read courses:read');
    const narrow = await oauth.processRefreshTokenResponse(as, client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { scope: 'school:read' } }));
    expect(narrow.scope).toBe('school:read');
    expect(await callSchool(narrow.access_token)).toBe(200);
    const { status, error } = await tokenError({ grant_type: 'refresh_token', refresh_token: narrow.refresh_token!, client_id: client.client_id, scope: 'school:read orders:read' });
    expect([status, error]).toEqual([400, 'invalid_scope']);
    // the refresh token still carries the full grant
    const full = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), narrow.refresh_token!, insecure));
    expect(full.scope).toBe('openid school:read courses:read');
  });

  it("refuses an unknown refresh token, another client's, a missing one, and a foreign resource", async () => {
    const { tokens } = await signIn(browser, as, client, receiver, 'school:read');
    const other = await register(as, [receiver.redirectUri]);
    expect(await tokenError({ grant_type: 'refresh_token', refresh_token: 'sbx_rt_nope', client_id: client.client_id })).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(await tokenError({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: other.client_id })).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect(await tokenError({ grant_type: 'refresh_token', client_id: client.client_id })).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(await tokenError({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id, resource: 'https://elsewhere.example' }))
      .toMatchObject({ status: 400, error: 'invalid_target' });
    // none of those refusals used it up
    const ok = await postForm(tokenUrl(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id, resource: sandbox.url });
    expect(ok.status).toBe(200);
  });

  it('uses the access-token lifetime knob for new tokens', async () => {
    const { tokens } = await signIn(browser, as, client, receiver, 'school:read');
    sandbox.knobs.set({ accessTokenTtlSeconds: 120 });
    try {
      const next = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
      expect(next.expires_in).toBe(120);
    } finally {
      sandbox.knobs.set({ accessTokenTtlSeconds: 3600 });
    }
  });
});
