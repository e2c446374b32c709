// Keeping a school connected: refresh before expiry and on 401, one refresh for many callers, rotation and
// replay, revoked tokens, a forgotten client, step-up, offline, and sign-out online and offline.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { Vault } from '../../../electron/services/store/vault';
import { INITIAL_SCOPES } from '../../../shared/app-scopes';
import { setUiLocale, translatorFor } from '../../../shared/i18n/i18n';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { School } from '../../../shared/platform/resources';
import { createBusinessRoutes } from '../../sandbox/api';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { browserRuns, openSignIn, tempDir, type SignIn } from './harness';

let sandbox: Sandbox;
let browser: Browser;
/** The platform's clock: moved forward to expire access tokens without sleeping. */
const platformClock = { offsetMs: 0, now: () => Date.now() + platformClock.offsetMs };
const dirs: { remove(): Promise<void> }[] = [];
const runs = browserRuns();
const TTL_SECONDS = 600;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([
    startSandbox({
      orders: 2000,
      quiet: true,
      accessTokenTtlSeconds: TTL_SECONDS,
      clock: () => platformClock.now(),
      // The step-up test needs one operation outside the initial scopes; serve a minimal one until the demo API has it.
      businessRoutes: (platform) => {
        const routes = createBusinessRoutes(platform);
        if (routes.some((r) => r.operationId === 'listStudents')) return routes;
        return [...routes, { operationId: 'listStudents', ...OPERATIONS.listStudents, responseSchema: {}, handle: () => ({ status: 200, body: { data: [], meta: { total: 0, limit: 100, next_cursor: null } } }) }];
      },
    }),
    launchChromium(),
  ]);
});
afterEach(() => {
  platformClock.offsetMs = 0;
  sandbox.knobs.set({ accessTokenTtlSeconds: TTL_SECONDS });
});
afterAll(async () => {
  await runs.idle();
  await Promise.all([sandbox?.close(), browser?.close(), ...dirs.map((d) => d.remove())]);
});

async function signedIn(target: Sandbox = sandbox, onUrl?: (url: string) => void): Promise<{ signIn: SignIn; api: ApiClient; accountId: string }> {
  const dir = await tempDir();
  dirs.push(dir);
  const click = runs.wrap(consentClicker(browser, { decision: 'Allow' }));
  const signIn = await openSignIn(dir.path, { openExternal: (url) => { onUrl?.(url); return click(url); } });
  const account = await signIn.auth.connect(target.url);
  const api = new ApiClient(signIn.auth, { logger: signIn.logger, sleep: async () => undefined, now: () => signIn.clock.now() });
  return { signIn, api, accountId: account.id };
}

async function vaultOf(signIn: SignIn) {
  return Vault.open({ dataDir: signIn.dataDir, cipher: signIn.cipher, logger: signIn.logger });
}

async function clientIdOf(signIn: SignIn): Promise<string> {
  const state = JSON.parse(await readFile(join(signIn.dataDir, 'auth-state.json'), 'utf8')) as { clients: Record<string, { clientId: string }> };
  return Object.values(state.clients)[0]!.clientId;
}

const token = () => sandbox.stats.byPath()['/api/oauth/token'] ?? 0;

