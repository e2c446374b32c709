// The README's screenshots of the signed-in window, light and dark. Runs only with SCREENSHOTS=1
// (`SCREENSHOTS=1 npx playwright test test/e2e/screenshots.spec.ts`); writes docs/screenshots/*.png.
// SCREENSHOTS_DIR sends them elsewhere (e.g. to look at the Connect screen and settings while polishing).
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures/app';
import { clickConnectDemoSchool, connectDemoSchool } from './fixtures/app-actions';

const enabled = process.env.SCREENSHOTS === '1';
const out = process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const extras = Boolean(process.env.SCREENSHOTS_DIR);

test.describe('@screenshots', () => {
  test.skip(!enabled, 'set SCREENSHOTS=1 to write the README screenshots');
  test.use({ viewport: { width: 1320, height: 840 }, deviceScaleFactor: 1 });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`signed-in window, ${colorScheme}`, async ({ page, sandbox, consent }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      if (extras) {
        await page.screenshot({ path: `${out}/connect-${colorScheme}.png` });
        consent.decision = 'Leave';
        await clickConnectDemoSchool(page);
        await page.getByRole('link', { name: 'Open the sign-in page' }).waitFor();
        await page.bringToFront();
        await page.screenshot({ path: `${out}/connect-waiting-${colorScheme}.png` });
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page.getByRole('alert').waitFor();
        await page.getByLabel("Your school's address").fill('school');
        await page.getByLabel("Your school's address").blur();
        await page.screenshot({ path: `${out}/connect-cancelled-${colorScheme}.png` });
        consent.decision = 'Allow';
      }
      await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // Let the dashboard finish loading (no spinner, no skeleton) before the picture.
      await expect(page.locator('[aria-busy="true"], .skeleton, .spinner')).toHaveCount(0, { timeout: 20_000 });
      // The "Connected" notice is news, not part of the window's usual look.
      for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.screenshot({ path: `${out}/signed-in-${colorScheme}.png` });
      if (extras) {
        await page.getByRole('link', { name: 'Settings' }).click();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.screenshot({ path: `${out}/settings-${colorScheme}.png` });
        await page.getByRole('button', { name: /switch school/i }).click();
        await page.screenshot({ path: `${out}/menu-${colorScheme}.png` });
        await page.keyboard.press('Escape');
        for (const name of ['Courses', 'Orders']) {
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
          await expect(page.locator('[aria-busy="true"], .skeleton, .spinner')).toHaveCount(0, { timeout: 20_000 });
          await page.screenshot({ path: `${out}/${name.toLowerCase()}-${colorScheme}.png` });
        }
      }
    });
  }
});

test.describe('@screenshots extras', () => {
  test.skip(!enabled || !extras, 'set SCREENSHOTS=1 and SCREENSHOTS_DIR to look at more screens');
  test.use({ viewport: { width: 1320, height: 840 }, deviceScaleFactor: 1 });

  test('grant access prompt and a session that ended', async ({ page, sandbox, consent }) => {
    consent.scopes = (asked) => asked.filter((scope) => scope !== 'orders:read');
    await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('region', { name: 'More access needed' }).waitFor();
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
    await page.screenshot({ path: `${out}/grant-light.png` });
    sandbox.knobs.forgetAllClients();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByText('Your session with').first().waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${out}/session-ended-dark.png` });
  });
});
