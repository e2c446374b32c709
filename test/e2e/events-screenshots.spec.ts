// The Events list, an event's page and the comments inbox at 1280×720: nothing scrolls sideways. With
// SCREENSHOTS=1 it also writes docs/screenshots/{events,event,comments}-<theme>[-1280].png at 1440×900 and
// 1280×720, light and dark (SCREENSHOTS_DIR sends them elsewhere while polishing). It sets its own window
// sizes, so it runs in the 1440x900 project only.
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { expectNoSideways, SCREENSHOT_DIR, SCREENSHOTS_ENABLED, settled } from './fixtures/screenshot-pages';

const enabled = SCREENSHOTS_ENABLED;
const out = SCREENSHOT_DIR;
const expect = baseExpect.configure({ timeout: 20_000 });



const sizes = enabled ? ([['', 1440, 900], ['-1280', 1280, 720]] as const) : ([['-1280', 1280, 720]] as const);
const schemes = enabled ? (['light', 'dark'] as const) : (['light'] as const);

test.use({ sandboxOrders: 20_000 });

for (const [suffix, width, height] of sizes) {
  for (const colorScheme of schemes) {
    test.describe(`events and comments ${width}×${height} ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });
      test(`events, an event and the comments inbox fit ${width}×${height} (${colorScheme})`, async ({ page, sandbox }, testInfo) => {
        test.skip(testInfo.project.name !== '1440x900', 'sets its own window size');
        test.setTimeout(150_000);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const shot = async (name: string) => {
          if (enabled) await page.screenshot({ path: `${out}/${name}-${colorScheme}${suffix}.png` });
        };

        await nav.getByRole('link', { name: 'Events' }).click();
        await expect(page.getByTestId('events-table')).toBeVisible({ timeout: 30_000 });
        await page.getByRole('button', { name: /^Past \(/ }).click();
        await settled(page);
        await expectNoSideways(page, '.table-scroll, .card');
        await shot('events');

        await page.getByTestId('events-table').locator('tbody tr th a').first().click();
        await expect(page.getByRole('table', { name: 'Attendees' })).toBeVisible();
        const form = page.getByRole('form', { name: 'Edit event' });
        await form.getByLabel(/^Capacity \(/).first().fill('0');
        await form.getByRole('button', { name: 'Save changes' }).click();
        await expect(form.locator('.field-error').first()).toBeVisible();
        await settled(page);
        await expectNoSideways(page, '.table-scroll, .card');
        await shot('event');

        await nav.getByRole('link', { name: 'Comments' }).click();
        await expect(page.getByTestId('comment-list')).toBeVisible({ timeout: 30_000 });
        await settled(page);
        await expectNoSideways(page, '.table-scroll, .card');
        await shot('comments');
      });
    });
  }
}