describe('staying signed in', () => {
  it('refreshes before expiry, once, and saves the rotated refresh token before using the new access token', async () => {
    const { signIn, api, accountId } = await signedIn();
    const before = (await vaultOf(signIn)).getTokens(accountId)!;
    signIn.clock.offsetMs = (TTL_SECONDS - 10) * 1000; // inside the refresh skew
    sandbox.stats.reset();
    const school = await api.call(accountId, 'getSchool', School);
    expect(school.id).toBe(sandbox.platform.schools[0]!.id);
    expect(token()).toBe(1);
    const after = (await vaultOf(signIn)).getTokens(accountId)!;
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(signIn.auth.listAccounts()[0]!.status).toBe('signed_in');
  });

  it('answers ten concurrent calls on an expired token with exactly one refresh, each call retried once', async () => {
    const { api, accountId } = await signedIn();
    platformClock.offsetMs = (TTL_SECONDS + 60) * 1000; // the platform sees the token expired, the app does not yet
    sandbox.stats.reset();
    const results = await Promise.all(Array.from({ length: 10 }, () => api.call(accountId, 'getSchool', School)));
    expect(results.every((s) => s.id === sandbox.platform.schools[0]!.id)).toBe(true);
    expect(token()).toBe(1);
    expect(sandbox.stats.byPath()[OPERATIONS.getSchool.path]).toBe(20);
  });

  it('loses the grant when an old rotated refresh token is replayed, and asks for sign-in again keeping the account', async () => {
    const { signIn, api, accountId } = await signedIn();
    const old = (await vaultOf(signIn)).getTokens(accountId)!.refreshToken!;
    signIn.clock.offsetMs = TTL_SECONDS * 1000;
    await api.call(accountId, 'getSchool', School); // rotates
    signIn.clock.offsetMs = 0;
    const replay = await fetch(`${sandbox.url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: old, client_id: await clientIdOf(signIn) }),
    });
    expect((await replay.json()) as unknown).toMatchObject({ error: 'invalid_grant' });
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect(signIn.auth.listAccounts()).toMatchObject([{ id: accountId, status: 'sign_in_needed' }]);
    expect((await vaultOf(signIn)).getTokens(accountId)).toBeNull();

    const back = await signIn.auth.signInAgain(accountId);
    expect(back).toMatchObject({ id: accountId, status: 'signed_in' });
    await expect(api.call(accountId, 'getSchool', School)).resolves.toMatchObject({ id: sandbox.platform.schools[0]!.id });
  });

  it('turns tokens revoked on the platform into "sign-in needed"', async () => {
    const { signIn, api, accountId } = await signedIn();
    const tokens = (await vaultOf(signIn)).getTokens(accountId)!;
    await fetch(`${sandbox.url}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refreshToken!, client_id: await clientIdOf(signIn) }),
    });
    sandbox.stats.reset();
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect(token()).toBe(1); // one refresh attempt, refused
    expect(signIn.auth.listAccounts()[0]!.status).toBe('sign_in_needed');
  });

  it('registers again, without asking, when the platform forgot the client', async () => {
    const { signIn, api, accountId } = await signedIn();
    const forgotten = await clientIdOf(signIn);
    sandbox.knobs.forgetClient(forgotten);
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'sign_in_needed' });
    sandbox.stats.reset();
    await signIn.auth.signInAgain(accountId);
    expect(sandbox.stats.byPath()['/api/oauth/register']).toBe(1);
    expect(await clientIdOf(signIn)).not.toBe(forgotten);
    await expect(api.call(accountId, 'getSchool', School)).resolves.toMatchObject({ id: sandbox.platform.schools[0]!.id });
  });

  it('reports the missing scope on 403, then steps up to exactly that scope and keeps the account', async () => {
    const urls: string[] = [];
    const { signIn, api, accountId } = await signedIn(sandbox, (url) => urls.push(url));
    const page = z.object({ data: z.array(z.unknown()), meta: z.object({ next_cursor: z.string().nullable() }) });
    const denied = await api.call(accountId, 'listPosts', page).catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: 'insufficient_scope', missingScopes: ['posts:read'] });

    const account = await signIn.auth.grantScopes(accountId, ['posts:read']);
    expect(account.id).toBe(accountId);
    expect(account.grantedScopes.sort()).toEqual([...INITIAL_SCOPES, 'posts:read'].sort());
    const asked = new URL(urls.at(-1)!).searchParams.get('scope')!.split(' ');
    expect(asked.sort()).toEqual([...INITIAL_SCOPES, 'posts:read'].sort());
    await expect(api.call(accountId, 'listPosts', page)).resolves.toMatchObject({ data: expect.any(Array) });
    expect(signIn.auth.listAccounts()).toHaveLength(1);
  });
});

