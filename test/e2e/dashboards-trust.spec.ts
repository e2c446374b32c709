// What an admin sees that must not break their trust in the figures (issues 9 and 18): the school's days
// whatever the computer's zone, and the zone named; the currency shown is theirs to choose, kept across a
// reload and on every screen, and says which it is; each column says its period; each subscriptions tab
// lists only its currency; a period still in progress is marked, not drawn as a drop; every comparison
// names its days, rates change in points; "vs last year" only where it means something; "Gross" explained;
// From after To shows no stale figures; one date format, state labels as the badges write them. At 1440×900
// and 1280×720, with screenshots to look at (test-results/trust-*.png).
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';
import { daysText, localDay, plusDays } from '../support/local-days';

const expect = baseExpect.configure({ timeout: 20_000 });
// The computer keeps Taipei time; the demo school keeps New York's.
const COMPUTER_ZONE = 'Asia/Taipei';
test.use({ timezoneId: COMPUTER_ZONE, locale: 'en-US' });

/** The same days a year before (29 February is 28 February), as the app compares them. */
const yearBefore = (day: string) => (day.endsWith('-02-29') ? `${Number(day.slice(0, 4)) - 1}-02-28` : `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`);
const dayCountBetween = (first: string, last: string) => Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
/** "vs Oct 1 – 27": the year only when the days are not this year's. */
const versus = (first: string, last: string) => `vs ${daysText(first, last, [first, last].some((d) => d.slice(0, 4) !== String(new Date().getFullYear())))}`;
test.describe.configure({ timeout: 150_000 });

const SYMBOL: Record<string, string> = { USD: '$', EUR: '€' };

