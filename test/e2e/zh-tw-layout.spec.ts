// The app in 繁體中文 at both window sizes, signed in to the Taiwanese demo school (TWD, Asia/Taipei) when the
// platform has one: on every main page no table cell's or tile's text runs into the next or out of its box,
// nothing scrolls sideways, the palette finds a Chinese course title and a Chinese student name, Students,
// Coupons, New coupon and Subscriptions show no English word of the app's own, and a write (Unpublish, then
// Undo) is worded in Chinese from its confirmation to the Activity page.
import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { IN_CHINESE } from './fixtures/language';
import { sidewaysScrollers, textOutside } from './fixtures/layout';
import { platformClient } from './fixtures/platform-client';
import type { Course } from '../../shared/platform/resources';

test.use(IN_CHINESE);
const expect = baseExpect.configure({ timeout: 30_000 });
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

const CELLS = 'td, th, [role="cell"], [role="columnheader"], .stat-tile, .chip, .badge, .status-pill';

/** The page on screen fits: no sideways scrolling of the page or a card, no text outside its cell or tile. */
async function expectFits(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await sidewaysScrollers(page.locator('main'), '.table-scroll, .card, .vtable, .vtable-body'), `${what}: scrolls sideways`).toEqual([]);
  expect(await textOutside(page.locator('main'), CELLS), `${what}: text outside its cell or tile`).toEqual([]);
}

/**
 * Latin words on screen that are the app's, not the school's: what is left of `root`'s visible text (and its
 * fields' placeholders) once e-mails, time zones, codes and currencies in capitals (SPRING20, TWD) and the words of the
 * school's own texts (course titles, plan and student names, tags: `schoolWords`) are set aside.
 */
async function englishWords(root: Locator, schoolWords: ReadonlySet<string>): Promise<string[]> {
  const text = await root.evaluate((el: HTMLElement) =>
    [el.innerText, ...[...el.querySelectorAll<HTMLInputElement>('[placeholder]')].map((e) => e.placeholder)].join('\n'));
  // Not the app's words either: a time zone's IANA name (Asia/Taipei) and the encodings a list may be in.
  const words = text.replace(/[^\s@]+@[^\s@]+|\b[A-Z][a-z]+\/[A-Za-z_/]+|\bBig5\b/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
  return [...new Set(words.filter((word) => word !== word.toUpperCase() && !schoolWords.has(word)))];
}

/** Every Latin word in the school's own texts: the strings of its seed data that people wrote (with a space or a Chinese character). */
function wordsOf(...records: unknown[]): Set<string> {
  const words = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/\s|[^ -~]/.test(value)) for (const word of value.match(/[A-Za-z]{3,}/g) ?? []) words.add(word);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  records.forEach(visit);
  return words;
}

async function go(page: Page, route: string): Promise<void> {
  await page.goto(new URL(`#${route}`, page.url()).toString());
}

