// The People pages (a student's profile, Members, a course's stalled learners) at 1280×720 without
// sideways scrolling. With SCREENSHOTS=1 it also writes docs/screenshots/people-<page>-<theme>.png at
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
    test.describe(`people pages ${width}×${height} ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });
      test(`profile, members, stalled learners fit ${width}×${height} (${colorScheme})`, async ({ page, sandbox }) => {
        test.setTimeout(150_000);
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const school = sandbox.platform.schools[0]!;
        await connectDemoSchool(page, school.name);
        const data = sandbox.platform.data.get(school.id)!;
        const shot = async (name: string) => {
          if (enabled) await page.screenshot({ path: `${out}/people-${name}-${colorScheme}${suffix}.png` });
        };
        // A student with several enrollments and orders in view.
        let student = 0;
        for (let s = 0; s < data.students.count; s++) if (data.enrollments.forStudent(s).length >= 3) { student = s; break; }
        await page.goto(page.url().replace(/#.*$/, `#/students/${encodeURIComponent(data.students.id(student))}`));
        await expect(page.getByTestId('student-profile')).toBeVisible({ timeout: 30_000 });
        await settled(page);
        await expectNoSideways(page);
        await shot('profile');

        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
        await expect(page.getByTestId('members')).toBeVisible({ timeout: 30_000 });
        await settled(page);
        await expectNoSideways(page);
        await shot('members');

        await page.goto(page.url().replace(/#.*$/, `#/courses/${encodeURIComponent(data.catalog.courses[0]!.course.id)}`));
        const stalled = page.getByTestId('stalled-learners');
        await expect(stalled.getByRole('table')).toBeVisible({ timeout: 30_000 });
        await stalled.scrollIntoViewIfNeeded();
        await settled(page);
        await expectNoSideways(page);
        await shot('stalled');
      });
    });
  }
}
