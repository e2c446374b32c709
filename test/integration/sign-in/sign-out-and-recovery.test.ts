// Sign-out leaves nothing behind, and recovery never makes things worse: against the real sandbox, in real
// Chromium. Every token the platform issued is tapped from the app's own HTTP client and then looked for in
// every file of the data folder, in clear and inside every blob the vault's cipher can open.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, readFile, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClient } from '../../../electron/services/api/api-client';
import { createAppServices } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import { STATE_FILE } from '../../../electron/services/auth/accounts';
import { VAULT_FILE } from '../../../electron/services/store/vault';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { School } from '../../../shared/platform/resources';
import { startSandbox, type Sandbox } from '../../sandbox';
import { createTokenTap, type TokenTap } from '../../e2e/fixtures/token-tap';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { freePort } from '../../support/free-port';
import { findTokensInFiles } from '../../support/token-scan';
import { SEAL_KEY_FILE } from '../../../electron/services/store/state-seal';
import { browserRuns, fakeCipher, openSignIn, tempDir, type SignIn } from './harness';

let sandbox: Sandbox;
let browser: Browser;
const dirs: { remove(): Promise<void> }[] = [];
const runs = browserRuns();
const TTL_SECONDS = 600;

beforeAll(async () => {
  [sandbox, browser] = await Promise.all([startSandbox({ orders: 300, quiet: true, accessTokenTtlSeconds: TTL_SECONDS }), launchChromium()]);
});
afterAll(async () => {
  await runs.idle();
  await Promise.all([sandbox?.close(), browser?.close(), ...dirs.map((d) => d.remove())]);
});

async function signedIn(target: Sandbox, dataDir?: string): Promise<{ signIn: SignIn; api: ApiClient; accountId: string; tap: TokenTap }> {
  let path = dataDir;
  if (!path) {
    const dir = await tempDir();
    dirs.push(dir);
    path = dir.path;
  }
  const tap = createTokenTap();
  const signIn = await openSignIn(path, { openExternal: runs.wrap(consentClicker(browser, { decision: 'Allow' })), fetch: tap.fetch });
  const account = await signIn.auth.connect(target.url);
  const api = new ApiClient(signIn.auth, { logger: signIn.logger, sleep: async () => undefined, now: () => signIn.clock.now() });
  return { signIn, api, accountId: account.id, tap };
}

/** Moves the app's clock into the refresh window and calls the API: the refresh token rotates (the platform's clock stays). */
async function rotate(signIn: SignIn, api: ApiClient, accountId: string): Promise<void> {
  signIn.clock.offsetMs += (TTL_SECONDS - 10) * 1000;
  await api.call(accountId, 'getSchool', School);
}

async function reopen(signIn: SignIn, tap: TokenTap = createTokenTap()): Promise<SignIn> {
  return openSignIn(signIn.dataDir, { openExternal: async () => undefined, cipher: signIn.cipher, fetch: tap.fetch });
}

