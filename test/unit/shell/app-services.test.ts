// The composition root with real sign-in against the sandbox, driven through the browser host's channel
// by the renderer's own bridge (the same code the page runs). The host's default way to show the consent
// page is an app.openUrl event the bridge opens itself; here the "tab" is a Chromium page.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../electron/browser-host/server';
import type { BrowserHost } from '../../../electron/browser-host/server';
import { memoryLogger } from '../../../electron/services/log';
import { createBrowserHostBridge } from '../../../renderer/bridge/browser-host-bridge';
import { AppError } from '../../../shared/errors';
import type { Bridge } from '../../../shared/ipc';
import type { ConnectProgress } from '../../../shared/ipc/accounts';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { pageBridge } from '../../support/page-bridge';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';

let sandbox: Sandbox;
let browser: Browser;
let host: BrowserHost;
let bridge: Bridge;
let dataDir: string;
let onOpenUrl: (url: string) => void = () => undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ orders: 200, quiet: true });
  browser = await launchChromium();
  dataDir = mkdtempSync(join(tmpdir(), 'sc-services-'));
  host = await startBrowserHost({ school: sandbox.url, dataDir, rendererDir: dataDir, logger: memoryLogger() });
  // Sign in as the launch page would, then talk like the page: Origin, cookie, page key.
  bridge = await pageBridge(host, (url) => onOpenUrl(url));
});

afterAll(async () => {
  await host?.close();
  await browser?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('app services through the browser bridge', () => {
  it('shows the consent page through app.openUrl and signs in', async () => {
    const progress: ConnectProgress[] = [];
    const stop = bridge.subscribe('accounts.connectProgress', (p) => progress.push(p));
    const changed: number[] = [];
    const stopChanged = bridge.subscribe('accounts.changed', (accounts) => changed.push(accounts.length));
    onOpenUrl = (url) => void consentClicker(browser, { decision: 'Allow' })(url);
    const account = await bridge.invoke('accounts.connect', { address: sandbox.url });
    expect(account.admin.name).toBe(sandbox.platform.admin.name);
    // Events travel on their own stream: the last ones may land just after the call's answer.
    await expect.poll(() => progress.map((p) => p.step)).toEqual(['discovering', 'registering', 'waiting_for_browser', 'exchanging', 'loading_profile', 'done']);
    expect(progress.find((p) => p.step === 'waiting_for_browser')?.authorizationUrl).toMatch(new RegExp(`^${sandbox.url}/`));
    await expect.poll(() => changed.at(-1)).toBe(1);
    stop();
    stopChanged();
    expect((await bridge.invoke('app.status', {})).defaultSchool?.address).toBe(sandbox.url);
  });

  it('opens pages only in the tab that asked, once, outside the UI', async () => {
    const opened: string[] = [];
    onOpenUrl = (url) => opened.push(url);
    const otherTabOpened: string[] = [];
    const launch = await fetch(host.issueLaunchUrl(), { redirect: 'manual' });
    const cookie = launch.headers.get('set-cookie')!.split(';')[0]!;
    const pageKey = /content="([^"]+)"/.exec(await launch.text())![1]!;
    const otherTab = createBrowserHostBridge({
      origin: host.origin,
      storage: { getItem: () => pageKey },
      fetch: (input, init = {}) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), cookie, origin: host.origin } }),
      openWindow: (url) => otherTabOpened.push(url),
    });
    // The UI never sees app.openUrl: the bridge handles it (else a UI handler would open a second tab).
    const seenByUi: string[] = [];
    otherTab.subscribe('app.openUrl', ({ url }) => seenByUi.push(url));
    bridge.subscribe('app.openUrl', ({ url }) => seenByUi.push(url));
    await expect.poll(async () => (await otherTab.invoke('app.status', {})).mode).toBe('browser');
    expect(await bridge.invoke('app.openExternal', { url: 'https://school.example.com/help' })).toEqual({ opened: true });
    await expect.poll(() => opened).toEqual(['https://school.example.com/help']);
    // Both tabs got the event by now (the other tab's next event arrives after it on the same stream).
    const settled: string[] = [];
    otherTab.subscribe('settings.changed', ({ theme }) => settled.push(theme));
    await otherTab.invoke('settings.set', { theme: 'light' });
    await expect.poll(() => settled.at(-1)).toBe('light');
    expect(otherTabOpened).toEqual([]);
    expect(seenByUi).toEqual([]);
  });

  it('gives typed errors for addresses, unknown accounts and unsafe links', async () => {
    expect((await rejection(bridge.invoke('accounts.connect', { address: 'http://school.example.com' }))).code).toBe('invalid_address');
    expect((await rejection(bridge.invoke('accounts.signOut', { accountId: 'acct_nope' }))).code).toBe('not_found');
    expect((await rejection(bridge.invoke('settings.set', { activeAccountId: 'acct_nope' }))).code).toBe('not_found');
    expect((await rejection(bridge.invoke('app.openExternal', { url: 'file:///etc/passwd' }))).code).toBe('invalid_input');
    expect((await rejection(bridge.invoke('settings.set', { theme: 'neon' } as never))).code).toBe('invalid_input');
  });

  it('signs out and forgets the active account, and deletes exports still waiting for their download', async () => {
    const [account] = await bridge.invoke('accounts.list', {});
    await bridge.invoke('settings.set', { activeAccountId: account!.id });
    const waiting = await host.downloads.choose('orders-2026-11-23.csv');
    writeFileSync(waiting.path, 'Buyer,Email\r\nAda Lovelace,ada@example.com\r\n');
    const result = await bridge.invoke('accounts.signOut', { accountId: account!.id });
    expect(result, result.message).toMatchObject({ revokedOnPlatform: true });
    expect(await bridge.invoke('accounts.list', {})).toEqual([]);
    await expect.poll(async () => (await bridge.invoke('settings.get', {})).activeAccountId).toBeNull();
    await expect.poll(() => existsSync(waiting.path)).toBe(false);
  });

  it('cancels a sign-in while the browser is open', async () => {
    const waiting = new Promise<void>((resolve) => {
      onOpenUrl = () => resolve(); // the admin never answers the consent page
    });
    const connecting = rejection(bridge.invoke('accounts.connect', { address: sandbox.url }));
    await waiting;
    expect(await bridge.invoke('accounts.cancelConnect', {})).toEqual({ cancelled: true });
    expect((await connecting).code).toBe('cancelled');
    expect(await bridge.invoke('accounts.cancelConnect', {})).toEqual({ cancelled: false });
  });
});