/** Opens the palette, types `text` and returns the option of that kind which names it. */
async function paletteFinds(page: Page, text: string, kind: 'course' | 'student') {
  await page.keyboard.press(`${MOD}+k`);
  const dialog = page.getByRole('dialog', { name: '快速指令' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(text);
  await expect(dialog.getByTestId('palette-searched')).toContainText('已搜尋');
  const option = dialog.locator(`[role="option"][data-kind="${kind}"]`).filter({ hasText: text }).first();
  await expect(option).toBeVisible();
  return option;
}

test('繁體中文: every main page fits, Chinese dates and labels inside their cells, and the palette finds Chinese names', async ({ page, sandbox, consent, context }) => {
  test.setTimeout(240_000);
  const school = sandbox.platform.schools.find((s) => s.currency === 'TWD') ?? sandbox.platform.schools[0]!;
  const data = sandbox.platform.data.get(school.id)!;
  consent.school = school.subdomain;
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await page.getByRole('button', { name: '連線', exact: true }).first().click();
  await expect(page.getByTestId('active-school')).toHaveText(school.name);

  // Courses (sign-in lands on Today, whose layout today-layout.spec.ts checks in both languages), then a
  // Chinese course title through the palette, to its page.
  await go(page, '/courses');
  const courses = page.getByTestId('courses-table');
  await expect(courses.locator('tbody tr').first()).toBeVisible();
  await expectFits(page, 'Courses');
  // A published one, so the write below can unpublish it.
  const published = data.catalog.courses.map((c) => c.course).filter((c) => c.state === 'published');
  const course = published.find((c) => /\p{Script=Han}/u.test(c.title)) ?? published[0]!;
  const courseOption = await paletteFinds(page, course.title, 'course');
  await courseOption.click();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByTestId('stalled-learners')).toContainText('停滯學員');
  await expect(page.locator('.stat-tile').first()).toBeVisible();
  await expectFits(page, 'a course page');

  // A write in 繁體中文: Unpublish asks naming the course, the permission is asked in Chinese, the notice says
  // it is done and Undo publishes it again (checked through the platform's API); both land in the activity log.
  const api = await platformClient(sandbox.url, context, ['courses:read'], school.subdomain);
  await page.getByRole('button', { name: '取消發布', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `要取消發布「${course.title}」嗎？` });
  await expect(confirm).toContainText('新學員找不到也買不到');
  await confirm.getByRole('button', { name: '取消發布', exact: true }).click();
  await confirm.getByRole('button', { name: '授予權限' }).click();
  const done = page.locator('.notice').filter({ hasText: `已取消發布「${course.title}」` });
  await expect(done).toBeVisible();
  await expect.poll(async () => (await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('hidden');
  await done.getByRole('button', { name: '復原' }).click();
  await expect(page.locator('.notice').filter({ hasText: `已發布「${course.title}」` })).toBeVisible();
  await expect.poll(async () => (await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('published');

  // Activity: the two changes worded in Chinese, and nothing on the page in English (the course's own title,
  // the school's name, the zone's name and a few words Taiwanese screens write in Latin letters aside).
  await go(page, '/activity');
  const log = page.getByRole('table', { name: '操作紀錄' });
  await expect(log.locator('tbody tr').nth(0)).toContainText(`發布課程「${course.title}」`);
  await expect(log.locator('tbody tr').nth(1)).toContainText(`取消發布課程「${course.title}」`);
  await expect(log.locator('tbody tr[data-result="done"]')).toHaveCount(2);
  await expect(log.locator('tbody tr').first()).toContainText('已完成');
  await expect(page.getByTestId('outbox')).toContainText('沒有等待送出的變更');
  const words = (await page.locator('main').innerText()).replaceAll(course.title, '').replaceAll(school.name, '');
  expect(words.replace(/Asia\/Taipei|GMT[+-]?\d*|CSV|App/g, '').match(/[A-Za-z]{2,}/g), 'English on the Activity page').toBeNull();
  await expectFits(page, 'Activity');

  // Orders: Chinese dates in their column, TWD amounts in whole dollars.
  await go(page, '/orders');
  const orders = page.getByTestId('orders-table');
  await expect(orders.locator('[role="row"][data-index="0"]')).toBeVisible();
  await expect(orders.locator('.is-loading')).toHaveCount(0);
  await expectFits(page, 'Orders');
  if (school.currency === 'TWD') await expect(orders.getByRole('cell').filter({ hasText: /NT\$/ }).first()).not.toContainText('.');

  await go(page, '/analytics');
  await expect(page.getByTestId('sales-tiles').locator('.stat-tile').first()).toBeVisible();
  await expectFits(page, 'Analytics');

  // Students, then a Chinese student's name through the palette, to their profile.
  // Students in 繁體中文 (names in stroke order), with a selection, its bulk actions and the from-a-list panel open.
  const schoolWords = wordsOf(data.profile, data.catalog, data.members, data.subscriptions);
  await go(page, '/students');
  await expect(page.getByTestId('students-match-count')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '學員' })).toBeVisible();
  await expectFits(page, 'Students');
  const rows = page.getByTestId('students-table').locator('[role="row"][data-index]');
  await rows.first().getByRole('checkbox').click();
  await rows.nth(1).getByRole('checkbox').click();
  await expect(page.getByTestId('students-selection')).toContainText('已選取 2 位');
  await expect(page.getByTestId('bulk-actions')).toBeVisible();
  await page.getByRole('button', { name: '從名單操作…' }).click();
  await expect(page.getByTestId('list-panel')).toBeVisible();
  expect(await englishWords(page.locator('main'), schoolWords), 'Students: English words').toEqual([]);
  await expectFits(page, 'Students, with a selection');
  let student = data.students.name(0);
  for (let i = 0; i < 50 && !/\p{Script=Han}/u.test(student); i++) student = data.students.name(i);
  const studentOption = await paletteFinds(page, student, 'student');
  await studentOption.click();
  await expect(page.getByTestId('student-profile')).toBeVisible();
  await expect(page.getByTestId('enrollments').or(page.getByText('沒有報名任何課程'))).toBeVisible();
  await expectFits(page, "a student's profile");

  await go(page, '/members');
  await expect(page.getByRole('heading', { level: 1, name: '會員' })).toBeVisible();
  await expect(page.getByTestId('members').or(page.getByText('還沒有會員'))).toBeVisible();
  await expectFits(page, 'Members');

  // Coupons, a new coupon and the subscriptions that need the admin: no English of the app's, TWD in whole dollars.
  await go(page, '/coupons');
  await expect(page.getByRole('heading', { level: 1, name: '優惠碼' })).toBeVisible();
  const coupons = page.getByTestId('coupons-table');
  await expect(coupons.locator('tbody tr').first()).toBeVisible();
  expect(await englishWords(page.locator('main'), schoolWords), 'Coupons: English words').toEqual([]);
  await expectFits(page, 'Coupons');
  if (school.currency === 'TWD') await expect(coupons.locator('[data-field="net"]').filter({ hasText: /NT\$/ }).first()).not.toContainText('.');

  await page.getByRole('link', { name: '新增優惠碼' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: '新增優惠碼' })).toBeVisible();
  await page.getByRole('radio', { name: '固定金額' }).check();
  await page.getByRole('button', { name: '建立優惠碼' }).click();
  await expect(page.locator('.form-summary')).toContainText('個欄位需要修改，才能建立優惠碼');
  expect(await englishWords(page.locator('main'), schoolWords), 'New coupon: English words').toEqual([]);
  await expectFits(page, 'New coupon');

  await go(page, '/subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: '訂閱' })).toBeVisible();
  const lists = page.getByTestId('subscription-lists');
  await expect(lists.or(page.getByText('目前沒有需要處理的訂閱'))).toBeVisible();
  expect(await englishWords(page.locator('main'), schoolWords), 'Subscriptions: English words').toEqual([]);
  await expectFits(page, 'Subscriptions');
  const member = lists.locator('tbody tr th a').first();
  if (await lists.isVisible() && await member.isVisible()) {
    await member.click();
    const panel = page.getByTestId('member-panel');
    await expect(panel).toBeVisible();
    expect(await englishWords(page.getByRole('dialog'), schoolWords), 'a member: English words').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: '關閉' }).click();
  }

  await go(page, '/events');
  await expect(page.getByRole('heading', { level: 1, name: '活動' })).toBeVisible();
  const events = page.getByTestId('events-table');
  await expect(events.or(page.getByText('沒有即將舉行的活動'))).toBeVisible();
  await expectFits(page, 'Events');
  if (await events.isVisible()) {
    await events.locator('tbody tr th a').first().click();
    await expect(page.getByTestId('attendees-table').or(page.getByText('還沒有參加者'))).toBeVisible();
    await expectFits(page, 'an event');
  }

  await go(page, '/comments');
  await expect(page.getByRole('heading', { level: 1, name: '留言' })).toBeVisible();
  await expect(page.getByTestId('comment-list').or(page.getByText('還沒有留言'))).toBeVisible();
  await expectFits(page, 'Comments');

  // The explorer's overview: the areas named in Chinese (each area's list asks for its own permission first).
  await go(page, '/explore');
  await expect(page.getByRole('heading', { level: 1, name: '更多功能' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '功能區' }).getByRole('link', { name: /講師/ })).toBeVisible();
  await expectFits(page, 'Explorer');

  // Posts after their own permission: Chinese dates whole in the school's named time zone, the access in
  // words and the category by the name the platform gives it (its list read with the test's own token).
  const posts = await platformClient(sandbox.url, context, ['posts:read'], school.subdomain);
  const categories = new Map((await posts.list<{ id: string; name: string }>('/api/v1/post-categories')).map((c) => [c.id, c.name]));
  expect([...categories.values()].join('')).toMatch(school.currency === 'TWD' ? /\p{Script=Han}/u : /./);
  const [first] = await posts.list<{ id: string; category_id: string | null; access: string }>('/api/v1/posts');
  await page.getByRole('navigation', { name: '功能區' }).getByRole('link', { name: '文章' }).click();
  await page.getByRole('button', { name: '授予權限' }).click();
  const table = page.getByRole('table', { name: '文章' });
  await expect(table.locator('tbody tr').first()).toHaveAttribute('data-record-id', first!.id);
  await expect(table.getByRole('columnheader')).toHaveText(['標題', '存取權限', '分類', '發布時間']);
  if (first!.category_id) await expect(table.locator('tbody tr').first().locator(`td[title="${first!.category_id}"]`)).toHaveText(categories.get(first!.category_id)!);
  await expect(page.getByText(`時間以 ${data.school.time_zone}`).first()).toContainText('學校的時區');
  expect(await table.locator('tbody').innerText()).not.toMatch(/pcat_|login_required/);
  await expectFits(page, 'Posts');
  expect(await table.locator('tbody td, tbody th').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent)), 'cut off in Posts').toEqual([]);
  await table.locator('tbody tr').first().getByRole('button').click();
  await expect(page.locator('.explorer-record')).toBeVisible();
  await expectFits(page, 'a post');

  await page.getByRole('navigation', { name: '功能區' }).getByRole('link', { name: '會員方案' }).click();
  const plans = page.getByRole('table', { name: '會員方案' });
  await expect(plans.locator('tbody tr').first()).toBeVisible();
  await expect.poll(async () => plans.locator('tbody').innerText()).not.toContain('pcat_');
  await expectFits(page, 'Membership plans');
});
