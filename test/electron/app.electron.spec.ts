// The real desktop app, end to end: launch the built Electron app pointed at an in-process sandbox school,
// sign in through the platform's consent page and the app's loopback redirect, see the dashboard, quit.
//
// The consent page normally opens in the admin's system browser (shell.openExternal). Here the spec
// replaces shell.openExternal inside the app's main process (Playwright's electronApp.evaluate) so the
// URL comes back to the test, which answers the consent page in its own Chromium exactly as a person
// would, and the browser then lands on the app's 127.0.0.1 redirect. The app needs no test hook for that.
//
// Runs on the release pipeline (macOS and Windows runners); where no Electron binary exists it is skipped
// with that reason in the report.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, expect, test } from '@playwright/test';
import type { Browser, ElectronApplication } from '@playwright/test';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { launchChromium } from '../support/chromium';
import { consentClicker } from '../support/consent-browser';
import { NO_ELECTRON_REASON, electronBinary } from './electron-binary';
import { PAGE_BACKGROUND } from '../../shared/window-colors';

const MAIN = join(process.cwd(), 'dist-electron', 'main.cjs');

// What the admin sees (the same names the browser-mode specs use, test/e2e/fixtures/app-actions.ts).
const SCHOOL_LABEL = 'Demo school';

test.describe('the desktop app', () => {
  const binary = electronBinary();
  // The list reporter shows a skip without its reason; say it in the log too.
  if (binary === null) console.log(`app.electron.spec: ${NO_ELECTRON_REASON}`);
  test.skip(binary === null, NO_ELECTRON_REASON);

  let sandbox: Sandbox | undefined;
  let browser: Browser | undefined;
  let app: ElectronApplication | undefined;
  let userData: string | undefined;

  test.beforeAll(() => {
    // With Electron present a missing build is a failure, not a skip: the pipeline builds before testing.
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build && npm run build:electron" first.`);
  });

  test.afterEach(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close();
    await sandbox?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  /** A sandbox with `orders` and the app on a fresh data folder (no accounts yet), offering its school. */
  async function launchOnSandbox(orders: number): Promise<ElectronApplication> {
    sandbox = await startSandbox({ quiet: true, orders });
    userData = await mkdtemp(join(tmpdir(), 'school-companion-electron-'));
    app = await _electron.launch({
      executablePath: binary!,
      args: [MAIN, '--school', sandbox.url, '--school-label', SCHOOL_LABEL],
      // The shell honours the data folder in unpackaged runs.
      env: { ...(process.env as Record<string, string>), SCHOOL_COMPANION_DATA_DIR: userData },
    });
    return app;
  }

  test('launches, signs in to the sandbox school through the loopback redirect, shows the dashboard, shows the error screen for a screen that fails, and quits', async () => {
    browser = await launchChromium();
    app = await launchOnSandbox(2_000);

    // The consent URL comes back to the test instead of opening the OS browser.
    await app.evaluate(({ shell }) => {
      const box = globalThis as unknown as { __consentUrls: string[] };
      box.__consentUrls = [];
      shell.openExternal = async (url: string) => {
        box.__consentUrls.push(url);
      };
    });

    const window = await app.firstWindow();
    await window.waitForLoadState('domcontentloaded');
    expect(window.url()).toMatch(/^app:\/\/school-companion\//); // the renderer from the built files
    await expect(window.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible({ timeout: 30_000 });
    await window.getByRole('region', { name: SCHOOL_LABEL }).getByRole('button', { name: 'Connect', exact: true }).click();

    let consentUrl = '';
    await expect
      .poll(async () => {
        consentUrl = (await app!.evaluate(() => (globalThis as unknown as { __consentUrls: string[] }).__consentUrls[0] ?? '')) ?? '';
        return consentUrl;
      }, { timeout: 30_000, message: 'the app asked the system browser to open the consent page' })
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const redirectUri = new URL(consentUrl).searchParams.get('redirect_uri') ?? '';
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await consentClicker(browser, { decision: 'Allow' })(consentUrl);

    // Signed in: the school and its admin in the header, the dashboards' navigation, a dashboard on screen.
    await expect(window.getByTestId('active-school')).toHaveText(sandbox!.platform.schools[0]!.name, { timeout: 30_000 });
    await expect(window.getByTestId('active-admin')).toHaveText(sandbox!.platform.admin.name);
    // Sign-in lands on Today; the dashboards follow it in the navigation.
    await expect(window.getByRole('navigation', { name: 'Main' }).getByRole('link')).toContainText(['Today', 'Courses', 'Orders', 'Analytics']);
    await expect(window.locator('[data-dashboard]').first()).toBeVisible({ timeout: 30_000 });

    // A screen that fails to render shows the error screen inside the frame (not React Router's bare stack);
    // Copy details reaches the system clipboard and the error the desktop log. The failure: Intl.Collator
    // broken in the page, which Analytics sorts its course list with while rendering (no screen before it
    // made one: renderer/lib/format.ts keeps them once made).
    await window.evaluate(() => {
      Intl.Collator = function brokenCollator() {
        throw new TypeError('no collator here');
      } as unknown as typeof Intl.Collator;
    });
    await window.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    const errorScreen = window.getByTestId('route-error');
    await expect(errorScreen.getByRole('heading', { name: 'This screen could not be shown' })).toBeVisible();
    await expect(window.getByText('Unexpected Application Error')).toHaveCount(0);
    await expect(window.getByRole('navigation', { name: 'Main' })).toBeVisible(); // the frame stays
    await window.bringToFront();
    await errorScreen.getByRole('button', { name: 'Copy details' }).click();
    await expect(errorScreen.getByRole('status')).toHaveText('Details copied.');
    const copied = await app.evaluate(({ clipboard }) => clipboard.readText());
    expect(copied).toContain('screen: /analytics');
    expect(copied).toContain('TypeError: no collator here');
    const logDir = await app.evaluate(({ app: electronApp }) => electronApp.getPath('logs'));
    const logText = async () => (await Promise.all((await readdir(logDir)).filter((name) => name.endsWith('.log')).map((name) => readFile(join(logDir, name), 'utf8')))).join('\n');
    await expect.poll(logText, { timeout: 10_000 }).toMatch(/error in the window.*"route":"\/analytics"/);
    // Reload starts the page afresh (its own Intl again): Analytics shows.
    await errorScreen.getByRole('button', { name: 'Reload' }).click();
    await expect(window.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 30_000 });

    const exited = new Promise<void>((resolve) => app!.process().once('exit', () => resolve()));
    await app.close();
    await exited;
    expect(app.process().exitCode ?? app.process().signalCode).not.toBeNull();
    app = undefined;
  });
  test('has our application menu, sends its commands to the page, and paints the window in the page background', async () => {
    app = await launchOnSandbox(100);
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible({ timeout: 30_000 });

    type Item = { label: string; role: string | null; accelerator: string | null; submenu: Item[] };
    const menu = await app.evaluate(({ Menu }) => {
      const describe = (items: Electron.MenuItem[]): Item[] =>
        items.map((item) => ({ label: item.label, role: item.role ?? null, accelerator: (item.accelerator as string | undefined) ?? null, submenu: item.submenu ? describe(item.submenu.items) : [] }));
      return describe(Menu.getApplicationMenu()?.items ?? []);
    });
    // Started as `electron dist-electron/main.cjs` the app may be named after Electron rather than productName.
    const name = await app.evaluate(({ app: electronApp }) => electronApp.getName());
    const top = menu.map((item) => item.label.replace('&', ''));
    expect(top).toEqual(process.platform === 'darwin' ? [name, 'File', 'Edit', 'View', 'Window', 'Help'] : ['File', 'Edit', 'View', 'Window', 'Help']);
    const edit = menu.find((item) => item.label.replace('&', '') === 'Edit')!;
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectall']) expect(edit.submenu.map((item) => item.role?.toLowerCase())).toContain(role);
    const help = menu.find((item) => item.label.replace('&', '') === 'Help')!;
    expect(help.submenu[0]!.label).toBe(`${name} Help`);
    expect(JSON.stringify(menu)).not.toContain('electronjs');
    const all = (items: Item[]): Item[] => items.flatMap((item) => [item, ...all(item.submenu)]);
    expect(all(menu).find((item) => item.label === 'Command Palette…')?.accelerator).toBe('CmdOrCtrl+K');

    // The palette's menu item reaches the page as its DOM event (over app.menuCommand).
    await window.evaluate(() => {
      const page = globalThis as unknown as Window & { paletteRequests: number };
      page.paletteRequests = 0;
      page.addEventListener('school-companion:open-palette', () => (page.paletteRequests += 1));
    });
    await app.evaluate(({ Menu }) => {
      const find = (items: Electron.MenuItem[]): Electron.MenuItem | undefined =>
        items.map((item) => (item.label === 'Command Palette…' ? item : item.submenu ? find(item.submenu.items) : undefined)).find(Boolean);
      const item = find(Menu.getApplicationMenu()?.items ?? []);
      item?.click();
    });
    await expect.poll(() => window.evaluate(() => (globalThis as unknown as { paletteRequests: number }).paletteRequests)).toBe(1);

    // The menu-bar item (Mac) / tray icon (Windows) is up, with no badge while nothing needs the admin. Some
    // Linux desktops have no tray host: the app runs without one there.
    const tray = await app.evaluate(({ app: electronApp }) => {
      const held = (globalThis as { schoolCompanionTray?: Electron.Tray }).schoolCompanionTray;
      return { present: held !== undefined && !held.isDestroyed(), badge: electronApp.getBadgeCount() };
    });
    if (process.platform !== 'linux') expect(tray.present).toBe(true);
    expect(tray.badge).toBe(0);

    // No flash: the window's own background is the page's (shared/window-colors.ts) for the theme in force.
    const painted = await app.evaluate(({ BrowserWindow, nativeTheme }) => ({ color: BrowserWindow.getAllWindows()[0]!.getBackgroundColor().toLowerCase(), dark: nativeTheme.shouldUseDarkColors }));
    expect(painted.color).toBe(painted.dark ? PAGE_BACKGROUND.dark : PAGE_BACKGROUND.light);
  });

  test('writes to the clipboard from its own page, carries the installer\'s AUMID on Windows, and saves the page as a PDF', async () => {
    app = await launchOnSandbox(100);
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible({ timeout: 30_000 });

    // Copy e-mails uses navigator.clipboard.writeText: the permission policy lets the app's own page write.
    await window.bringToFront();
    await window.evaluate(() => navigator.clipboard.writeText('ada@example.com, grace@example.com'));
    expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe('ada@example.com, grace@example.com');

    // Windows files notifications under the installer's appId (electron-builder.yml), not "electron.app…".
    const aumid = await app.evaluate(() => (globalThis as { schoolCompanionAppUserModelId?: string | null }).schoolCompanionAppUserModelId);
    expect(aumid).toBe(process.platform === 'win32' ? 'com.schoolcompanion.desktop' : null);

    // File › Save as PDF…: the Save dialog answered here (as a person would pick a path), then a real PDF.
    const pdf = join(userData!, 'page.pdf');
    await app.evaluate(({ dialog }, path) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as typeof dialog.showSaveDialog;
    }, pdf);
    await app.evaluate(({ Menu }) => {
      const find = (items: Electron.MenuItem[]): Electron.MenuItem | undefined =>
        items.map((item) => (item.label === 'Save as PDF…' ? item : item.submenu ? find(item.submenu.items) : undefined)).find(Boolean);
      find(Menu.getApplicationMenu()?.items ?? [])?.click();
    });
    await expect.poll(async () => (existsSync(pdf) ? (await readFile(pdf)).subarray(0, 5).toString('latin1') : ''), { timeout: 30_000 }).toBe('%PDF-');
  });
});
