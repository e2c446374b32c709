// Spec "Authorization request query parameters", "Authentication" 1 and 5, RFC 8252 §7.3, RFC 9207 and the
// consent decisions: driven with oauth4webapi, the consent page answered in real Chromium.
import * as oauth from 'oauth4webapi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeScope } from '../../../shared/scopes';
import type { Sandbox } from '../../sandbox';
import { consentClicker, ConsentPageError, signInToPlatformIfAsked } from '../../support/consent-browser';
import { authorizationUrl, authorizeRedirect, consent, signIn, startOAuthRig, startReceiver, type LoopbackReceiver, type OAuthRig } from './harness';

let sandbox: Sandbox;
let browser: Browser;
let as: oauth.AuthorizationServer;
let receiver: LoopbackReceiver;
let client: oauth.Client;

let rig: OAuthRig | undefined;

beforeAll(async () => {
  rig = await startOAuthRig();
  ({ sandbox, browser, as, receiver, client } = rig);
});
afterAll(() => rig?.close());

/** Opens the authorization URL as the admin's browser: the platform's sign-in first when it asks. */
async function openSignedIn(page: Page, url: string) {
  const first = await page.goto(url);
  return (await signInToPlatformIfAsked(page)) ?? first;
}

describe('consent page', () => {
  it('shows the signed-in admin, every requested scope in plain words, the schools and Allow/Deny, with Allow focused', async () => {
    const scope = 'openid profile email courses:read orders:read analytics:read';
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, scope);
    const page = await browser.newPage();
    try {
      const response = await openSignedIn(page, attempt.url.href);
      expect(response?.status()).toBe(200);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain(`form-action 'self' http://127.0.0.1:${receiver.port}`);
      const text = await page.locator('body').innerText();
      expect(text).toContain(sandbox.platform.admin.name);
      expect(text).toContain(sandbox.platform.admin.email);
      expect(text).toContain('Conformance suite');
      for (const s of scope.split(' ')) expect(text).toContain(describeScope(s));
      const radios = page.getByRole('radio');
      expect(await radios.count()).toBe(sandbox.platform.schools.length);
      for (const school of sandbox.platform.schools) expect(text).toContain(school.name);
      expect(await radios.first().isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Deny', exact: true }).count()).toBe(1);
      await page.waitForFunction(() => document.activeElement?.textContent === 'Allow', undefined, { timeout: 5000 }); // autofocus
      // No external assets: the only request the page made was the page itself.
      const resources = await page.evaluate(() => performance.getEntriesByType('resource').length);
      expect(resources).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('shows a hostile client_name as text (registration is open to anyone)', async () => {
    const hostileName = '<img src=x onerror="document.title=1">Evil</b>';
    const response = await fetch(as.registration_endpoint!, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: hostileName, redirect_uris: [receiver.redirectUri] }),
    });
    const hostile = (await response.json()) as oauth.Client;
    const attempt = await authorizationUrl(as, hostile, receiver.redirectUri, 'openid');
    const page = await browser.newPage();
    try {
      await openSignedIn(page, attempt.url.href);
      expect(await page.locator('h1').innerText()).toContain(hostileName);
      expect(await page.locator('img, b').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('Allow (pressed with the keyboard) redirects with code, state and iss, which oauth4webapi validates', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid school:read');
    const callback = await consent(browser, receiver, attempt.url, { decision: 'Allow' });
    expect(callback.pathname).toBe('/callback');
    expect(callback.searchParams.get('state')).toBe(attempt.state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.url);
    expect(callback.searchParams.get('code')).toMatch(/\S{20,}/);
    const params = oauth.validateAuthResponse(as, client, callback, attempt.state);
    expect(params.get('code')).toBe(callback.searchParams.get('code'));
  });

  it('Deny redirects with error=access_denied, state and iss', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid courses:read');
    const callback = await consent(browser, receiver, attempt.url, { decision: 'Deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(attempt.state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.url);
    expect(callback.searchParams.has('code')).toBe(false);
    expect(() => oauth.validateAuthResponse(as, client, callback, attempt.state)).toThrow(oauth.AuthorizationResponseError);
  });

  it('works with the keyboard alone: visible focus, Tab from Allow to Deny, Space presses Deny', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
    const callback = receiver.next();
    const page = await browser.newPage();
    try {
      await openSignedIn(page, attempt.url.href);
      // Chromium applies autofocus at the next rendering update, after load.
      await page.waitForFunction(() => document.activeElement?.textContent === 'Allow', undefined, { timeout: 5000 });
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab'); // keyboard focus back on Allow: :focus-visible applies
      const focus = () => page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { text: el.textContent, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
      expect(await focus()).toEqual({ text: 'Allow', outline: 'solid 3px' });
      await page.keyboard.press('Tab');
      expect((await focus()).text).toBe('Deny');
      await page.keyboard.press('Space');
      expect((await callback).searchParams.get('error')).toBe('access_denied');
    } finally {
      await page.close();
    }
  });

  it('issues the token for the school the admin picked, and says so', async () => {
    const [first, second] = sandbox.platform.schools;
    const picked = await signIn(browser, as, client, receiver, 'openid school:read', { school: second!.subdomain });
    expect(picked.tokens.school_id).toBe(second!.id);
    expect(picked.tokens.school_name).toBe(second!.name);
    const preselected = await signIn(browser, as, client, receiver, 'openid school:read');
    expect(preselected.tokens.school_id).toBe(first!.id);
  });

  it('a consent form cannot be answered twice (the request id is one-time)', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
    const page = await browser.newPage();
    try {
      await openSignedIn(page, attempt.url.href);
      const requestId = await page.locator('input[name=request_id]').inputValue();
      const adminCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const schoolId = sandbox.platform.schools[0]!.id;
      const post = () => fetch(`${sandbox.url}/oauth/authorize/decision`, {
        method: 'POST', redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie: adminCookie },
        body: new URLSearchParams({ request_id: requestId, school: schoolId, decision: 'allow' }),
      });
      expect((await post()).status).toBe(303);
      const replay = await post();
      expect(replay.status).toBe(400);
      expect(replay.headers.get('location')).toBeNull();
    } finally {
      await page.close();
    }
  });
});

describe('loopback redirect matching (RFC 8252 §7.3)', () => {
  it('accepts the registered loopback redirect at any other port', async () => {
    const elsewhere = await startReceiver('/callback');
    try {
      expect(elsewhere.port).not.toBe(receiver.port);
      const result = await signIn(browser, as, client, elsewhere, 'openid');
      expect(result.tokens.access_token).toBeTruthy();
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses a different path, host or scheme with an error page and no redirect', async () => {
    for (const redirectUri of [
      `http://127.0.0.1:${receiver.port}/other`,
      `http://127.0.0.1:${receiver.port}/callback/`,
      `http://localhost:${receiver.port}/callback`,
      `https://127.0.0.1:${receiver.port}/callback`,
      `http://127.0.0.1:${receiver.port}/callback?x=1`,
    ]) {
      const attempt = await authorizationUrl(as, client, redirectUri, 'openid');
      const answer = await authorizeRedirect(attempt.url);
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.location, redirectUri).toBeNull();
      expect(answer.body).toContain('redirect');
    }
  });
});

describe('authorization errors that must not redirect (RFC 6749 §4.1.2.1)', () => {
  it('shows an error page for an unknown client, in the browser too', async () => {
    const attempt = await authorizationUrl(as, { ...client, client_id: 'sbx_client_nobody' }, receiver.redirectUri, 'openid');
    const answer = await authorizeRedirect(attempt.url);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.body).toContain('Unknown application');
    await expect(consentClicker(browser, { decision: 'Allow' })(attempt.url.href)).rejects.toBeInstanceOf(ConsentPageError);
  });

  it('shows an error page for a missing client_id or redirect_uri', async () => {
    for (const missing of ['client_id', 'redirect_uri']) {
      const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid', { [missing]: null });
      const answer = await authorizeRedirect(attempt.url);
      expect(answer.status, missing).toBe(400);
      expect(answer.location, missing).toBeNull();
    }
  });
});

describe('authorization errors redirected with error, error_description, state and iss', () => {
  const cases: [string, Record<string, string | null>, string][] = [
    ['response_type missing', { response_type: null }, 'invalid_request'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['scope missing', { scope: null }, 'invalid_scope'],
    ['an unknown scope', { scope: 'openid courses:delete' }, 'invalid_scope'],
    ['code_challenge missing', { code_challenge: null }, 'invalid_request'],
    ['code_challenge_method missing', { code_challenge_method: null }, 'invalid_request'],
    ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['a resource that is not this API', { resource: 'https://other.example/api' }, 'invalid_target'],
    ['prompt=none (consent is always interactive)', { prompt: 'none' }, 'consent_required'],
  ];
  it.each(cases)('%s', async (_what, override, error) => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid courses:read', override);
    const answer = await authorizeRedirect(attempt.url);
    expect(answer.status).toBe(303);
    const location = answer.location!;
    expect(`${location.origin}${location.pathname}`).toBe(receiver.redirectUri);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe(attempt.state);
    expect(location.searchParams.get('iss')).toBe(sandbox.url);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('a repeated parameter is refused, not silently resolved', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
    attempt.url.searchParams.append('scope', 'courses:write');
    const answer = await authorizeRedirect(attempt.url);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it('without state, errors still carry iss and no state', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid', { state: null, scope: 'nope' });
    const { location } = await authorizeRedirect(attempt.url);
    expect(location!.searchParams.get('error')).toBe('invalid_scope');
    expect(location!.searchParams.has('state')).toBe(false);
    expect(location!.searchParams.get('iss')).toBe(sandbox.url);
  });

  it('an unknown scope comes back to the app through the browser too', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid courses:delete');
    const callback = await consent(browser, receiver, attempt.url, { decision: 'Allow' });
    expect(callback.searchParams.get('error')).toBe('invalid_scope');
  });
});
