// The Students page at 1280×720 (and 1440×900): every column in view without sideways scrolling, with a
// selection showing. With SCREENSHOTS=1 it also writes docs/screenshots/students-<theme>[-1280].png, light and
// dark (SCREENSHOTS_DIR sends them elsewhere while polishing).
import { fileURLToPath } from 'node:url';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';

const enabled = process.env.SCREENSHOTS === '1';
const out = process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const expect = baseExpect.configure({ timeout: 20_000 });

const sizes = enabled ? ([['', 1440, 900], ['-1280', 1280, 720]] as const) : ([['-1280', 1280, 720]] as const);
const schemes = enabled ? (['light', 'dark'] as const) : (['light'] as const);

for (const [suffix, width, height] of sizes) {
  for (const colorScheme of schemes) {
    test.describe(`students page ${width}×${height} ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });
      test(`fits ${width}×${height} (${colorScheme})`, async ({ page, sandbox }) => {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
        const table = page.getByTestId('students-table');
        await expect(table).toBeVisible({ timeout: 30_000 });
        await table.locator('[role="row"][data-index="1"]').getByRole('checkbox').click();
        await table.locator('[role="row"][data-index="3"]').getByRole('checkbox').click({ modifiers: ['Shift'] });
        await expect(page.getByRole('region', { name: 'Selected students' })).toContainText('3 selected');
        await expect(page.locator('[aria-busy="true"], .spinner, .progress')).toHaveCount(0);
        const dismiss = page.getByRole('button', { name: 'Dismiss' });
        while ((await dismiss.count()) > 0) await dismiss.first().click();
        await page.mouse.move(0, 0);
        const sideways = await table.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
        expect(sideways, 'the students table scrolls sideways').toBe(false);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        if (enabled) await page.screenshot({ path: `${out}/students-${colorScheme}${suffix}.png` });
      });
    });
  }
}
