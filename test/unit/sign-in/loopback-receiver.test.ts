// The redirect receiver on its own: what it accepts, what it refuses, and what the browser sees each time.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorizationServer } from 'oauth4webapi';
import { callbackValidator } from '../../../electron/services/auth/authorize';
import { LoopbackRedirectReceiver } from '../../../electron/services/auth/loopback-receiver';
import { AppError } from '../../../shared/errors';

const as: AuthorizationServer = { issuer: 'https://school.example', authorization_endpoint: 'https://school.example/authorize', token_endpoint: 'https://school.example/token', authorization_response_iss_parameter_supported: true };
const STATE = 'expected-state-value';
const open: LoopbackRedirectReceiver[] = [];

async function receiver(options: { timeoutMs?: number; signal?: AbortSignal } = {}) {
  const r = await LoopbackRedirectReceiver.listen(options);
  open.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

function waitFor(r: LoopbackRedirectReceiver) {
  const outcome = r.waitForCallback(callbackValidator(as, { client_id: 'c1' }, STATE));
  return outcome.then((params) => ({ ok: true as const, params }), (error: unknown) => ({ ok: false as const, error: error as AppError }));
}

async function hit(r: LoopbackRedirectReceiver, query: Record<string, string>, init: { path?: string; method?: string } = {}) {
  const url = new URL(r.redirectUri);
  if (init.path) url.pathname = init.path;
  url.search = new URLSearchParams(query).toString();
  const response = await fetch(url, { method: init.method ?? 'GET' });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const good = { code: 'abc', state: STATE, iss: as.issuer };

describe('LoopbackRedirectReceiver', () => {
  it('listens on 127.0.0.1 with a free port and the exact callback path', async () => {
    const r = await receiver();
    expect(r.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    expect(r.port).toBeGreaterThan(0);
  });

  it('accepts one valid callback and shows a self-contained success page', async () => {
    const r = await receiver();
    const outcome = waitFor(r);
    const page = await hit(r, good);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are signed in');
    expect(page.text).not.toMatch(/<script|<link|src=|https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const result = await outcome;
    expect(result.ok && result.params.get('code')).toBe('abc');
  });

  it.each([
    ['a wrong path', { path: '/elsewhere' }, good, 404],
    ['a POST', { method: 'POST' }, good, 405],
    ['a missing state', {}, { code: 'abc', iss: as.issuer }, 400],
    ['a wrong state', {}, { ...good, state: 'forged' }, 400],
    ['a wrong state reporting an error', {}, { error: 'access_denied', state: 'forged', iss: as.issuer }, 400],
  ] as const)('ignores %s (not this sign-in\'s callback) and keeps waiting for the real one', async (_name, init, query, status) => {
    const r = await receiver();
    const outcome = waitFor(r);
    const stray = await hit(r, query, init);
    expect(stray.status).toBe(status);
    expect(stray.text).toContain('not the sign-in School Companion is waiting for');
    expect(await hit(r, good)).toMatchObject({ status: 200 });
    const result = await outcome;
    expect(result.ok && result.params.get('code')).toBe('abc');
  });

  it('ignores a request that arrives before the sign-in waits for it', async () => {
    const r = await receiver();
    expect((await hit(r, good)).status).toBe(409);
    const outcome = waitFor(r);
    await hit(r, good);
    expect((await outcome).ok).toBe(true);
  });

  it.each([
    ['a wrong iss', {}, { ...good, iss: 'https://evil.example' }, 400, 'authorization_failed'],
    ['a missing iss where the platform promises one', {}, { code: 'abc', state: STATE }, 400, 'authorization_failed'],
    ['error=access_denied', {}, { error: 'access_denied', error_description: 'The admin denied access.', state: STATE, iss: as.issuer }, 403, 'access_denied'],
    ['a callback without a code', {}, { state: STATE, iss: as.issuer }, 400, 'authorization_failed'],
  ] as const)('refuses %s with a clear page and a typed error', async (_name, init, query, status, code) => {
    const r = await receiver();
    const outcome = waitFor(r);
    const page = await hit(r, query, init);
    expect(page.status).toBe(status);
    expect(page.text).toContain('Sign-in did not complete');
    const result = await outcome;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(AppError);
    expect(!result.ok && result.error.code).toBe(code);
  });

  it('answers a second hit with an "already used" page and keeps the first result', async () => {
    const r = await receiver();
    const outcome = waitFor(r);
    await hit(r, good);
    const second = await hit(r, { ...good, code: 'other' });
    expect(second.status).toBe(409);
    expect(second.text).toContain('already used');
    const result = await outcome;
    expect(result.ok && result.params.get('code')).toBe('abc');
  });

  it('gives up after its timeout with timed_out', async () => {
    const r = await receiver({ timeoutMs: 50 });
    const result = await waitFor(r);
    expect(!result.ok && result.error.code).toBe('timed_out');
  });

  it('can be cancelled with an AbortSignal', async () => {
    const controller = new AbortController();
    const r = await receiver({ signal: controller.signal });
    const outcome = waitFor(r);
    controller.abort();
    const result = await outcome;
    expect(!result.ok && result.error.code).toBe('cancelled');
    await expect(fetch(r.redirectUri)).rejects.toThrow();
  });

  it('escapes what the platform said before showing it', async () => {
    const r = await receiver();
    const outcome = waitFor(r);
    const page = await hit(r, { error: 'server_error', error_description: '<img src=x onerror=alert(1)>', state: STATE, iss: as.issuer });
    expect(page.text).not.toContain('<img');
    expect((await outcome).ok).toBe(false);
  });
});
