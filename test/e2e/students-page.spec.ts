// The Students page as an admin uses it, against the sandbox: the first sync with progress and Cancel, search
// as you type, filters and sorting (every count recomputed here from the sandbox's own data), the keyboard,
// selection for bulk work (Space, Shift-click, every match, Copy emails, Clear) and the link to a profile.
import { test, expect as baseExpect } from './fixtures/app';
import type { Page } from '@playwright/test';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';
import type { Sandbox } from '../sandbox';
import type { Enrollment, Person } from '../../shared/platform/resources';
import { platformClient } from './fixtures/platform-client';

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

  // Tag the four: on the platform (the test's own client), and at once in the list and its Tag filter, no Refresh.
  const ids = await Promise.all([1, 2, 3, 4].map((i) => table.locator(`[role="row"][data-index="${i}"]`).getAttribute('data-student-id')));
  // The age the page shows is that of the last complete sync: the app's own write does not make it younger.
  const age = page.getByTestId('figure-age').first().locator('time');
  const syncedAt = await age.getAttribute('datetime');
  expect(syncedAt).not.toBeNull();
  await bar.getByLabel('Tag', { exact: true }).fill('it-bulk');
  await bar.getByRole('button', { name: 'Tag 4 students…' }).click();
  // Confirmed first, with the count and what it does.
  const confirmTag = page.getByRole('dialog', { name: 'Tag 4 students “it-bulk”?' });
  await expect(confirmTag).toContainText('nothing else changes');
  await confirmTag.getByRole('button', { name: 'Tag 4 students' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('4 tagged', { timeout: 60_000 });
  const api = await platformClient(sandbox.url, context, ['students:read', 'students:write', 'courses:read']);
  const taggedOnPlatform = async () => (await api.list<Person>('/api/v1/students?tag=it-bulk&limit=100')).map((p) => p.id).sort();
  expect(await taggedOnPlatform()).toEqual([...ids].sort());
  const tagOption = page.getByRole('combobox', { name: 'Tag' }).locator('option[value="it-bulk"]');
  await expect(tagOption).toHaveCount(1);
  await expect(age).toHaveAttribute('datetime', syncedAt!);
  // Undo takes the tag off again, on the platform and in the list's Tag filter.
  await bar.getByTestId('bulk-summary').getByRole('button', { name: 'Undo' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('4 undone', { timeout: 60_000 });
  expect(await taggedOnPlatform()).toEqual([]);
  await expect(tagOption).toHaveCount(0);
  // Removing a tag no one selected has: nothing to send, and the confirmation says why.
  await bar.getByRole('button', { name: 'Remove the tag from 4 students…' }).click();
  const nothing = page.getByRole('dialog', { name: 'Remove the tag “it-bulk” from 0 students?' });
  await expect(nothing).toContainText('Nothing to do: no one selected has the tag.');
  await expect(nothing.getByTestId('bulk-already')).toHaveText('4 of those selected do not have the tag and are left out.');
  await nothing.getByRole('button', { name: 'Cancel' }).click();
  // Tagged again, then the tag removed from all four (on the platform), and its Undo puts it back.
  await bar.getByRole('button', { name: 'Tag 4 students…' }).click();
  await page.getByRole('dialog', { name: 'Tag 4 students “it-bulk”?' }).getByRole('button', { name: 'Tag 4 students' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('4 tagged', { timeout: 60_000 });
  await bar.getByRole('button', { name: 'Remove the tag from 4 students…' }).click();
  await page.getByRole('dialog', { name: 'Remove the tag “it-bulk” from 4 students?' }).getByRole('button', { name: 'Remove from 4 students' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('4 untagged', { timeout: 60_000 });
  expect(await taggedOnPlatform()).toEqual([]);
  await bar.getByTestId('bulk-summary').getByRole('button', { name: 'Undo' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('4 undone', { timeout: 60_000 });
  expect(await taggedOnPlatform()).toEqual([...ids].sort());

  // Another admin unenrolls one of them on the platform: Refresh brings the list fully in line (a deletion,
  // which "what changed since" never sees).
  const withCourses = await Promise.all(ids.map(async (id) => ({ id: id!, enrollments: await api.list<Enrollment>(`/api/v1/students/${id}/enrollments`) })));
  const someone = withCourses.sort((a, b) => b.enrollments.length - a.enrollments.length)[0]!;
  expect(someone.enrollments.length).toBeGreaterThan(0);
  const coursesCell = table.locator(`[role="row"][data-student-id="${someone.id}"] [role="cell"]`).nth(4);
  await expect(coursesCell).toHaveText(String(someone.enrollments.length));
  await api.delete(`/api/v1/students/${someone.id}/enrollments/${someone.enrollments[0]!.id}`);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(coursesCell).toHaveText(String(someone.enrollments.length - 1));
  // A full pass is a complete copy: its age is now.
  await expect(age).not.toHaveAttribute('datetime', syncedAt!);

  // Work from a list: 40 addresses, 3 unknown, 2 given twice, in mixed case and with spaces, enroll exactly the
  // 35 right students (on the platform); Undo unenrolls exactly them.
  const { school, list: everyone } = schoolStudents(sandbox);
  const course = school.catalog.courses[0]!.course;
  const courseEnrollments = async () => (await api.list<Enrollment>(`/api/v1/courses/${course.id}/enrollments`)).map((e) => e.student_id);
  const before = await courseEnrollments();
  const chosen = everyone.filter((s) => !before.includes(s.id)).slice(0, 35);
  expect(chosen).toHaveLength(35);
  const lines = chosen.map((s, k) => (k % 3 === 0 ? s.email.toUpperCase() : k % 3 === 1 ? `  ${s.email} ` : s.email));
  lines.splice(10, 0, 'nobody.here@example.invalid', ` ${chosen[0]!.email.toLowerCase()}`);
  lines.splice(20, 0, 'Ghost@Example.invalid', chosen[7]!.email.toUpperCase());
  lines.push('someone.else@example.invalid');
  expect(lines).toHaveLength(40);
  await page.getByRole('button', { name: 'From a list…' }).click();
  const panel = page.getByTestId('list-panel');
  await panel.getByLabel('E-mail addresses').fill(lines.join('\n'));
  await panel.getByRole('button', { name: 'Find them' }).click();
  const found = panel.getByTestId('list-result');
  await expect(found).toHaveAttribute('data-found', '35');
  await expect(found).toHaveAttribute('data-not-found', '3');
  await expect(found).toHaveAttribute('data-repeated', '2');
  await expect(found.getByRole('list', { name: 'Not found among the synced students' }).locator('li')).toHaveText(['nobody.here@example.invalid', 'Ghost@Example.invalid', 'someone.else@example.invalid']);
  await found.getByRole('button', { name: 'Select the 35 found' }).click();
  await expect(bar.locator('.selection-count')).toHaveAttribute('data-count', '35');
  await bar.getByLabel('Enroll in').selectOption(course.id);
  await bar.getByRole('button', { name: 'Enroll 35 students…' }).click();
  await page.getByRole('dialog', { name: `Enroll 35 students in “${course.title}”?` }).getByRole('button', { name: 'Enroll 35 students' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('35 enrolled', { timeout: 60_000 });
  const after = await courseEnrollments();
  expect(after.filter((id) => !before.includes(id)).sort()).toEqual(chosen.map((s) => s.id).sort());
  expect(after).toHaveLength(before.length + 35);
  // Chosen again, everyone is already enrolled: the confirmation says so and offers nothing to send.
  await bar.getByRole('button', { name: 'Enroll 35 students…' }).click();
  const again = page.getByRole('dialog', { name: `Enroll 0 students in “${course.title}”?` });
  await expect(again.getByTestId('bulk-already')).toHaveText('35 of those selected are already enrolled and are left out.');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await bar.getByTestId('bulk-summary').getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('dialog', { name: 'Undo: unenroll the 35 students just enrolled?' }).getByRole('button', { name: 'Unenroll 35 students' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('35 undone', { timeout: 60_000 });
  expect((await courseEnrollments()).sort()).toEqual([...before].sort());

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
  // A platform slow to list its students and enrollments, from before sign-in (Today's count of stalled learners
  // starts the students' first sync in the background at once), so that sync is still running when we look.
  sandbox.knobs.set({ latencyMs: 5_000, slowPaths: ['/api/v1/students', '/api/v1/enrollments'] });
  await openStudents(page, sandbox);
  await expect(page.getByRole('progressbar', { name: /students/i })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Loading was cancelled' })).toBeVisible();
  await expect(page.getByTestId('students-table')).toHaveCount(0);
  sandbox.knobs.set({ latencyMs: 0, slowPaths: null });
  await page.getByRole('button', { name: 'Load students' }).click();
  await expect(matchCount(page)).toHaveAttribute('data-count', String(schoolStudents(sandbox).list.length));
});
