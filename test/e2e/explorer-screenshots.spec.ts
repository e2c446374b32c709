// The explorer at 1280×720: the overview, a list with its filter and one record in its edit form, without
// sideways scrolling. With SCREENSHOTS=1 it also writes docs/screenshots/explorer-<view>-<theme>.png at
// 1440×900 and 1280×720, light and dark (SCREENSHOTS_DIR sends them elsewhere).
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { expectNoSideways, SCREENSHOT_DIR, SCREENSHOTS_ENABLED, settled } from './fixtures/screenshot-pages';

const enabled = SCREENSHOTS_ENABLED;
const out = SCREENSHOT_DIR;
const expect = baseExpect.configure({ timeout: 20_000 });



const sizes = enabled ? ([['', 1440, 900], ['-1280', 1280, 720]] as const) : ([['-1280', 1280, 720]] as const);
const schemes = enabled ? (['light', 'dark'] as const) : (['light'] as const);

for (const [suffix, width, height] of sizes) {
  for (const colorScheme of schemes) {
    test.describe(`explorer ${width}×${height} ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });
      test(`overview, a list, a record's form fit ${width}×${height} (${colorScheme})`, async ({ page, sandbox }) => {
        test.setTimeout(150_000);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
        const shot = async (name: string) => {
          if (enabled) await page.screenshot({ path: `${out}/explorer-${name}-${colorScheme}${suffix}.png` });
        };
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
        await expect(page.locator('.explorer-card').first()).toBeVisible();
        await settled(page);
        await expectNoSideways(page);
        await shot('overview');

        const areas = page.getByRole('navigation', { name: 'Areas' });
        await areas.getByRole('link', { name: 'Posts' }).click();
        await page.getByRole('button', { name: 'Grant access' }).click();
        await expect(page.getByRole('table', { name: 'Posts' })).toBeVisible({ timeout: 30_000 });
        await page.getByLabel('Access').selectOption('public');
        await expect(page.getByText(/Page 1 · \d+ in all/)).toBeVisible();
        // The filtered page, not the one before it shown dimmed while it loads.
        await expect(page.getByRole('table', { name: 'Posts' }).locator('tbody')).not.toContainText(/Login required|Paid/);
        await settled(page);
        await expectNoSideways(page);
        await shot('list');

        await page.getByRole('table', { name: 'Posts' }).locator('tbody tr').first().getByRole('button').click();
        await page.locator('.explorer-record').getByRole('button', { name: 'Edit' }).click();
        await page.getByRole('form').getByLabel('Title').fill('');
        await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
        await expect(page.locator('[data-field="title"] .field-error')).toBeVisible();
        await settled(page);
        await expectNoSideways(page);
        await shot('edit');
      });
    });
  }
}
