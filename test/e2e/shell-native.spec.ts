// What a browser can see of the desktop-native work (issue 12): Settings › About's log file and diagnostic
// bundle (copied through the real clipboard, checked for every token the platform issued, the admin's
// name and email, the school's name and the account's id), the menu's commands arriving over the host's
// event stream, and the notice after a crash reload.
import { test, expect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';

test('Settings › About shows the log file and copies a diagnostic bundle that holds no secret', async ({ page, context, sandbox, host, tokens }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  await page.getByRole('link', { name: 'Settings' }).click();

  await expect(page.getByRole('heading', { name: 'Log and diagnostics' })).toBeVisible();
  await expect(page.getByTestId('log-file-path')).toHaveText(/^\/.+\/logs\/school-companion\.log$/);
  // Browser mode shows the path; only the desktop app opens files.
  await expect(page.getByRole('button', { name: 'Open log file' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Copy diagnostic bundle' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Diagnostic bundle copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `test-results/settings-about-light-${test.info().project.name}.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `test-results/settings-about-dark-${test.info().project.name}.png`, fullPage: true });
  }

  expect(copied).toContain('School Companion diagnostic bundle');
  expect(copied).toContain('mode: browser mode');
  expect(copied).toMatch(/version: \d+\.\d+\.\d+/);
  expect(copied).toContain('schools: 1 (1 signed_in)');
  const issued = tokens.issued();
  expect(issued.length, 'the platform issued tokens to the app').toBeGreaterThanOrEqual(2);
  for (const token of issued) expect(copied).not.toContain(token);
  const [account] = await connectedAccounts(host);
  for (const identifying of [account!.id, account!.admin.name, account!.admin.email, account!.school.name, new URL(account!.issuer).host]) {
    if (identifying) expect(copied, `the bundle names "${identifying}"`).not.toContain(identifying);
  }
});

test('the menu commands reach the page: Settings opens, the palette gets its DOM event', async ({ page, sandbox, host }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  await expect(page).not.toHaveURL(/#\/settings/);
  await page.evaluate(() => {
    const box = window as unknown as { paletteRequests: number };
    box.paletteRequests = 0;
    window.addEventListener('school-companion:open-palette', () => (box.paletteRequests += 1));
  });

  host.services.events.emit('app.menuCommand', { command: 'open-settings' });
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  host.services.events.emit('app.menuCommand', { command: 'open-palette' });
  await expect.poll(() => page.evaluate(() => (window as unknown as { paletteRequests: number }).paletteRequests)).toBe(1);
  await expect(page).toHaveURL(/#\/settings$/);
});

test('a page reloaded after a crash says so once, on the page that was open', async ({ page, sandbox, host }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  // What the desktop app loads after render-process-gone (electron/services/desktop/crash-recovery.ts).
  await page.goto(`${host.origin}/?reloaded=after-crash#/settings`);
  await expect(page.getByText('The window stopped unexpectedly and was reloaded')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveURL(`${host.origin}/#/settings`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('The window stopped unexpectedly and was reloaded')).toHaveCount(0);
});
