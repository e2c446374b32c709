// The sandbox as a platform no local process can walk through without a browser: it answers only at its
// own address, the consent page is behind the platform's own (demo) admin sign-in, remembered per browser,
// and the consent decision needs that sign-in too. Error redirects go only to registered redirect URIs.
import { request } from 'node:http';
import type * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox';
import { DEMO_ADMIN_PASSWORD } from '../../sandbox/oauth/admin-login';
import { signInToPlatformIfAsked } from '../../support/consent-browser';
import { authorizationUrl, authorizeRedirect, consent, startOAuthRig, type LoopbackReceiver, type OAuthRig } from './harness';

let rig: OAuthRig | undefined;
let sandbox: Sandbox;
let browser: Browser;
let as: oauth.AuthorizationServer;
let receiver: LoopbackReceiver;
let client: oauth.Client;

beforeAll(async () => {
  rig = await startOAuthRig();
  ({ sandbox, browser, as, receiver, client } = rig);
});
afterAll(() => rig?.close());

function withHost(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, sandbox.url);
    const req = request({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the sandbox answers only at its own address', () => {
  it('refuses another Host (DNS rebinding) on every route', async () => {
    const port = new URL(sandbox.url).port;
    for (const path of ['/.well-known/oauth-authorization-server', '/oauth/authorize', '/api/v1/school']) {
      expect(await withHost(path, `127.0.0.1:${port}`), path).not.toBe(403);
      for (const host of [`evil.example:${port}`, `localhost:${port}`, 'evil.example']) expect(await withHost(path, host), `${path} ${host}`).toBe(403);
    }
  });
});

describe('no consent without the platform\'s own sign-in', () => {
  it('shows a process without a browser session the sign-in form, never the consent form', async () => {
    const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid courses:read');
    const answer = await fetch(attempt.url, { redirect: 'manual' });
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(html).toContain('Sign in to the course platform');
    expect(html).not.toContain('request_id');
    expect(html).not.toContain('value="allow"');
  });

  it('refuses a consent decision from anyone but the signed-in browser, even with a real request id', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
      await page.goto(attempt.url.href);
      await signInToPlatformIfAsked(page);
      const requestId = await page.locator('input[name=request_id]').inputValue();
      const forged = await fetch(`${sandbox.url}/oauth/authorize/decision`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request_id: requestId, school: sandbox.platform.schools[0]!.id, decision: 'allow' }),
      });
      expect(forged.status).toBe(401);
      expect(forged.headers.get('location')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('refuses wrong credentials, and remembers a right sign-in for the browser (the next consent needs none)', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const first = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
      await page.goto(first.url.href);
      await expect(page.getByText(DEMO_ADMIN_PASSWORD, { exact: true }).isVisible()).resolves.toBe(true); // a demo: shown on the page
      await page.getByLabel('Email').fill(sandbox.platform.admin.email);
      await page.getByLabel('Password').fill('guess');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toMatch(/do not match/);
      await page.getByLabel('Email').fill(sandbox.platform.admin.email);
      await page.getByLabel('Password').fill(DEMO_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Allow', exact: true }).waitFor();
      const cookie = (await context.cookies()).find((c) => c.name.startsWith('sandbox_admin_'))!;
      expect(cookie.httpOnly).toBe(true);

      const second = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
      const again = await context.newPage();
      await again.goto(second.url.href);
      expect(await again.getByRole('button', { name: 'Allow', exact: true }).count()).toBe(1);
      expect(await again.locator('form[action="/oauth/login"]').count()).toBe(0);
      await again.close();
      // And the whole flow completes through the test helper that signs in when asked.
      const third = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
      const callback = await consent(browser, receiver, third.url, { decision: 'Allow' });
      expect(callback.searchParams.get('code')).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});

describe('error redirects', () => {
  it('go only to a registered redirect URI: a bad request naming another one gets a page', async () => {
    for (const redirectUri of [`http://127.0.0.1:${receiver.port}/elsewhere`, 'https://evil.example/callback']) {
      const attempt = await authorizationUrl(as, client, redirectUri, 'openid', { scope: 'nope', response_type: 'token' });
      const answer = await authorizeRedirect(attempt.url);
      expect(answer.status, redirectUri).toBe(400);
      expect(answer.location, redirectUri).toBeNull();
    }
  });
});
