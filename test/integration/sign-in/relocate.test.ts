// A platform that moved to another address (npm start's demo platform found its port taken): the signedIn
// re-points the account, keeping its id. Without trust it signs in there in the browser and sends no stored
// token; with trust (the app's own default announced the move) it refreshes at the validated new address.
import { createServer, type Server } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoDefault, type DemoDefault } from '../../sandbox/demo-default';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { browserRuns, openSignIn, tempDir } from './harness';

let browser: Browser;
const runs = browserRuns();
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await runs.idle();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await browser?.close();
});

/** Every request sign-in sent: where, and the grant type of token requests. */
function tappedFetch() {
  const sent: { url: string; grantType: string | null; body: string }[] = [];
  const tap: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '';
    sent.push({ url, grantType: new URLSearchParams(body).get('grant_type'), body });
    return fetch(input, init);
  };
  return { sent, tap };
}

/** Connects the demo platform's first school, then restarts the platform with its port taken: it moves. */
async function connectedThenMoved() {
  const platformDir = await tempDir('relocate-platform-');
  const appDir = await tempDir('relocate-app-');
  cleanups.push(() => platformDir.remove(), () => appDir.remove());
  const opened: string[] = [];
  const { sent, tap } = tappedFetch();
  const clicker = consentClicker(browser, { decision: 'Allow' });
  const signedIn = await openSignIn(appDir.path, { fetch: tap, openExternal: runs.wrap(async (url) => { opened.push(url); await clicker(url); }) });

  const before: DemoDefault = await startDemoDefault({ dataDir: platformDir.path, orders: 200, quiet: true });
  const account = await signedIn.auth.connect(before.sandbox.url);
  const oldRefresh = signedIn.auth['store'].tokens(account.id)!.refreshToken!;
  await before.close();

  const squatter: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => squatter.listen(before.sandbox.port, '127.0.0.1', resolve));
  const moved = await startDemoDefault({ dataDir: platformDir.path, orders: 200, quiet: true });
  cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())), () => moved.close());
  expect(moved.movedFrom).toBe(before.sandbox.url);
  sent.length = 0;
  opened.length = 0;
  return { signedIn, account, moved, oldAddress: before.sandbox.url, oldRefresh, sent, opened };
}

describe('relocating an account', () => {
  it('without trust: a browser sign-in at the new address for the same school; no stored token leaves the app', async () => {
    const { signedIn, account, moved, oldRefresh, sent, opened } = await connectedThenMoved();
    const relocated = await signedIn.auth.relocate(account.id, moved.sandbox.url, { trusted: false });

    expect(opened).toHaveLength(1);
    expect(new URL(opened[0]!).searchParams.get('school')).toBe(account.school.id);
    expect(relocated).toMatchObject({ id: account.id, issuer: moved.sandbox.url, status: 'signed_in', school: { id: account.school.id } });
    expect(sent.filter((request) => request.grantType === 'refresh_token')).toEqual([]);
    expect(sent.some((request) => request.body.includes(oldRefresh))).toBe(false);
    expect(signedIn.auth.listAccounts()).toHaveLength(1);
  }, 60_000);

  it('trusted: the stored refresh token goes to the new, validated token endpoint only, and no browser opens', async () => {
    const { signedIn, account, moved, oldAddress, sent, opened } = await connectedThenMoved();
    const relocated = await signedIn.auth.relocate(account.id, moved.sandbox.url, { trusted: true });

    expect(opened).toEqual([]);
    expect(relocated).toMatchObject({ id: account.id, issuer: moved.sandbox.url, status: 'signed_in' });
    const refreshes = sent.filter((request) => request.grantType === 'refresh_token');
    expect(refreshes.map((request) => request.url)).toEqual([`${moved.sandbox.url}/api/oauth/token`]);
    // Discovery at the new address came first: nothing went to the old one.
    expect(sent.some((request) => request.url.startsWith(oldAddress))).toBe(false);
    // And the re-pointed account works: a refresh through the normal path at its new address.
    await expect(signedIn.auth.refreshTokensOnce(account.id)).resolves.toMatch(/^sbx_at_/);
  }, 60_000);
});
