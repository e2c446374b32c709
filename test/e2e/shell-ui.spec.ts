// The frame for keyboard users and the themes: skip link, focus after navigation, the theme setting
// (system / light / dark) surviving a reload, and a session that ended offering "Sign in again".
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { activeSchool, connectDemoSchool } from './fixtures/app-actions';

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const isDark = (rgb: string) => {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (r! + g! + b!) / 3 < 80;
};

test('keyboard: the skip link jumps to the content, and navigation moves focus to the new page title', async ({ page, sandbox }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  // A fresh document, so Tab starts from the top as it does when the window opens.
  await page.reload();
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const settings = page.getByRole('link', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
});

test('themes: follows the OS on "System", and a pinned choice survives a reload', async ({ page, sandbox }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(isDark(await backgroundOf(page))).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(isDark(await backgroundOf(page))).toBe(false);

  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('link', { name: 'Settings' }).click();
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(isDark(await backgroundOf(page))).toBe(true); // the OS still says light

  await page.reload();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Arrow keys move the choice, as in any radio group.
  await page.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
});

test.describe('the frame', () => {
  // The Coupons list answered in a shape it cannot read throws while rendering: React logs it, on purpose.
  // (An array given to test.use is read as [value, options]: the list goes inside one.)
  test.use({ expectedConsoleErrors: [[/is not iterable/, /React Router caught the following error during render/], { scope: 'test' }] });

  test('the sign-out dialog keeps focus inside and gives it back on Escape; a screen that fails to render shows the error screen', async ({ page, sandbox, hostLog, context }) => {
    const school = sandbox.platform.schools[0]!;
    await connectDemoSchool(page, school.name);
    await page.getByRole('link', { name: 'Settings' }).click();
    const opener = page.getByRole('button', { name: `Sign out of ${school.name}` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Sign out of ${school.name}?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(activeSchool(page)).toHaveText(school.name);

    // A screen that throws while rendering (here: the Coupons list answered in a shape it cannot read) shows
    // the error screen inside the frame, not React Router's bare stack; the error reaches the log.
    await page.route('**/rpc', async (route) => {
      const body = route.request().postDataJSON() as { method?: string };
      if (body.method !== 'money.coupons') return route.fallback();
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: true, value: { data: {} } }) });
    });
    await page.getByRole('link', { name: 'Coupons' }).click();
    const screen = page.getByTestId('route-error');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(screen.getByRole('heading', { name: 'This screen could not be shown' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible(); // the frame's navigation is still there
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await screen.getByRole('button', { name: 'Copy details' }).click();
    await expect(screen.getByRole('status')).toHaveText('Details copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('screen: /coupons');
    expect(copied).toMatch(/error: TypeError: /);
    await expect.poll(() => hostLog.find((line) => line.includes('error in the window'))).toContain('"route":"/coupons"');
    await page.unroute('**/rpc');
    await screen.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  });
});

test('a session the platform ended: the frame says so and "Sign in again" restores it', async ({ page, sandbox, consentLog }) => {
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  // The platform forgets the app (its tokens die with it), as when an admin revokes it there.
  sandbox.knobs.forgetAllClients();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();

  const banner = page.getByRole('status').filter({ hasText: `Your session with ${school.name} ended` });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await banner.getByRole('button', { name: 'Sign in again' }).click();
  // The banner first gives way to the sign-in's progress; done is the "signed in again" notice.
  await expect(page.getByRole('status').filter({ hasText: `Signed in to ${school.name} again` })).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Signing in to ${school.name} again` })).toHaveCount(0);
  expect(consentLog.opened).toHaveLength(2);
  await expect(activeSchool(page)).toHaveText(school.name);
});
