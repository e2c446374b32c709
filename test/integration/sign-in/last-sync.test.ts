// "Synced {{ago}}" (the status line) is when the data on screen was last read from the platform: a read through
// the screens' caller that answered moves it (at most one state write a minute); any other call, a failed one,
// or a write does not. The real sign-in and API client against the sandbox, the clock moved by the harness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { syncNotingCaller } from '../../../electron/services/api/sync-noting-caller';
import { ApiClient } from '../../../electron/services/api/api-client';
import { School } from '../../../shared/platform/resources';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { openSignIn, tempDir, type SignIn } from './harness';
import type { Browser } from 'playwright-core';

let sandbox: Sandbox;
let browser: Browser;
let dir: Awaited<ReturnType<typeof tempDir>>;
let signIn: SignIn;

beforeAll(async () => {
  [sandbox, browser, dir] = await Promise.all([startSandbox({ orders: 200, quiet: true }), launchChromium(), tempDir('last-sync-')]);
  signIn = await openSignIn(dir.path, { openExternal: consentClicker(browser, { decision: 'Allow' }) });
}, 90_000);

afterAll(async () => {
  await Promise.all([sandbox?.close().catch(() => undefined), browser?.close()]);
  await dir?.remove();
});

describe('the last sync of a school', { timeout: 90_000 }, () => {
  it('moves on a read of its data that answered, not on other calls, failed ones or writes', async () => {
    const { auth, clock } = signIn;
    const account = await auth.connect(sandbox.url);
    const api = new ApiClient(auth, { logger: signIn.logger, sleep: async () => undefined, maxRetries: 0 });
    const screens = syncNotingCaller(api, (accountId) => auth.noteSynced(accountId));
    const lastSync = () => auth.listAccounts().find((a) => a.id === account.id)!.lastSyncAt;
    const before = lastSync();

    // Minutes later: a call that is not the screens' (the notifier's, the probe's), one that fails, a failed write.
    clock.offsetMs += 5 * 60_000;
    await api.call(account.id, 'getSchool', School);
    await expect(screens.call(account.id, 'getOrder', z.unknown(), { path: { order_id: 'ord_missing' } })).rejects.toMatchObject({ code: 'not_found' });
    await expect(screens.call(account.id, 'cancelSubscription', z.unknown(), { path: { subscription_id: 'sub_missing' } })).rejects.toBeDefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lastSync()).toBe(before);

    // A screen's read that answered: synced now.
    await screens.call(account.id, 'getSchool', School);
    await expect.poll(() => Date.parse(lastSync() ?? '0')).toBeGreaterThanOrEqual(clock.now() - 60_000);
  });
});
