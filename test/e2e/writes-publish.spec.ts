// Issue 9 item 7: Publish and Unpublish go through the app's one way of writing. Unpublish asks first,
// naming the course; Cancel changes nothing; the write scope is asked only now (step-up, consent clicked
// in Chromium); once done the app says so and offers Undo, which publishes it again. Every result is
// checked through the platform's API by the test's own OAuth client.
import type { Course } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('Unpublish confirms naming the course, says when done, and Undo publishes it again', async ({ page, sandbox, context, host }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['courses:read']);
  const course = (await api.list<Course>('/api/v1/courses')).find((c) => c.state === 'published')!;
  expect((await connectedAccounts(host))[0]!.grantedScopes).not.toContain('courses:write');

  await page.goto(page.url().replace(/#.*$/, `#/courses/${encodeURIComponent(course.id)}`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();

  // Asked first, naming the course; focus starts on Cancel; Escape and Cancel leave it published.
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Unpublish “${course.title}”?` });
  await expect(confirm).toContainText('hidden from your school');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('published');

  // Confirmed: courses:write is asked now (step-up), not before.
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await confirm.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText('Change your courses, publish and unpublish them');
  expect((await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('published');
  await confirm.getByRole('button', { name: 'Grant access' }).click();

  const done = page.locator('.notice').filter({ hasText: `Unpublished “${course.title}”` });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('hidden');
  expect((await connectedAccounts(host))[0]!.grantedScopes).toContain('courses:write');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();

  // Undo: the inverse operation, at once (the admin's own click), and said when done.
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.notice').filter({ hasText: `Published “${course.title}”` })).toBeVisible();
  await expect.poll(async () => (await api.get<Course>(`/api/v1/courses/${course.id}`)).state).toBe('published');
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();

  // Both changes are in the school's activity log.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const log = page.getByRole('table', { name: 'Activity log' });
  await expect(log.locator('tbody tr').nth(0)).toContainText(`Publish course “${course.title}”`);
  await expect(log.locator('tbody tr').nth(1)).toContainText(`Unpublish course “${course.title}”`);
  await expect(log.locator('tbody tr[data-result="done"]')).toHaveCount(2);
});
