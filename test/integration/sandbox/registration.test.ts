// Spec "Client registration metadata", "Authentication" 2 and 4, and the Errors row "Registration with a
// fixed HTTPS redirect URI": dynamic registration (RFC 7591) over real HTTP with oauth4webapi.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox';
import { sendOversizedBody } from '../../support/oversized-body';
import { discover, insecure, register } from './harness';

let sandbox: Sandbox;
let as: oauth.AuthorizationServer;
beforeAll(async () => {
  sandbox = await startSandbox({ orders: 200, quiet: true });
  as = await discover(sandbox.url);
});
afterAll(() => sandbox.close());

async function registerRaw(body: unknown, contentType = 'application/json'): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${sandbox.url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

async function expectRefused(body: unknown, error: string, contentType?: string): Promise<string> {
  const answer = await registerRaw(body, contentType);
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe(error);
  expect(typeof answer.body.error_description).toBe('string');
  return answer.body.error_description as string;
}

describe('dynamic client registration', () => {
  it('registers a public loopback client (201, client_id, metadata echoed, no secret)', async () => {
    const client = await register(as, ['http://127.0.0.1:8400/callback']);
    expect(client.client_id).toMatch(/\S{10,}/);
    expect(client).toMatchObject({
      client_name: 'Conformance suite',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1:8400/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(client.client_secret).toBeUndefined();
    expect(typeof client.client_id_issued_at).toBe('number');
  });

  it('registers a confidential client (client_secret_post) and hands out its secret once', async () => {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: ['http://127.0.0.1:8400/callback'], token_endpoint_auth_method: 'client_secret_post' },
      insecure,
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const client = await oauth.processDynamicClientRegistrationResponse(response);
    expect(client.token_endpoint_auth_method).toBe('client_secret_post');
    expect(client.client_secret).toMatch(/\S{20,}/);
    expect(client.client_secret_expires_at).toBe(0);
  });

  it('accepts a loopback redirect without an explicit port and with several redirect URIs', async () => {
    const client = await register(as, ['http://127.0.0.1/cb', 'http://127.0.0.1:9000/other']);
    expect(client.redirect_uris).toEqual(['http://127.0.0.1/cb', 'http://127.0.0.1:9000/other']);
  });

  it('refuses a fixed HTTPS callback with invalid_redirect_uri', async () => {
    const description = await expectRefused({ redirect_uris: ['https://app.example.com/callback'] }, 'invalid_redirect_uri');
    expect(description).toMatch(/loopback/);
    // and oauth4webapi surfaces it as an OAuth error response
    const response = await oauth.dynamicClientRegistrationRequest(as, { redirect_uris: ['https://app.example.com/callback'] }, insecure);
    await expect(oauth.processDynamicClientRegistrationResponse(response)).rejects.toMatchObject({ error: 'invalid_redirect_uri', status: 400 });
  });

  it.each([
    ['localhost', 'http://localhost:8400/callback'],
    ['an IPv6 loopback', 'http://[::1]:8400/callback'],
    ['another host', 'http://192.168.1.2:8400/callback'],
    ['a custom scheme', 'com.example.app:/callback'],
    ['a fragment', 'http://127.0.0.1:8400/callback#frag'],
    ['a relative URI', '/callback'],
  ])('refuses %s with invalid_redirect_uri', async (_what, uri) => {
    await expectRefused({ redirect_uris: [uri] }, 'invalid_redirect_uri');
  });

  it('refuses a missing or empty redirect_uris with invalid_redirect_uri', async () => {
    await expectRefused({ client_name: 'x' }, 'invalid_redirect_uri');
    await expectRefused({ redirect_uris: [] }, 'invalid_redirect_uri');
  });

  it('refuses the whole registration when one of several redirects is not loopback', async () => {
    await expectRefused({ redirect_uris: ['http://127.0.0.1:8400/ok', 'https://evil.example/cb'] }, 'invalid_redirect_uri');
  });

  it.each([
    ['client_secret_basic (not offered)', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['private_key_jwt (not offered)', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['application_type web', { application_type: 'web' }],
    ['an implicit grant', { grant_types: ['implicit'] }],
    ['a token response type', { response_types: ['token'] }],
    ['an unknown scope', { scope: 'openid teleport:write' }],
    ['a non-string client_name', { client_name: 42 }],
  ])('refuses %s with invalid_client_metadata', async (_what, extra) => {
    await expectRefused({ redirect_uris: ['http://127.0.0.1:8400/callback'], ...extra }, 'invalid_client_metadata');
  });

  it('refuses a body that is not a JSON object with invalid_client_metadata', async () => {
    await expectRefused(['http://127.0.0.1:8400/callback'], 'invalid_client_metadata');
  });

  it('refuses a body that is not JSON with invalid_request', async () => {
    await expectRefused('redirect_uris=http://127.0.0.1:8400/cb', 'invalid_request', 'application/x-www-form-urlencoded');
    await expectRefused('{"redirect_uris": [', 'invalid_request');
  });

  it('refuses a body over 1 MiB with 413 and a JSON error', async () => {
    const answer = await registerRaw({ redirect_uris: ['http://127.0.0.1:8400/cb'], client_name: 'x'.repeat(1024 * 1024 + 10) });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('request_too_large');
  });

  it('stops reading a body past 1 MiB that declares no length, and closes the connection', async () => {
    const form = 'application/x-www-form-urlencoded';
    for (const [path, type] of [['/api/oauth/register', 'application/json'], ['/api/oauth/token', form], ['/oauth/authorize/decision', form], ['/api/oauth/revoke', 'text/plain']] as const) {
      const outcome = await sendOversizedBody(`${sandbox.url}${path}`, { 'content-type': type });
      expect(outcome.bytesSent, path).toBeLessThan(16 * 1024 * 1024);
      expect(outcome.status === null || outcome.status >= 400, path).toBe(true);
    }
    expect((await registerRaw({ redirect_uris: ['http://127.0.0.1:8400/cb'] })).status).toBe(201);
  });
});
