// Accessibility checked by a machine: axe (WCAG 2.1 A/AA rules and best practices) on every screen and
// dialog, in the light and the dark theme, at both window sizes, failing on serious or critical violations.
// One sign-in for the whole pass: the spec walks the routes and opens the dialogs itself.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { connectDemoSchool, openAccountMenu } from './fixtures/app-actions';

/**
 * Every screen at 1440×900; at 1280×720, where only the layout differs, the widest table, the Connect screen
 * and the dialogs: axe costs seconds per screen, and the suite's budget is tight.
 */
const SIZES = [
  { width: 1440, height: 900, screens: 'all' },
  { width: 1280, height: 720, screens: ['/orders', '/connect'] },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Screens reached from the navigation, by their address, with the h1 each shows when it is ready. */
const SCREENS: readonly [route: string, title: RegExp][] = [
  ['/courses', /^Courses$/],
  ['/orders', /^Orders$/],
  ['/analytics', /^Analytics$/],
  ['/students', /^Students$/],
  ['/members', /^Members$/],
  ['/coupons', /^Coupons$/],
  ['/coupons/new', /^New coupon$/],
  ['/subscriptions', /^Subscriptions$/],
  ['/events', /^Events$/],
  ['/comments', /^Comments$/],
  ['/activity', /^Activity$/],
  ['/explore', /^Explore/],
  ['/settings', /^Settings$/],
  ['/connect', /school/i],
];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, where: string, findings: Finding[]): Promise<void> {
  // Nothing half-drawn: no spinner announcing work, no busy region.
  await expect(page.locator('.spinner-labelled, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    // Only violations are collected (passes and "incomplete" cost most of axe's time); in the dark theme only
    // colour contrast, the one rule a theme changes.
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    const result = await (theme === 'light' ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']) : builder.withRules(['color-contrast'])).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      console.log(`${where} (${theme}) ${violation.id} ${violation.impact}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
      findings.push({ where: `${where} (${theme})`, rule: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) });
    }
  }
}

test('axe finds no serious or critical violation on any screen or dialog, light and dark, at both sizes', async ({ page, sandbox }) => {
  test.setTimeout(600_000);
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const findings: Finding[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const at = `${size.width}×${size.height}`;
    for (const [route, title] of SCREENS.filter(([route]) => size.screens === 'all' || (size.screens as readonly string[]).includes(route))) {
      await page.evaluate((hash) => (window.location.hash = hash), `#${route}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await audit(page, `${route} ${at}`, findings);
    }

    // The dialogs and menus of the frame.
    await page.evaluate(() => (window.location.hash = '#/settings'));
    await page.getByRole('button', { name: `Sign out of ${school.name}` }).click();
    await expect(page.getByRole('dialog', { name: `Sign out of ${school.name}?` })).toBeVisible();
    await audit(page, `sign-out dialog ${at}`, findings);
    await page.keyboard.press('Escape');

    await openAccountMenu(page);
    await audit(page, `account switcher ${at}`, findings);
    await page.keyboard.press('Escape');

    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.type('a');
    await audit(page, `command palette ${at}`, findings);
    await page.keyboard.press('Escape');
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});