describe('signing out', () => {
  it('revokes both tokens on the platform and forgets the account', async () => {
    const { signIn, api, accountId } = await signedIn();
    const tokens = (await vaultOf(signIn)).getTokens(accountId)!;
    const removed: string[] = [];
    signIn.auth.onAccountRemoved((id) => removed.push(id));
    sandbox.stats.reset();
    const result = await signIn.auth.signOut(accountId);
    expect(result.revokedOnPlatform).toBe(true);
    expect(sandbox.stats.byPath()['/api/oauth/revoke']).toBe(2);
    expect(removed).toEqual([accountId]);
    expect(signIn.auth.listAccounts()).toEqual([]);
    expect((await vaultOf(signIn)).getTokens(accountId)).toBeNull();
    const withOld = await fetch(`${sandbox.url}${OPERATIONS.getSchool.path}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(withOld.status).toBe(401);
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('still refreshes and revokes with the client the tokens were issued to after a cancelled sign-in forgot it', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const click = runs.wrap(consentClicker(browser, { decision: 'Allow' }));
    let answerConsent = true;
    let browserOpened: () => void = () => undefined;
    const signIn = await openSignIn(dir.path, {
      openExternal: async (url) => {
        if (answerConsent) return click(url);
        browserOpened(); // the admin looks at the consent page and gives up
      },
    });
    const account = await signIn.auth.connect(sandbox.url);

    answerConsent = false;
    const cancel = new AbortController();
    const opened = new Promise<void>((resolve) => { browserOpened = resolve; });
    const abandoned = signIn.auth.connect(sandbox.url, { signal: cancel.signal });
    await opened;
    cancel.abort();
    await expect(abandoned).rejects.toMatchObject({ code: 'cancelled' });

    const api = new ApiClient(signIn.auth, { logger: signIn.logger, sleep: async () => undefined, now: () => signIn.clock.now() });
    platformClock.offsetMs = (TTL_SECONDS + 60) * 1000;
    signIn.clock.offsetMs = platformClock.offsetMs;
    await expect(api.call(account.id, 'getSchool', School)).resolves.toMatchObject({ id: account.school.id });

    sandbox.stats.reset();
    const result = await signIn.auth.signOut(account.id);
    expect(result.revokedOnPlatform).toBe(true);
    expect(sandbox.stats.byPath()['/api/oauth/revoke']).toBe(2);
  });

  it('a browser that cannot be opened fails the sign-in plainly and drops the registration, in either UI language', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    try {
      const signIn = await openSignIn(dir.path, { openExternal: async () => Promise.reject(new Error('no default browser')) });
      sandbox.stats.reset();
      await expect(signIn.auth.connect(sandbox.url)).rejects.toMatchObject({ code: 'authorization_failed', message: translatorFor('zh-TW')('errors:auth.noBrowser') });
      expect(sandbox.stats.byPath()['/api/oauth/register']).toBe(1);
      // The registration was dropped: the next try registers afresh (the platform may show its own error page for it).
      await expect(signIn.auth.connect(sandbox.url)).rejects.toMatchObject({ code: 'authorization_failed' });
      expect(sandbox.stats.byPath()['/api/oauth/register']).toBe(2);
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
  });

  it('goes offline when the platform is unreachable, and still signs out locally, saying so', async () => {
    const own = await startSandbox({ orders: 200, quiet: true });
    const { signIn, api, accountId } = await signedIn(own);
    await own.close();
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
    expect(signIn.auth.listAccounts()[0]!.status).toBe('offline');
    const result = await signIn.auth.signOut(accountId);
    expect(result.revokedOnPlatform).toBe(false);
    expect(result.message).toMatch(/could not be reached/);
    expect(signIn.auth.listAccounts()).toEqual([]);
    expect((await vaultOf(signIn)).getTokens(accountId)).toBeNull();
  });
});