/** The element is on screen without scrolling sideways. */
async function expectInView(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const shot = (name: string) => `test-results/trust-${name}-${viewport.width}.png`;

    test('figures say their currency and period, and never show stale or mixed rows', async ({ page, sandbox }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }); // charts drawn at once, for the screenshots
      await clickConnectDemoSchool(page);
      await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
      await openCourses(page);
      // Every date is the school's, named once on the screen, whatever the computer's zone.
      const zone = sandbox.platform.schools[0]!.time_zone;
      expect(zone).not.toBe(COMPUTER_ZONE);
      const today = localDay(Date.now(), zone);
      await expect(page.getByTestId('time-zone')).toContainText(`Times in ${zone}, GMT`);
      await expect(page.getByTestId('time-zone')).toContainText("the school's time zone");
      await expect(page.getByTestId('range-days')).toHaveText(daysText(plusDays(today, -29), today, plusDays(today, -29).slice(0, 4) !== String(new Date().getFullYear())));

      // ---- Courses: the admin picks the revenue currency; the column shows that one only.
      const table = page.getByTestId('courses-table');
      await expect(table).toBeVisible();
      const chooser = page.getByLabel('Revenue in', { exact: true });
      await expect(chooser).toBeVisible();
      await expectInView(page, chooser);
      const options = await chooser.locator('option').allTextContents();
      expect(options.sort()).toEqual(['EUR', 'USD']);
      for (const currency of ['USD', 'EUR']) {
        await chooser.selectOption(currency);
        await expect(page.getByRole('columnheader', { name: new RegExp(`Net revenue \\(${currency}\\)`) })).toBeVisible();
        const cells = await table.locator('[data-field="revenue"]').allTextContents();
        const other = SYMBOL[currency === 'USD' ? 'EUR' : 'USD']!;
        expect(cells.filter((c) => c !== '–').length, `some revenue in ${currency}`).toBeGreaterThan(0);
        for (const cell of cells) expect(cell === '–' || (cell.includes(SYMBOL[currency]!) && !cell.includes(other)), cell).toBe(true);
      }
      // The choice is the admin's, for this school: it survives a reload, and every screen shows it (Analytics below).
      await page.reload();
      await expect(page.getByLabel('Revenue in', { exact: true })).toHaveValue('EUR');
      await expect(page.getByRole('columnheader', { name: /Net revenue \(EUR\)/ })).toBeVisible();
      // Each learner column says its period: active students name the 30 days they count.
      await expect(page.getByRole('columnheader', { name: /Active students/ })).toContainText(/30 days to [A-Z][a-z]{2} \d{1,2}/);
      await expect(page.getByText('students active in the 30 days up to its end')).toBeVisible();
      // State labels: the filter offers the words the badges show.
      const stateOptions = await page.getByLabel('State', { exact: true }).locator('option').allTextContents();
      const badges = new Set(await table.locator('[data-state]').allTextContents());
      for (const badge of badges) expect(stateOptions).toContain(badge);
      expect(stateOptions).not.toContain('published');
      await page.screenshot({ path: shot('courses') });
      // Learners per course, to compare with Analytics › Learning below: one definition, the same numbers.
      const coursesActive = new Map<string, { enrollments: string; active: string }>();
      for (const row of await table.locator('tbody tr').all()) {
        coursesActive.set((await row.locator('th a').textContent())!, {
          enrollments: (await row.locator('[data-field="enrollments"]').textContent())!,
          active: (await row.locator('[data-field="active"]').textContent())!,
        });
      }

      // A course's page: the same learners as its row, and its revenue table says what gross is.
      const withSales = [...coursesActive.entries()].find(([, v]) => v.enrollments !== '0')![0];
      await table.getByRole('link', { name: withSales, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: withSales })).toBeVisible();
      const tilesOfCourse = page.locator('[aria-label="Course figures"]');
      await expect(tilesOfCourse.locator('[data-tile="active"]')).toContainText(coursesActive.get(withSales)!.active);
      await expect(tilesOfCourse.locator('[data-tile="active"]')).toContainText(/in the 30 days to [A-Z][a-z]{2} \d{1,2}/);
      await expect(tilesOfCourse.locator('[data-tile="enrollments"]')).toContainText(coursesActive.get(withSales)!.enrollments);
      await page.screenshot({ path: shot('course') });
      const perDay = page.locator('figure[data-chart="Enrollments per day"]');
      await perDay.getByRole('button', { name: 'Show table' }).click();
      await expect(perDay.locator('tbody tr').last().locator('th')).toHaveText(/ \(so far\)$/);
      await page.getByRole('link', { name: '← All courses' }).click();
      await expect(table).toBeVisible();

      // ---- Analytics › Sales: today is still going on, so its day is marked "so far", not drawn as a drop.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      const tiles = page.getByTestId('sales-tiles');
      await expect(tiles).toBeVisible();
      await expect(page.getByRole('tablist', { name: 'Currency' }).getByRole('tab', { selected: true })).toHaveText('EUR');
      await expect(tiles).toHaveAttribute('data-currency', 'EUR');
      await page.getByRole('tablist', { name: 'Currency' }).getByRole('tab', { name: 'USD' }).click();
      await expect(tiles).toHaveAttribute('data-currency', 'USD');
      await expect(page.getByTestId('partial-period').first()).toContainText('is not over yet');
      const revenue = page.locator('figure[data-chart^="Revenue per day"]');
      await revenue.getByRole('button', { name: 'Show table' }).click();
      await expect(revenue.locator('tbody tr').last().locator('th')).toHaveText(/ \(so far\)$/);
      await expect(revenue.locator('tbody tr').first().locator('th')).not.toHaveText(/so far/);
      await revenue.getByRole('button', { name: 'Show chart' }).click();
      // Gross says what it is. The last 30 days compare with the 30 before and with the same days last year,
      // each named by its days.
      const rangeStart = plusDays(today, -29);
      await expect(tiles.locator('[data-tile="gross"]')).toContainText('Gross revenue (before discounts)');
      await expect(tiles.locator('[data-tile="gross"]')).toContainText(versus(plusDays(rangeStart, -30), plusDays(rangeStart, -1)));
      await expect(tiles.locator('[data-tile="gross"]')).toContainText(versus(yearBefore(rangeStart), yearBefore(today)));
      await page.screenshot({ path: shot('sales') });
      await page.locator('.chart-row').first().screenshot({ path: shot('sales-charts') });
      // This month so far compares with the same days of last month ("vs Oct 1 – 27"), not the days just before.
      await page.getByLabel('Range', { exact: true }).selectOption('thisMonth');
      const monthStart = `${today.slice(0, 8)}01`;
      const lastMonthStart = plusDays(monthStart, -1).slice(0, 8) + '01';
      const lastMonthEnd = [today.slice(8), plusDays(monthStart, -1).slice(8)].map(Number).reduce((a, b) => Math.min(a, b));
      await expect(page.getByTestId('range-days')).toHaveText(daysText(monthStart, today));
      await expect(tiles.locator('[data-tile="gross"]')).toContainText(versus(lastMonthStart, `${lastMonthStart.slice(0, 8)}${String(lastMonthEnd).padStart(2, '0')}`));
      // A rate changes in percentage points, never as a percent of the rate.
      await page.getByLabel('Range', { exact: true }).selectOption('last90');
      await expect(tiles.locator('[data-tile="refundRate"]')).toContainText(/[+-]\d+\.\d pp/);
      await expect(tiles.locator('[data-tile="refundRate"]')).not.toContainText(/\d%\s*vs/);
      // Today and yesterday are the school's days.
      await page.getByLabel('Range', { exact: true }).selectOption('today');
      await expect(page.getByTestId('range-days')).toHaveText(daysText(today, today));
      await expect(tiles.locator('[data-tile="gross"]')).toContainText(versus(plusDays(today, -1), plusDays(today, -1)));
      await page.getByLabel('Range', { exact: true }).selectOption('yesterday');
      await expect(page.getByTestId('range-days')).toHaveText(daysText(plusDays(today, -1), plusDays(today, -1)));
      // Twelve months: the same days a year before are just the previous period, so "vs last year" goes.
      await page.getByLabel('Range', { exact: true }).selectOption('last12Months');
      const yearStart = plusDays(yearBefore(today), 1);
      const yearLength = dayCountBetween(yearStart, today);
      await expect(tiles.locator('[data-tile="gross"]')).toContainText(versus(plusDays(yearStart, -yearLength), plusDays(yearStart, -1)));
      await expect(page.locator('.query-body[aria-busy="true"]')).toHaveCount(0);
      expect((await tiles.locator('[data-tile="gross"]').textContent())!.match(/vs /g)).toHaveLength(1);
      await expect(tiles).not.toContainText('none in');

      // ---- From after To: an error and no figures, instead of the last range's under the error.
      await page.getByLabel('Range', { exact: true }).selectOption('custom');
      const to = await page.getByLabel('To', { exact: true }).inputValue();
      const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('From', { exact: true }).fill(dayAfter);
      await expect(page.getByRole('alert').filter({ hasText: 'The start day must not be after the end day.' })).toBeVisible();
      await expect(page.getByTestId('range-problem')).toBeVisible();
      await expect(tiles).toHaveCount(0);
      await page.screenshot({ path: shot('range-problem') });
      // Back to a good range: the figures come back.
      await page.getByLabel('From', { exact: true }).fill(to);
      await expect(page.getByTestId('range-problem')).toHaveCount(0);
      await expect(tiles).toBeVisible();

      // ---- Subscriptions: each currency tab lists only its own past-due and canceling subscriptions.
      await page.getByLabel('Range', { exact: true }).selectOption('last30');
      await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
      const subTiles = page.getByTestId('subscription-tiles');
      await expect(subTiles).toBeVisible();
      // MRR over the range: where it stands now, against where it stood at the range's start.
      await expect(subTiles.locator('[data-tile="mrr"]')).toContainText('vs the start of');
      await expect(subTiles.locator('[data-tile="mrr"]')).toContainText(/now$/);
      const currencyTabs = page.getByRole('tablist', { name: 'Currency' });
      const seen = new Map<string, string[]>();
      for (const currency of ['USD', 'EUR']) {
        await currencyTabs.getByRole('tab', { name: currency }).click();
        await expect(subTiles).toHaveAttribute('data-currency', currency);
        const other = SYMBOL[currency === 'USD' ? 'EUR' : 'USD']!;
        const rows: string[] = [];
        for (const id of ['past-due', 'canceling']) {
          const amounts = await page.getByTestId(id).locator('tbody td.num').allTextContents();
          for (const amount of amounts) {
            expect(amount, `${id} under ${currency}`).toContain(SYMBOL[currency]!);
            expect(amount, `${id} under ${currency}`).not.toContain(other);
          }
          rows.push(...(await page.getByTestId(id).locator('tbody th').allTextContents()));
        }
        seen.set(currency, rows);
        if (currency === 'USD') await page.screenshot({ path: shot('subscriptions') });
      }
      expect(seen.get('USD')!.length, 'some USD subscriptions listed').toBeGreaterThan(0);
      expect(seen.get('USD')).not.toEqual(seen.get('EUR'));

      // ---- Learning: what the page promises, it shows: each tile against the 30 days before.
      await page.getByRole('button', { name: 'Learning', exact: true }).click();
      const learning = page.getByTestId('learning-tiles');
      await expect(learning).toBeVisible();
      await expect(learning.getByText(versus(plusDays(rangeStart, -30), plusDays(rangeStart, -1))).first()).toBeVisible();
      await expect(learning.locator('[data-tile="active"]')).toContainText(/in the 30 days to [A-Z][a-z]{2} \d{1,2}/);
      await page.screenshot({ path: shot('learning') });
      const top = page.locator('figure[data-chart^="Top courses"]');
      await top.getByRole('button', { name: 'Show table' }).click();
      const topRows = await top.locator('tbody tr').all();
      expect(topRows.length).toBeGreaterThan(0);
      for (const row of topRows) {
        const [title, enrollments, active] = await Promise.all([row.locator('th').textContent(), row.locator('td').nth(0).textContent(), row.locator('td').nth(1).textContent()]);
        expect(coursesActive.get(title!), `${title} on Courses and on Learning`).toEqual({ enrollments, active });
      }

      // ---- One date format: the Orders table writes a moment as the order's details do.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
      const first = page.getByTestId('orders-table').locator('[role="row"][data-index="0"]');
      await expect(first).toBeVisible();
      await first.click();
      const dialog = page.getByRole('dialog');
      const paid = (await dialog.locator('dt', { hasText: /^Paid$/ }).locator('xpath=following-sibling::dd[1]').textContent())!;
      expect(paid).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
      // The table sets the day over the time (two short lines at 1280×720): the same two parts of the same format.
      const paidCell = first.getByRole('cell').filter({ has: page.locator('time') }).first();
      const [day, time] = await paidCell.locator('time > span').allTextContents();
      expect(`${day}, ${time}`).toBe(paid);
      // ...and the table's column holds it whole, not cut or spilling into the buyer's name.
      expect(await paidCell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.keyboard.press('Escape');

      // ---- Settings › Time zone: this computer's instead, kept across a reload, named on every screen; then back.
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('radio', { name: /This computer's time zone/ }).check();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
      const computerToday = localDay(Date.now(), COMPUTER_ZONE);
      await expect(page.getByTestId('time-zone')).toContainText(`Times in ${COMPUTER_ZONE}, GMT+8 (this computer's time zone`);
      await page.reload();
      await expect(page.getByTestId('time-zone')).toContainText(`Times in ${COMPUTER_ZONE}`);
      await expect(page.getByTestId('range-days')).toHaveText(daysText(plusDays(computerToday, -29), computerToday, plusDays(computerToday, -29).slice(0, 4) !== String(new Date().getFullYear())));
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('radio', { name: /The school's time zone/ }).check();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
      await expect(page.getByTestId('time-zone')).toContainText(`Times in ${zone}`);

      // The same marks in the dark theme, to look at.
      await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
      await expect(page.getByRole('columnheader', { name: /Active students/ })).toBeVisible();
      await page.screenshot({ path: shot('courses-dark') });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('button', { name: 'Sales', exact: true }).click();
      await expect(page.getByTestId('partial-period').first()).toBeVisible();
      await page.locator('.chart-row').first().screenshot({ path: shot('sales-charts-dark') });
    });
  });
}
