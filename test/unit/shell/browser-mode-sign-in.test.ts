// Browser mode end to end at the transport level: a real Chromium page signs in with the launch link,
// calls the contract over the loopback channel with its page key, and connects the sandbox school with the
// consent page answered in the browser. Real sign-in runs behind the host.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../electron/browser-host/server';
import type { BrowserHost } from '../../../electron/browser-host/server';
import { memoryLogger } from '../../../electron/services/log';
import { PAGE_KEY_STORAGE } from '../../../shared/ipc/channels';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';

let sandbox: Sandbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let host: BrowserHost;
let decision: 'Allow' | 'Deny' = 'Allow';
const dirs: string[] = [];
const logger = memoryLogger();
const seenEvents: { event: string; payload: unknown }[] = [];
const pageTraffic: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ orders: 200, quiet: true });
  browser = await launchChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-bm-data-'));
  const rendererDir = mkdtempSync(join(tmpdir(), 'sc-bm-renderer-'));
  dirs.push(dataDir, rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>School Companion</title><p id="ready">ready</p>');
  host = await startBrowserHost({
    school: sandbox.url,
    dataDir,
    rendererDir,
    logger,
    openExternal: (url) => consentClicker(browser, { decision })(url),
  });
  host.services.events.subscribe((event, payload) => seenEvents.push({ event, payload }));
  context = await browser.newContext();
  page = await context.newPage();
  page.on('response', (response) => {
    void response.text().then((body) => pageTraffic.push(`${JSON.stringify(response.headers())}\n${body}`), () => undefined);
  });
  await page.goto(host.url);
  await page.waitForSelector('#ready');
});

afterAll(async () => {
  await host?.close();
  await context?.close();
  await browser?.close();
  await sandbox?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function invoke(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return page.evaluate(
    async ({ method, input, storageKey }) => {
      const response = await fetch('/rpc', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem(storageKey)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ method, input }),
      });
      return response.json();
    },
    { method, input, storageKey: PAGE_KEY_STORAGE },
  );
}

describe('browser mode over a real browser', () => {
  it('turns the launch link into a signed-in page at /, without the code in the address', async () => {
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.url()).not.toContain('code=');
    const cookies = await context.cookies(host.origin);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });

  it('connects the sandbox school with Allow in the browser and reports each step', async () => {
    decision = 'Allow';
    const result = await invoke('accounts.connect', { address: sandbox.url });
    expect(result).toMatchObject({ ok: true, value: { admin: { name: sandbox.platform.admin.name }, status: 'signed_in' } });
    const steps = seenEvents.filter((e) => e.event === 'accounts.connectProgress').map((e) => e.payload as { step: string; authorizationUrl?: string });
    expect(steps.map((s) => s.step)).toContain('waiting_for_browser');
    expect(steps.find((s) => s.authorizationUrl)?.authorizationUrl).toMatch(new RegExp(`^${sandbox.url}/`));
    expect(steps.at(-1)?.step).toBe('done');
    expect(seenEvents.some((e) => e.event === 'accounts.changed')).toBe(true);
    const list = await invoke('accounts.list', {});
    expect(list.value).toHaveLength(1);
  });

  it('reports Deny as access_denied and connects nothing more', async () => {
    decision = 'Deny';
    const result = await invoke('accounts.connect', { address: sandbox.url });
    expect(result).toMatchObject({ ok: false, error: { code: 'access_denied' } });
    expect((await invoke('accounts.list', {})).value).toHaveLength(1);
  });

  it('never hands a token to the page', async () => {
    const traffic = pageTraffic.join('\n');
    expect(traffic).not.toMatch(/access_token|refresh_token|id_token/);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(/token/i);
  });
});
