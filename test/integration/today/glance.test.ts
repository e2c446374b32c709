// The tray's glance is Today's own answer: the app as it runs (its services, router and data engine) against
// the real sandbox, signed in through a real Chromium. Reading Today or taking a glance records no visit; only
// the page's data.todayVisit does, and the glance's numbers are the very numbers Today shows.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import type { TodayOverview } from '../../../shared/ipc/today';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { fakeCipher, tempDir } from '../sign-in/harness';

let sandbox: Sandbox;
let browser: Browser;
let dir: Awaited<ReturnType<typeof tempDir>>;
let services: AppServices;
let call: (method: string, input: unknown) => Promise<unknown>;

beforeAll(async () => {
  [sandbox, browser, dir] = await Promise.all([startSandbox({ orders: 2000, quiet: true }), launchChromium(), tempDir('today-glance-')]);
  const logger = memoryLogger();
  services = await createAppServices({
    mode: 'desktop', version: '0.0.0-test', dataDir: dir.path, cipher: fakeCipher(), logger, defaultSchool: null,
    openExternal: consentClicker(browser, { decision: 'Allow' }),
  });
  const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
  call = async (method, input) => {
    const out = (await router.route({ method, input, isTrustedSender: () => true })) as { ok: boolean; value?: unknown; error?: unknown };
    if (!out.ok) throw new Error(`${method}: ${JSON.stringify(out.error)}`);
    return out.value;
  };
}, 90_000);

afterAll(async () => {
  await services?.close();
  await Promise.all([sandbox?.close().catch(() => undefined), browser?.close()]);
  await dir?.remove();
});

/** The sealed marks files as bytes: any write seals anew (a fresh nonce), so equal bytes mean nothing was written. */
async function marksOnDisk(): Promise<Record<string, string>> {
  const folder = join(dir.path, 'today');
  const names = await readdir(folder).catch(() => [] as string[]);
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await readFile(join(folder, name))).toString('base64')] as const)));
}

describe("Today's glance", { timeout: 180_000 }, () => {
  it('records no visit, and shows the numbers Today shows', async () => {
    const { id: accountId } = (await call('accounts.connect', { address: sandbox.url })) as { id: string };
    const today = () => call('data.today', { accountId, fallbackTimeZone: 'UTC' }) as Promise<TodayOverview>;

    // Reading Today is not a visit: nothing is written.
    const first = await today();
    expect(first.lastVisit).toBeNull();
    expect(await marksOnDisk()).toEqual({});
    // The page records the look.
    expect(await call('data.todayVisit', { accountId })).toEqual({ lastVisit: null });
    const marked = await marksOnDisk();
    expect(Object.keys(marked)).toHaveLength(1);

    // The tray's glance (the notifier's poll) moves no mark.
    await services.notifier.pollNow(accountId);
    await services.notifier.pollNow(accountId);
    const glance = services.notifier.traySchools().find((s) => s.accountId === accountId)!.glance;
    expect(await marksOnDisk()).toEqual(marked);

    // Its numbers are Today's: what needs the admin, each with Today's link, and today's sales per currency.
    const shown = await today();
    expect(glance).not.toBeNull();
    // (A week ago is a moment later for the second read: the links' changedFrom differ by that much only.)
    const sameLink = ({ kind, count, route }: { kind: string; count: number | null; route: string }) => ({ kind, count, route: route.replace(/changedFrom=[^&]+/, 'changedFrom=…') });
    expect(glance!.needs.map(sameLink)).toEqual(shown.needs.map(sameLink));
    expect(glance!.sales).toEqual(shown.sales!.currencies.map((c) => ({ currency: c.currency, ...c.periods.today })));
    expect(glance!.needs.filter((n) => n.count !== null && n.count > 0).length, 'the demo school has something that needs the admin').toBeGreaterThan(0);
  });
});
