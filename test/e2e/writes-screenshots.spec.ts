// The new pages (Coupons, New coupon, Subscriptions, Activity) at 1280×720: every money column in view
// without horizontal scrolling. With SCREENSHOTS=1 it also writes docs/screenshots/writes-<page>-<theme>.png
// at 1440×900 and 1280×720, light and dark (SCREENSHOTS_DIR sends them elsewhere while polishing).
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { expectNoSideways, SCREENSHOT_DIR, SCREENSHOTS_ENABLED, settled } from './fixtures/screenshot-pages';

const enabled = SCREENSHOTS_ENABLED;
const out = SCREENSHOT_DIR;
const expect = baseExpect.configure({ timeout: 20_000 });


/** No table on the page needs horizontal scrolling. */

const sizes = enabled
  ? ([['', 1440, 900], ['-1280', 1280, 720]] as const)
  : ([['-1280', 1280, 720]] as const);
const schemes = enabled ? (['light', 'dark'] as const) : (['light'] as const);

for (const [suffix, width, height] of sizes) {
  for (const colorScheme of schemes) {
    test.describe(`writes pages ${width}×${height} ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });
      test(`coupons, new coupon, subscriptions, activity fit ${width}×${height} (${colorScheme})`, async ({ page, sandbox }) => {
        test.setTimeout(150_000);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const shot = async (name: string, fullPage = false) => {
          if (enabled) await page.screenshot({ path: `${out}/writes-${name}-${colorScheme}${suffix}.png`, fullPage });
        };

        await nav.getByRole('link', { name: 'Coupons' }).click();
        const table = page.getByTestId('coupons-table');
        await expect(table).toBeVisible({ timeout: 30_000 });
        await settled(page);
        await expectNoSideways(page);
        await shot('coupons');

        // A write's confirmation, and something in the activity log: disable, grant, undo.
        const first = table.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Disable / }) }).first();
        const code = (await first.getAttribute('data-code'))!;
        await first.getByRole('button', { name: `Disable ${code}` }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.mouse.move(0, 0);
        await shot('confirm');
        await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Grant access' }).click();
        const notice = page.locator('.notice').filter({ hasText: `Disabled coupon “${code}”` });
        await expect(notice).toBeVisible({ timeout: 30_000 });
        await page.mouse.move(0, 0);
        await shot('done');
        await notice.getByRole('button', { name: 'Undo' }).click();
        await expect(table.locator(`tr[data-code="${code}"] [data-state]`)).toHaveAttribute('data-state', 'active');

        await page.getByRole('link', { name: 'New coupon' }).first().click();
        const form = page.getByRole('form', { name: 'New coupon' });
        await form.getByLabel('Code').fill('no');
        await form.getByRole('radio', { name: 'An amount' }).check();
        await form.getByRole('button', { name: 'Create coupon' }).click();
        await expect(form.getByRole('alert').first()).toBeVisible();
        await settled(page);
        await expectNoSideways(page);
        await page.locator('#main').evaluate((main) => main.scrollTo(0, 0));
        await shot('new-coupon');

        await nav.getByRole('link', { name: 'Subscriptions' }).click();
        await expect(page.getByTestId('subscription-lists')).toBeVisible({ timeout: 30_000 });
        await settled(page);
        await expectNoSideways(page);
        await shot('subscriptions', true);

        await nav.getByRole('link', { name: 'Activity' }).click();
        await expect(page.getByRole('table', { name: 'Activity log' }).locator('tbody tr')).toHaveCount(2);
        await settled(page);
        await expectNoSideways(page);
        await shot('activity');
      });
    });
  }
}
