// A student's profile (issue 10, People): enrollments with progress and last activity per course (stalled
// ones marked), orders with totals per currency, tags edited with Undo, enroll on free access with Undo,
// unenroll after a confirmation that says what happens to their progress, with Undo that says it cannot bring
// it back. Every write is checked through the platform's API by the test's own OAuth client.
import { isStalled } from '../../shared/model/learning-status';
import type { Enrollment, Order, Person } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

test('Profile: enrollments, orders per currency, tags with Undo, enroll and unenroll with Undo', async ({ page, sandbox, context }) => {
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const data = sandbox.platform.data.get(school.id)!;
  // A student who bought something, with a started, stalled enrollment (something to lose on unenroll), and a
  // course left to enroll in: the demo data holds such students on any day (most buyers stall somewhere).
  const now = Date.now();
  const buyers = new Set(data.orders.buyer);
  let student = -1;
  for (let s = 0; s < data.students.count && student < 0; s++) {
    if (!buyers.has(s)) continue;
    const list = [...data.enrollments.forStudent(s)];
    if (list.length === 0 || list.length >= data.catalog.courses.length) continue;
    if (list.some((i) => data.enrollments.lectures[i]! > 0 && Number.isNaN(data.enrollments.completedAt[i]!) && now - data.enrollments.lastActivityAt[i]! > 20 * 86_400_000)) student = s;
  }
  expect(student).toBeGreaterThanOrEqual(0);
  const studentId = data.students.id(student);
  const api = await platformClient(sandbox.url, context, ['students:read', 'courses:read', 'orders:read']);
  const person = await api.get<Person>(`/api/v1/students/${studentId}`);
  const enrollments = await api.list<Enrollment>(`/api/v1/students/${studentId}/enrollments`);
  const orders = (await api.list<Order>(`/api/v1/orders?q=${encodeURIComponent(person.email)}`)).filter((o) => o.buyer.id === studentId);

  await page.goto(page.url().replace(/#.*$/, `#/students/${encodeURIComponent(studentId)}`));
  await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible({ timeout: 30_000 });
  const table = page.getByTestId('enrollments');
  await expect(table.locator('tbody tr')).toHaveCount(enrollments.length);
  const stalled = enrollments.filter((e) => isStalled({ completedAt: e.completed_at, lastActivityAt: e.last_activity_at, enrolledAt: e.enrolled_at }, Date.now()));
  await expect(table.getByTestId('stalled-marker')).toHaveCount(stalled.length);
  await expect(page.getByTestId('student-site-link')).toBeVisible();

  // Orders: the loaded orders of this buyer, with one total per currency.
  expect(orders.length).toBeGreaterThan(0);
  await expect(page.getByTestId('student-orders').locator('tbody tr')).toHaveCount(Math.min(orders.length, 200));
  const currencies = [...new Set(orders.map((o) => o.currency))].sort();
  await expect(page.getByTestId('order-totals').locator('li')).toHaveCount(currencies.length);
  for (const currency of currencies) {
    const net = orders.filter((o) => o.currency === currency).reduce((sum, o) => sum + o.paid_amount - o.refunded_amount, 0);
    // As the admin reads it: in the currency's own minor unit (both of this school's currencies have two).
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(net / 100);
    await expect(page.getByTestId(`net-${currency}`)).toHaveText(shown);
  }

  // Tags: add one (step-up for students:write the first time), then Undo.
  const before = person.tags;
  await page.getByLabel('Add a tag').fill('e2e-follow-up');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // Confirmed like every write, old → new.
  const confirmTags = page.getByRole('dialog', { name: `Change “${person.name}”'s tags?` });
  await expect(confirmTags).toContainText(`(now ${before.length === 0 ? 'no tags' : before.map((t) => `“${t}”`).join(', ')})`);
  await confirmTags.getByRole('button', { name: 'Save tags' }).click();
  const grant = page.getByRole('dialog').getByRole('button', { name: 'Grant access' });
  await grant.click();
  const saved = page.locator('.notice').filter({ hasText: `Saved “${person.name}”'s tags` });
  await expect(saved).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await api.get<Person>(`/api/v1/students/${studentId}`)).tags).toEqual([...before, 'e2e-follow-up']);
  await saved.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await api.get<Person>(`/api/v1/students/${studentId}`)).tags).toEqual(before);
  // Bad input: an empty tag is refused at the field, nothing sent.
  await page.getByLabel('Add a tag').fill('   ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('#tag-problem')).toHaveText('A tag cannot be empty.');

  // Enroll in a course they are not in, with free access: confirmed naming both, then Undo.
  const enrolledIn = new Set(enrollments.map((e) => e.course_id));
  const course = data.catalog.courses.find((c) => !enrolledIn.has(c.course.id))!.course;
  await page.getByLabel('Enroll in', { exact: true }).selectOption(course.id);
  await page.getByRole('button', { name: 'Enroll…' }).click();
  const confirm = page.getByRole('dialog', { name: `Enroll “${person.name}” in “${course.title}”?` });
  await expect(confirm).toContainText('with free access');
  await confirm.getByRole('button', { name: 'Enroll', exact: true }).click();
  const enrolled = page.locator('.notice').filter({ hasText: `Enrolled “${person.name}” in “${course.title}”` });
  await expect(enrolled).toBeVisible({ timeout: 30_000 });
  const made = async () => (await api.list<Enrollment>(`/api/v1/students/${studentId}/enrollments`)).find((e) => e.course_id === course.id);
  await expect.poll(async () => (await made())?.plan_id).toBeNull();
  await expect(table.locator(`tr[data-course-id="${course.id}"]`)).toHaveCount(1);
  // Its Undo unenrolls, which deletes what they did since: confirmed like the action itself.
  await enrolled.getByRole('button', { name: 'Undo' }).click();
  const undoAsk = page.getByRole('dialog', { name: `Unenroll “${person.name}” from “${course.title}”?` });
  expect(await made()).toBeDefined();
  await undoAsk.getByRole('button', { name: 'Unenroll', exact: true }).click();
  await expect.poll(made).toBeUndefined();

  // Unenroll a started one: the confirmation says the progress is deleted and Undo starts them from zero.
  const started = enrollments.find((e) => e.progress > 0)!;
  const title = data.catalog.courses.find((c) => c.course.id === started.course_id)!.course.title;
  await table.locator(`tr[data-course-id="${started.course_id}"]`).getByRole('button', { name: `Unenroll from ${title}` }).click();
  const ask = page.getByRole('dialog', { name: `Unenroll “${person.name}” from “${title}”?` });
  await expect(ask).toContainText(`Their progress (${Math.round(started.progress * 100)}% of the lectures`);
  await expect(ask).toContainText('starts them from zero');
  // Destructive, and looks it.
  await expect(ask.getByRole('button', { name: 'Unenroll', exact: true })).toHaveClass(/btn-danger/);
  await ask.getByRole('button', { name: 'Unenroll', exact: true }).click();
  const gone = page.locator('.notice').filter({ hasText: `Unenrolled “${person.name}” from “${title}”. Undo enrolls them again, but their progress starts from zero.` });
  await expect(gone).toBeVisible({ timeout: 30_000 });
  const again = async () => (await api.list<Enrollment>(`/api/v1/students/${studentId}/enrollments`)).find((e) => e.course_id === started.course_id);
  await expect.poll(again).toBeUndefined();
  await gone.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await again())?.progress).toBe(0);

  // Every write is in the activity log.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText(`Unenroll “${person.name}” from “${title}”`).first()).toBeVisible();
  await expect(page.getByText(`Enroll “${person.name}” in “${course.title}” with free access`).first()).toBeVisible();
});
