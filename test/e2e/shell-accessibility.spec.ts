// Accessibility checked by a machine: axe (WCAG 2.1 A/AA rules and best practices) on every screen and
// dialog, failing on serious or critical violations. One sign-in for the whole pass: the spec walks the routes
// and opens the dialogs itself. Every screen is checked in the light theme; the dark theme (colour contrast,
// the one rule a theme changes) on the screens that carry every kind of colour the app uses. It runs at
// 1440×900 only (playwright.config.ts): window size changes where things sit, not their names, roles or
// colours, and the 1280×720 layouts have their own checks in the *-layout specs.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { connectDemoSchool, openAccountMenu } from './fixtures/app-actions';

/**
 * Screens reached from the navigation, by their address, with the h1 each shows when it is ready; `dark` marks
 * the ones checked in the dark theme too: a table with status badges, charts and currency tabs, forms, a
 * dialog-like card, and the Connect screen (outside the frame).
 */
const SCREENS: readonly { route: string; title: RegExp; dark?: true }[] = [
  { route: '/courses', title: /^Courses$/ },
  { route: '/orders', title: /^Orders$/, dark: true },
  { route: '/analytics', title: /^Analytics$/, dark: true },
  { route: '/students', title: /^Students$/ },
  { route: '/members', title: /^Members$/ },
  { route: '/coupons', title: /^Coupons$/ },
  { route: '/coupons/new', title: /^New coupon$/, dark: true },
  { route: '/subscriptions', title: /^Subscriptions$/ },
  { route: '/events', title: /^Events$/ },
  { route: '/comments', title: /^Comments$/ },
  { route: '/activity', title: /^Activity$/ },
  { route: '/explore', title: /^Explore/ },
  { route: '/settings', title: /^Settings$/, dark: true },
  { route: '/connect', title: /school/i, dark: true },
];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, where: string, findings: Finding[], themes: readonly ('light' | 'dark')[] = ['light']): Promise<void> {
  // Nothing half-drawn: no spinner announcing work, no busy region.
  await expect(page.locator('.spinner-labelled, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    // Only violations are collected (passes and "incomplete" cost most of axe's time); in the dark theme only
    // colour contrast. Legacy mode runs axe.run in the page itself instead of finishing each run in a new blank
    // page (more than half of each run's time here); it skips cross-origin frames, and the app has none.
    const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
    const result = await (theme === 'light' ? builder.withTags(WCAG_TAGS) : builder.withRules(['color-contrast'])).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      findings.push({ where: `${where} (${theme})`, rule: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('axe finds no serious or critical violation on any screen or dialog (light; dark on the representative ones)', async ({ page, sandbox }) => {
  // About a minute on a loaded 2-CPU box: 22 axe runs after one sign-in.
  test.setTimeout(180_000);
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const findings: Finding[] = [];
  for (const { route, title, dark } of SCREENS) {
    await page.evaluate((hash) => (window.location.hash = hash), `#${route}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await audit(page, route, findings, dark ? ['light', 'dark'] : ['light']);
  }

  // The dialogs and menus of the frame.
  await page.evaluate(() => (window.location.hash = '#/settings'));
  await page.getByRole('button', { name: `Sign out of ${school.name}` }).click();
  await expect(page.getByRole('dialog', { name: `Sign out of ${school.name}?` })).toBeVisible();
  await audit(page, 'sign-out dialog', findings, ['light', 'dark']);
  await page.keyboard.press('Escape');

  await openAccountMenu(page);
  await audit(page, 'account switcher', findings);
  await page.keyboard.press('Escape');

  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.type('a');
  await audit(page, 'command palette', findings);
  await page.keyboard.press('Escape');

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await audit(page, 'keyboard shortcuts', findings, ['light', 'dark']);
  await page.keyboard.press('Escape');

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