async function refreshAtPlatform(target: Sandbox, refreshToken: string, clientId: string): Promise<Response> {
  return fetch(`${target.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  });
}

async function clientIdOf(dataDir: string): Promise<string> {
  const state = JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8')) as { clients: Record<string, { clientId: string }> };
  return Object.values(state.clients)[0]!.clientId;
}

describe('signing out leaves no token in any file', () => {
  it('online: the vault, a vault set aside earlier and an old backup hold none of the tokens ever issued', async () => {
    const { signIn, api, accountId, tap } = await signedIn(sandbox);
    await rotate(signIn, api, accountId);
    // What earlier versions and earlier damage left: a backup with rotated tokens and a damaged vault kept aside.
    await copyFile(join(signIn.dataDir, VAULT_FILE), join(signIn.dataDir, `${VAULT_FILE}.bak`));
    await copyFile(join(signIn.dataDir, VAULT_FILE), join(signIn.dataDir, `${VAULT_FILE}.corrupt-2026-01-01T00-00-00-000Z`));
    await rotate(signIn, api, accountId);
    expect(tap.issued().length).toBeGreaterThanOrEqual(7); // access, refresh, ID token, then two rotations
    expect(await findTokensInFiles(signIn.dataDir, tap.issued(), signIn.cipher)).not.toEqual([]); // the scan sees them while signed in

    const result = await signIn.auth.signOut(accountId);
    expect(result.revokedOnPlatform).toBe(true);
    // The bak only goes when the vault next opens; the set-aside copy goes with the sign-out itself.
    const again = await reopen(signIn);
    expect(again.auth.listAccounts()).toEqual([]);
    expect(await findTokensInFiles(signIn.dataDir, tap.issued(), signIn.cipher)).toEqual([]);
  });

  it('offline: the revocation waits sealed in the vault, is sent when the platform is back, and then nothing is left', async () => {
    const port = await freePort();
    let own = await startSandbox({ orders: 200, quiet: true, port });
    const { signIn, accountId, tap } = await signedIn(own);
    const issued = tap.issued();
    const clientId = await clientIdOf(signIn.dataDir);
    const [access, refresh] = [issued.find((t) => t.startsWith('at_')) ?? issued[0]!, issued.find((t) => t.startsWith('rt_')) ?? issued[1]!];
    await own.close();

    const result = await signIn.auth.signOut(accountId);
    expect(result.revokedOnPlatform).toBe(false);
    expect(result.message).toMatch(/will revoke its access there as soon as it can reach it again/);
    expect(signIn.auth.listAccounts()).toEqual([]);
    // Only sealed, only in the vault's queue.
    const found = await findTokensInFiles(signIn.dataDir, issued, signIn.cipher);
    expect(found).toEqual([`${VAULT_FILE}: sealed`]);
    expect(signIn.auth.pendingRevocationIssuers()).toEqual([own.url]);
    expect(await signIn.auth.sendPendingRevocations()).toBe(0); // still offline: kept

    own = await startSandbox({ orders: 200, quiet: true, port }); // the same platform, back with its grants
    try {
      const stillValid = await fetch(`${own.url}${OPERATIONS.getSchool.path}`, { headers: { authorization: `Bearer ${access}` } });
      expect(stillValid.status).toBe(200);
      const later = await reopen(signIn);
      expect(await later.auth.sendPendingRevocations()).toBe(1);
      const afterwards = await fetch(`${own.url}${OPERATIONS.getSchool.path}`, { headers: { authorization: `Bearer ${access}` } });
      expect(afterwards.status).toBe(401);
      expect(await (await refreshAtPlatform(own, refresh, clientId)).json()).toMatchObject({ error: 'invalid_grant' });
      expect(later.auth.pendingRevocationIssuers()).toEqual([]);
      expect(await findTokensInFiles(signIn.dataDir, issued, signIn.cipher)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('recovery', () => {
  it('a damaged vault never replays a rotated refresh token: the grant survives, and the account says its sign-in was lost', async () => {
    const { signIn, api, accountId, tap } = await signedIn(sandbox);
    await rotate(signIn, api, accountId);
    const current = (await (await import('../../../electron/services/store/vault')).Vault.open({ dataDir: signIn.dataDir, cipher: signIn.cipher, logger: signIn.logger })).getTokens(accountId)!;
    await truncate(join(signIn.dataDir, VAULT_FILE), 30);

    sandbox.stats.reset();
    const later = await reopen(signIn);
    const [account] = later.auth.listAccounts();
    expect(account).toMatchObject({ id: accountId, status: 'sign_in_needed' });
    expect(account!.signInNeededReason).toMatch(/saved sign-ins on this computer could not be read .*Sign in again/);
    await expect(later.auth.accessToken(accountId)).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect(sandbox.stats.byPath()['/api/oauth/token'] ?? 0).toBe(0);
    // No older refresh token was sent, so the platform's reuse detection did not end the grant: the current one still works.
    expect(tap.issued()).toContain(current.refreshToken);
    const stillGood = await refreshAtPlatform(sandbox, current.refreshToken!, await clientIdOf(signIn.dataDir));
    expect(stillGood.status).toBe(200);
  });

  it('never brings back a signed-out account from an older account list', async () => {
    const { signIn, accountId } = await signedIn(sandbox);
    const olderList = await readFile(join(signIn.dataDir, STATE_FILE));
    await signIn.auth.signOut(accountId);
    // A restore from an older copy (or an older backup) lists the account again.
    await writeFile(join(signIn.dataDir, STATE_FILE), olderList);
    await writeFile(join(signIn.dataDir, `${STATE_FILE}.bak`), olderList);
    expect((await reopen(signIn)).auth.listAccounts()).toEqual([]);
  });

  it('never shows an account as signed in when its tokens are gone', async () => {
    const { signIn, accountId } = await signedIn(sandbox);
    const list = await readFile(join(signIn.dataDir, STATE_FILE));
    const otherDir = await tempDir();
    dirs.push(otherDir);
    // The account list and its seal key copied without the vault (e.g. a partial restore): no tokens for it.
    await writeFile(join(otherDir.path, STATE_FILE), list);
    await writeFile(join(otherDir.path, SEAL_KEY_FILE), await readFile(join(signIn.dataDir, SEAL_KEY_FILE)));
    const elsewhere = await openSignIn(otherDir.path, { openExternal: async () => undefined, cipher: fakeCipher({ key: signIn.cipher.key }) });
    expect(elsewhere.auth.listAccounts()).toMatchObject([{ id: accountId, status: 'sign_in_needed', signInNeededReason: expect.stringMatching(/no longer has this school's sign-in/) }]);

    // Without the seal key (another computer's copy), the list cannot be trusted at all: the account is gone.
    const thirdDir = await tempDir();
    dirs.push(thirdDir);
    await writeFile(join(thirdDir.path, STATE_FILE), list);
    const stranger = await openSignIn(thirdDir.path, { openExternal: async () => undefined, cipher: fakeCipher() });
    expect(stranger.auth.listAccounts()).toEqual([]);
  });
});

describe('a stray request during a real sign-in', () => {
  it('is ignored: a local process hitting the receiver with a wrong state, path or method does not end the sign-in', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const click = runs.wrap(consentClicker(browser, { decision: 'Allow' }));
    const strays: number[] = [];
    const signIn = await openSignIn(dir.path, {
      openExternal: async (url) => {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        for (const [path, init, query] of [[redirect.pathname, {}, '?code=x&state=forged'], [redirect.pathname, {}, '?error=access_denied'], ['/other', {}, ''], [redirect.pathname, { method: 'POST' }, '']] as const) {
          strays.push((await fetch(`${redirect.origin}${path}${query}`, init)).status);
        }
        return click(url);
      },
    });
    const account = await signIn.auth.connect(sandbox.url);
    expect(strays).toEqual([400, 400, 404, 405]);
    expect(account.status).toBe('signed_in');
  });
});

describe('the whole app', () => {
  it('sends an offline sign-out\'s revocation by itself once its online probe sees the platform again', async () => {
    const port = await freePort();
    let own = await startSandbox({ orders: 200, quiet: true, port });
    const dir = await tempDir();
    dirs.push(dir);
    const tap = createTokenTap();
    const cipher = fakeCipher();
    const logger = memoryLogger();
    const services = await createAppServices({
      mode: 'desktop', version: '0.0.0-test', dataDir: dir.path, cipher, logger, defaultSchool: null,
      openExternal: runs.wrap(consentClicker(browser, { decision: 'Allow' })), fetch: tap.fetch, probeIntervalMs: 200,
    });
    const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
    const call = (method: string, input: unknown) => router.route({ method, input, isTrustedSender: () => true });
    try {
      const connected = await call('accounts.connect', { address: own.url });
      expect(connected).toMatchObject({ ok: true, value: { status: 'signed_in' } });
      const accountId = (connected as { value: { id: string } }).value.id;
      const access = tap.issued()[0]!;
      await own.close();
      await expect.poll(() => services.probe.online, { timeout: 10_000 }).toBe(false);
      const out = await call('accounts.signOut', { accountId });
      expect(out).toMatchObject({ ok: true, value: { revokedOnPlatform: false, message: expect.stringMatching(/as soon as it can reach it again/) } });

      own = await startSandbox({ orders: 200, quiet: true, port });
      const bearer = () => fetch(`${own.url}${OPERATIONS.getSchool.path}`, { headers: { authorization: `Bearer ${access}` } }).then((r) => r.status);
      await expect.poll(bearer, { timeout: 15_000, interval: 250 }).toBe(401);
      await expect.poll(async () => findTokensInFiles(dir.path, tap.issued(), cipher), { timeout: 5_000 }).toEqual([]);
    } finally {
      await services.close();
      await own.close().catch(() => undefined);
    }
  });
});
