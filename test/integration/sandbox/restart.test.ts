// A sandbox closed and started again on the same address is the same platform coming back (the offline
// tests rely on it): clients and tokens survive; `resume: false` is a platform that forgot everything.
// Also: consentClicker with a BrowserContext opens the consent page as a tab of that context.
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { freePort } from '../../support/free-port';
import { authorizationUrl, discover, insecure, register, signIn, startReceiver, type LoopbackReceiver } from './harness';

let browser: Browser;
let receiver: LoopbackReceiver;
const running: Sandbox[] = [];

beforeAll(async () => {
  [browser, receiver] = await Promise.all([launchChromium(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), receiver?.close(), ...running.map((s) => s.close().catch(() => undefined))]);
});

async function start(options: Parameters<typeof startSandbox>[0]): Promise<Sandbox> {
  const sandbox = await startSandbox({ orders: 200, quiet: true, ...options });
  running.push(sandbox);
  return sandbox;
}

const school = (sandbox: Sandbox, accessToken: string) =>
  fetch(`${sandbox.url}/api/v1/school`, { headers: { Authorization: `Bearer ${accessToken}` } }).then((r) => r.status);

describe('restarting on the same address', () => {
  it('keeps clients, tokens and the signing key when started again on the same port', async () => {
    const port = await freePort();
    const first = await start({ port, seed: 5 });
    const as = await discover(first.url);
    const client = await register(as, [receiver.redirectUri]);
    const { tokens } = await signIn(browser, as, client, receiver, 'openid school:read');
    const jwks = await (await fetch(as.jwks_uri!)).text();
    await first.close();
    await expect(fetch(`${first.url}/api/v1/school`)).rejects.toThrow();

    const again = await start({ port, seed: 5 });
    expect(again.url).toBe(first.url);
    expect(await school(again, tokens.access_token)).toBe(200);
    expect(await (await fetch(as.jwks_uri!)).text()).toBe(jwks);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(await school(again, refreshed.access_token)).toBe(200);
    await again.close();
  });

  it('forgets everything with resume: false', async () => {
    const port = await freePort();
    const first = await start({ port });
    const as = await discover(first.url);
    const client = await register(as, [receiver.redirectUri]);
    const { tokens } = await signIn(browser, as, client, receiver, 'school:read');
    await first.close();
    const fresh = await start({ port, resume: false });
    expect(await school(fresh, tokens.access_token)).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, refresh)).rejects.toMatchObject({ error: 'invalid_client' });
    await fresh.close();
  });

  it('sandboxes on free ports (0) share nothing', async () => {
    const a = await start({});
    const b = await start({});
    expect(a.port).not.toBe(b.port);
    const client = await register(await discover(a.url), [receiver.redirectUri]);
    const answer = await fetch(`${b.url}/api/oauth/revoke`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: client.client_id, token: 'x' }),
    });
    expect(answer.status).toBe(401);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('consentClicker with a BrowserContext', () => {
  it('opens the consent page as a new tab of that context and completes the redirect', async () => {
    const sandbox = await start({});
    const as = await discover(sandbox.url);
    const client = await register(as, [receiver.redirectUri]);
    const context = await browser.newContext();
    try {
      const appPage = await context.newPage();
      const attempt = await authorizationUrl(as, client, receiver.redirectUri, 'openid');
      const callback = receiver.next();
      const opened: string[] = [];
      context.on('page', (page) => opened.push(page.url()));
      await consentClicker(context, { decision: 'Allow' })(attempt.url.href);
      const url = await callback;
      expect(url.searchParams.get('state')).toBe(attempt.state);
      expect(opened).toHaveLength(1);
      expect(context.pages()).toEqual([appPage]); // the consent tab is closed again
    } finally {
      await context.close();
      await sandbox.close();
    }
  });
});
