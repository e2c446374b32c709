// Every dashboard fits the window it runs in (both projects: 1440×900 and 1280×720): no sideways scrolling
// of a page or a table, the money columns inside the window, text inside its card, the order drawer
// showing every field from its top, and a permission prompt that does not push the page's title down. No
// table cell cuts its text (Orders in English and 繁體中文, Students' e-mails, the explorer's lists).
import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';
import { switchLanguage } from './fixtures/language';
import { cutCells, sidewaysScrollers } from './fixtures/layout';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
const expect = baseExpect.configure({ timeout: 15_000 });

async function signedIn(page: Page, school: string): Promise<void> {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(school, { timeout: 30_000 });
}

/** The page as a whole does not scroll sideways. */
async function expectNoPageScrollX(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** A box entirely inside the window, left to right. */
async function expectInsideWindowX(page: Page, locator: Locator, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge (window ${width} px)`).toBeLessThanOrEqual(width);
}

test('Courses, Orders and Students: every table fits the window, the money columns in view, no text cut', async ({ page, sandbox }) => {
  // The demo data moves with the date, so which coupons the newest orders carry changes from day to day
  // (BLACKFRIDAY2026 in the week after Black Friday). The newest paid order's coupon gets the longest code the
  // app lets an admin create (32 characters): the first rows hold it on any day, and it must show in full.
  const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
  let newest = -1;
  for (let i = 0; i < school.orders.count; i++) {
    if (school.orders.coupon[i]! >= 0 && !Number.isNaN(school.orders.paidAt[i]!) && (newest < 0 || school.orders.paidAt[i]! > school.orders.paidAt[newest]!)) newest = i;
  }
  const longestCode = 'EARLY-BIRD_2026-WINTER-WORKSHOPS';
  expect(longestCode).toHaveLength(32);
  school.catalog.coupons[school.orders.coupon[newest]!]!.coupon.code = longestCode;
  await signedIn(page, sandbox.platform.schools[0]!.name);

  await openCourses(page);
  const courses = page.getByTestId('courses-table');
  await expect(courses.locator('tbody tr').first()).toBeVisible();
  await expectNoPageScrollX(page);
  expect(await sidewaysScrollers(page.locator('html'), '.table-scroll, .card')).toEqual([]);
  await expectInsideWindowX(page, courses.getByRole('columnheader', { name: /Net revenue/ }), 'Courses: Net revenue header');
  await expectInsideWindowX(page, courses.locator('[data-field="revenue"]').first(), 'Courses: a revenue cell');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const orders = page.getByTestId('orders-table');
  await expect(orders.locator('[role="row"][data-index="0"]')).toBeVisible();
  await expect(orders.locator('.is-loading')).toHaveCount(0);
  await expectNoPageScrollX(page);
  expect(await sidewaysScrollers(page.locator('html'), '.vtable, .vtable-body, .card')).toEqual([]);
  for (const name of ['Original', 'Discount', 'Paid amount', 'Refunded']) {
    await expectInsideWindowX(page, orders.getByRole('columnheader', { name: new RegExp(name) }), `Orders: ${name} header`);
  }
  // Every cell of a row inside the row: nothing hidden to the right of the table.
  const row = orders.locator('[role="row"][data-index="0"]');
  const rowBox = (await row.boundingBox())!;
  for (const cell of await row.getByRole('cell').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, (await cell.textContent()) ?? "").toBeLessThanOrEqual(rowBox.x + rowBox.width + 0.5);
  }
  // No text cut in any row drawn: buyer, items, the paid time's two lines, badges, amounts, the coupon under
  // its discount. At 1280×720 too, and rows enough to work with show above the fold.
  await expect(orders.locator('.cell-coupon').filter({ hasText: longestCode }).first()).toBeVisible();
  expect(await cutCells(orders, '[role="row"][data-order-id] [role="cell"], .cell-coupon'), 'cut off in the Orders table').toEqual([]);
  const inView = await orders.locator('[role="row"][data-order-id]').evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(inView, 'order rows above the fold').toBeGreaterThanOrEqual(4);

  // The demo data moves with the date, so which buyers the first rows show changes from day to day: the
  // school's longest buyer name (whichever day it is) must fit its cell too.
  let longest = '';
  for (let i = 0; i < school.orders.count; i++) {
    const name = school.students.name(school.orders.buyer[i]!);
    if (name.length > longest.length) longest = name;
  }
  await page.getByPlaceholder('Trade number, buyer name or email').fill(longest);
  const first = orders.locator('[role="row"][data-order-id]').first();
  await expect(first.locator('[role="cell"]:nth-child(3)')).toHaveText(longest);
  const cut = await first.locator('[role="cell"]:nth-child(3)').evaluate((cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1);
  expect(cut, `"${longest}" cut off in the Orders table`).toBe(false);

  // Likewise the longest item name a row starts with ("Course · Plan", with "+2" when the order has more): its
  // product picked in the Product filter, every row drawn then holds it, and none is cut.
  let longestItem = { text: '', productId: '' };
  for (let i = 0; i < school.orders.count; i++) {
    const from = school.orders.itemStart[i]!;
    const count = school.orders.itemStart[i + 1]! - from;
    if (count === 0) continue;
    const product = school.catalog.products[school.orders.itemProduct[from]!]!;
    const text = count > 1 ? `${product.name} +${count - 1}` : product.name;
    if (text.length > longestItem.text.length) longestItem = { text, productId: product.productId };
  }
  await page.getByPlaceholder('Trade number, buyer name or email').fill('');
  await page.getByLabel('Product').selectOption(longestItem.productId);
  await expect(orders.locator('.orders-items').filter({ hasText: longestItem.text.replace(/ \+\d+$/, '') }).first()).toBeVisible();
  await expect(orders.locator('.is-loading')).toHaveCount(0);
  expect(await cutCells(orders, '[role="row"][data-order-id] [role="cell"], .cell-coupon'), `"${longestItem.text}" cut off in the Orders table`).toEqual([]);

  // Students: the e-mail tells apart students who share a name, so no address is cut, the longest included.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  const students = page.getByTestId('students-table');
  await expect(students.locator('[role="row"][data-index="0"]')).toBeVisible();
  await expect(students.locator('.is-loading')).toHaveCount(0);
  expect(await cutCells(students, '[role="row"] [role="cell"]'), 'cut off in the Students table').toEqual([]);
  let longestEmail = '';
  for (let s = 0; s < school.students.count; s++) {
    const email = school.students.person(s).email;
    if (email.length > longestEmail.length) longestEmail = email;
  }
  await page.getByPlaceholder('Name or email').fill(longestEmail);
  await expect(students.locator('[role="row"][data-index="0"] [role="cell"]:nth-child(3)')).toHaveText(longestEmail);
  expect(await cutCells(students, '[role="row"] [role="cell"]'), `"${longestEmail}" cut off in the Students table`).toEqual([]);
  await expectNoPageScrollX(page);

  // In 繁體中文 (2026/11/26 over 14:05, US$ amounts) nothing is cut either.
  await switchLanguage(page, '繁體中文');
  await page.getByRole('link', { name: '訂單', exact: true }).click();
  await expect(orders.locator('[role="row"][data-index="0"]')).toBeVisible();
  await expect(orders.locator('.is-loading')).toHaveCount(0);
  expect(await cutCells(orders, '[role="row"][data-order-id] [role="cell"], .cell-coupon'), 'cut off in the Orders table in Chinese').toEqual([]);
  expect(await sidewaysScrollers(page.locator('html'), '.vtable, .vtable-body, .card')).toEqual([]);
});

test('a course page: the Plans tile keeps its text inside, the permission prompt leaves the title where it was', async ({ page, sandbox, consent }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await openCourses(page);
  // The course with the most price plans: the longest Plans tile.
  const rows = page.getByTestId('courses-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const longest = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({ id: tr.getAttribute('data-course-id')!, plans: tr.querySelector('td[title]')?.getAttribute('title') ?? '' })).sort((a, b) => b.plans.length - a.plans.length)[0]!.id,
  );
  await page.getByTestId('courses-table').locator(`tr[data-course-id="${longest}"]`).getByRole('link').click();
  await expect(page.locator('.stat-tile').filter({ hasText: 'Plans' })).toBeVisible();
  await expectNoPageScrollX(page);
  const overflowing = await page.locator('.stat-tile').evaluateAll((tiles) =>
    tiles.filter((tile) => [...tile.querySelectorAll<HTMLElement>('*')].some((e) => e.getBoundingClientRect().right > tile.getBoundingClientRect().right + 0.5)).map((t) => t.textContent),
  );
  expect(overflowing, 'tiles whose text runs past the card').toEqual([]);
  await expect(page.getByRole('table', { name: "This course's orders" })).toBeVisible();
  expect(await sidewaysScrollers(page.locator('html'), '.table-scroll, .card')).toEqual([]);

  const title = page.getByRole('heading', { level: 1 });
  const before = (await title.boundingBox())!;
  const toggle = page.getByRole('button', { name: /^(Publish|Unpublish)$/ });
  const verb = (await toggle.textContent())!.trim();
  await toggle.click();
  // Both are visible to learners: the app confirms first, then asks for the permission it lacks.
  await page.getByRole('dialog', { name: new RegExp(`^${verb} “`) }).getByRole('button', { name: verb, exact: true }).click();
  const prompt = page.getByRole('alert').filter({ hasText: 'needs one more permission' });
  await expect(prompt).toBeVisible();
  const after = (await title.boundingBox())!;
  expect(Math.abs(after.y - before.y), 'the page title moved down').toBeLessThanOrEqual(1);
  await expectInsideWindowX(page, prompt, 'the permission prompt');
  // The prompt's buttons sit beside its message (the write's permission card), not inside the alert text.
  const grant = page.getByRole('button', { name: 'Grant access', exact: true });
  const notNow = page.getByRole('button', { name: 'Not now', exact: true });
  await expect(grant).toBeInViewport();
  // Granting runs in the browser: its progress (with Cancel) shows without moving the page either.
  consent.decision = 'Leave';
  await grant.click();
  // The write's dialog is modal: the sign-in's progress and its Cancel show inside it.
  const cancel = page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true });
  await expect(cancel).toBeInViewport();
  const granting = (await title.boundingBox())!;
  expect(Math.abs(granting.y - before.y), 'the page title moved down while granting').toBeLessThanOrEqual(1);
  await cancel.click();
  await expect(cancel).toHaveCount(0);
  await expect(notNow).toBeEnabled();
  await notNow.click();
  await expect(prompt).toHaveCount(0);
});

test('Analytics and the explorer fit the window', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByTestId('sales-tiles')).toBeVisible();
  // Its course drop-down reads A to Z in the UI language's order, like every course list.
  const course = page.getByLabel('Course', { exact: true });
  await expect(course.locator('option').nth(2)).toBeAttached();
  const titles = (await course.locator('option').allTextContents()).slice(1);
  expect(titles).toEqual([...titles].sort(new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' }).compare));
  await expectNoPageScrollX(page);
  expect(await sidewaysScrollers(page.locator('html'), '.table-scroll, .card, .stat-tile')).toEqual([]);
  for (const view of ['Subscriptions', 'Learning']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(page.getByTestId(`${view.toLowerCase() === 'subscriptions' ? 'subscription' : 'learning'}-tiles`)).toBeVisible();
    await expectNoPageScrollX(page);
    expect(await sidewaysScrollers(page.locator('html'), '.table-scroll, .card, .stat-tile'), view).toEqual([]);
  }

  // The explorer's lists with dates, choices and linked names: every cell whole (a date on one line), nothing
  // scrolls sideways; an area behind a scope not granted at sign-in asks for it first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
  for (const area of ['Posts', 'Forms', 'Membership plans', 'Digital products']) {
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: area }).click();
    const table = page.getByRole('table', { name: area });
    const grant = page.getByRole('button', { name: 'Grant access' });
    await expect(table.or(grant)).toBeVisible();
    if (await grant.isVisible()) await grant.click();
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expectNoPageScrollX(page);
    expect(await sidewaysScrollers(page.locator('main'), '.table-scroll, .card'), area).toEqual([]);
    expect(await cutCells(table, 'tbody td, tbody th, thead th'), `${area}: cut`).toEqual([]);
  }
});

test('an order opens in a drawer at its top, every field inside it, nothing to scroll sideways', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const table = page.getByTestId('orders-table');
  await expect(table.locator('.is-loading')).toHaveCount(0);
  // An order with several items and a coupon: the longest drawer there is.
  const row = table.locator('[role="row"][data-order-id]').filter({ has: page.locator('.cell-sub-inline') }).first();
  await row.focus();
  await page.keyboard.press('Enter');

  const drawer = page.getByRole('dialog');
  const heading = drawer.getByRole('heading', { name: /^Order T/ });
  await expect(heading).toBeVisible();
  await expect(drawer.getByTestId('order-details').getByRole('table', { name: 'Items' })).toBeVisible();
  await expect(heading).toBeInViewport();
  const shape = await drawer.evaluate((dialog) => {
    const panel = dialog.querySelector<HTMLElement>('.dialog-panel')!;
    const right = panel.getBoundingClientRect().right;
    return {
      scrollers: [dialog, panel].filter((e) => e.scrollWidth > e.clientWidth).map((e) => `${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
      scrollTops: [dialog.scrollTop, panel.scrollTop],
      pastTheRightEdge: [...panel.querySelectorAll<HTMLElement>('*')].filter((e) => e.getBoundingClientRect().right > right + 0.5).map((e) => e.textContent?.slice(0, 40)),
      dialogRight: dialog.getBoundingClientRect().right,
    };
  });
  expect(shape.scrollers, 'the drawer scrolls sideways').toEqual([]);
  expect(shape.pastTheRightEdge, 'content past the drawer').toEqual([]);
  expect(shape.scrollTops, 'the drawer opens at its top').toEqual([0, 0]);
  expect(shape.dialogRight).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The fields an admin reads first are on screen without scrolling.
  for (const field of ['State', 'Buyer', 'Paid', 'Payment']) await expect(drawer.locator('dt', { hasText: new RegExp(`^${field}$`) })).toBeInViewport();
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeInViewport();
});
