// The Students page as an admin uses it, against the sandbox: the first sync with progress and Cancel, search
// as you type, filters and sorting (every count recomputed here from the sandbox's own data), the keyboard,
// selection for bulk work (Space, Shift-click, every match, Copy emails, Clear) and the link to a profile.
import { test, expect as baseExpect } from './fixtures/app';
import type { Page } from '@playwright/test';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';
import type { Sandbox } from '../sandbox';

const expect = baseExpect.configure({ timeout: 20_000 });

async function openStudents(page: Page, sandbox: Sandbox, beforeOpening?: () => void) {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  beforeOpening?.();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
}

/** The demo school's students as the platform holds them. */
function schoolStudents(sandbox: Sandbox) {
  const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
  const list = Array.from({ length: school.students.count }, (_, s) => ({ ...school.students.person(s), courses: school.enrollments.forStudent(s).length }));
  return { school, list };
}

const matchCount = (page: Page) => page.getByTestId('students-match-count');

test('search, filters and sorting answer with exactly the students the platform has', async ({ page, sandbox }) => {
  await openStudents(page, sandbox);
  const { list } = schoolStudents(sandbox);
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(matchCount(page)).toHaveAttribute('data-count', String(list.length));

  // Search as the admin types: no button, the count follows the text.
  const search = page.getByRole('searchbox', { name: 'Search students' });
  const word = list[11]!.email.split('.')[0]!.slice(0, 3);
  await search.pressSequentially(word, { delay: 40 });
  const hits = list.filter((s) => `${s.name}\n${s.email}`.toLowerCase().includes(word.toLowerCase()));
  await expect(matchCount(page)).toHaveAttribute('data-count', String(hits.length));
  await search.fill('');

  await page.getByLabel('Tag').selectOption('vip');
  await expect(matchCount(page)).toHaveAttribute('data-count', String(list.filter((s) => s.tags.includes('vip')).length));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(matchCount(page)).toHaveAttribute('data-count', String(list.length));

  // Most courses first: the first row has as many courses as the most enrolled student.
  await page.getByRole('button', { name: 'Courses' }).click();
  const max = Math.max(...list.map((s) => s.courses));
  const first = page.getByTestId('students-table').locator('[role="row"][data-index="0"] [role="cell"]').nth(4);
  await expect(first).toHaveText(String(max));

  // Never active: nobody in that list has a last activity.
  await page.getByLabel('Last active').selectOption('never');
  const { school } = schoolStudents(sandbox);
  const never = list.filter((_, s) => Array.from(school.enrollments.forStudent(s)).every((e) => Number.isNaN(school.enrollments.lastActivityAt[e]!)));
  await expect(matchCount(page)).toHaveAttribute('data-count', String(never.length));
  const none = 'zzzz-nobody-has-this';
  await search.fill(none);
  await expect(page.getByRole('heading', { name: 'No student matches' })).toBeVisible();
});

test('rows are selected from the keyboard and with Shift-click; Copy emails copies exactly the selection', async ({ page, sandbox, context, host }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  await openStudents(page, sandbox);
  const table = page.getByTestId('students-table');
  await expect(table).toBeVisible();
  // Down from the search box moves into the results: the first row, then on down the list.
  await expect(table.locator('[role="row"][data-index="0"]')).toBeVisible();
  await page.getByPlaceholder('Name or email').focus();
  await page.keyboard.press('ArrowDown');
  await expect(table.locator('[role="row"][data-index="0"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = table.locator('[role="row"][data-index="1"]');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Selected students' });
  await expect(bar).toContainText('1 selected');
  await expect(second).toHaveAttribute('aria-selected', 'true');

  // Shift-click the fifth row's box: rows 2 to 5 are selected.
  await table.locator('[role="row"][data-index="4"]').getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(bar).toContainText('4 selected');
  const emails: string[] = [];
  for (let i = 1; i <= 4; i++) emails.push((await table.locator(`[role="row"][data-index="${i}"] [role="cell"]`).nth(2).textContent())!);
  await bar.getByRole('button', { name: 'Copy emails' }).click();
  await expect(bar.getByRole('status')).toHaveText('4 emails copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').sort()).toEqual(emails.sort());

  // Every match at once, then nothing.
  const total = Number(await matchCount(page).getAttribute('data-count'));
  await page.getByRole('button', { name: `Select all ${total.toLocaleString('en-US')} matching` }).click();
  await expect(bar.locator('.selection-count')).toHaveAttribute('data-count', String(total));
  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toHaveCount(0);

  // A name opens the student's profile address.
  const row = table.locator('[role="row"][data-index="0"]');
  const id = await row.getAttribute('data-student-id');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/students/${id}$`));
});

test('the first sync shows progress and Cancel; after a cancel, Load students brings them all', async ({ page, sandbox }) => {
  // A slow platform: each page takes a while, so the sync is still running when we look.
  await openStudents(page, sandbox, () => sandbox.knobs.set({ latencyMs: 1_500 }));
  await expect(page.getByRole('progressbar', { name: /students/i })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Loading was cancelled' })).toBeVisible();
  await expect(page.getByTestId('students-table')).toHaveCount(0);
  sandbox.knobs.set({ latencyMs: 0 });
  await page.getByRole('button', { name: 'Load students' }).click();
  await expect(matchCount(page)).toHaveAttribute('data-count', String(schoolStudents(sandbox).list.length));
});
