// `npm start` on a new day: with nothing changed in it, the demo platform makes the demo school's records afresh
// for that day, and the same ids then hold other orders and times. What the app saved of the old records would
// disagree with the platform's lists, and no sync of changes (updated_since) would notice: the app drops it
// before anything reads it. Driven as start.mjs does, in process: the demo platform and the browser host on one
// data folder, the page's own bridge, sign-in through the platform's consent page in Chromium.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server';
import { memoryLogger } from '../../../electron/services/log';
import type { Bridge } from '../../../shared/ipc';
import { startDemoDefault, demoStateFile, type DemoDefault } from '../../sandbox/demo-default';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { pageBridge } from '../../support/page-bridge';

let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dataDir = mkdtempSync(join(tmpdir(), 'sc-demo-remade-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

/** One `npm start` on the data folder: the demo platform, then the browser host beside it. */
async function npmStart(): Promise<{ demo: DemoDefault; host: BrowserHost; bridge: Bridge; stop(): Promise<void> }> {
  const demo = await startDemoDefault({ dataDir, orders: 300, quiet: true });
  const host = await startBrowserHost({ school: demo.sandbox.url, schoolLabel: 'Demo school', dataDir, rendererDir: dataDir, logger: memoryLogger(), demoPlatform: demo });
  return {
    demo,
    host,
    bridge: await pageBridge(host, (url) => void consentClicker(browser, { decision: 'Allow' })(url)),
    async stop() {
      await host.close();
      await demo.close();
    },
  };
}

/** As if the last start had been the day before: the state file's day moved back one (the journal is empty). */
function lastStartedTheDayBefore(): void {
  const state = JSON.parse(readFileSync(demoStateFile(dataDir), 'utf8'));
  state.dataNow = new Date(Date.parse(state.dataNow) - 86_400_000).toISOString();
  writeFileSync(demoStateFile(dataDir), JSON.stringify(state));
}

describe('npm start on a new day, the demo school made afresh', () => {
  it("drops the orders saved of the old records before anything reads them; on the same day they are kept", { timeout: 120_000 }, async () => {
    const first = await npmStart();
    let accountId: string;
    try {
      accountId = (await first.bridge.invoke('accounts.connect', { address: first.demo.sandbox.url })).id;
      const loaded = await first.bridge.invoke('data.orders.load', { accountId, mode: 'auto' });
      expect(loaded.data.count).toBeGreaterThan(0);
    } finally {
      await first.stop();
    }

    // Started again the same day: the records are the same; the saved orders are opened and only changes are asked for.
    const sameDay = await npmStart();
    try {
      expect(sameDay.demo.remade).toBe(false);
      expect((await sameDay.bridge.invoke('data.orders.load', { accountId, mode: 'auto' })).data.mode).not.toBe('full');
    } finally {
      await sameDay.stop();
    }

    lastStartedTheDayBefore();
    const nextDay = await npmStart();
    try {
      expect(nextDay.demo.remade).toBe(true);
      // Nothing saved is left to answer from: every order comes again from the platform as it is now, still signed in.
      expect((await nextDay.bridge.invoke('accounts.list', {})).map((a) => [a.id, a.status])).toEqual([[accountId, 'signed_in']]);
      const loaded = await nextDay.bridge.invoke('data.orders.load', { accountId, mode: 'auto' });
      expect(loaded.data).toMatchObject({ mode: 'full', fetched: loaded.data.count });
    } finally {
      await nextDay.stop();
    }
  });
});
