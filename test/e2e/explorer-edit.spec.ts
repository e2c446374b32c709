// The generic explorer, write side: an edit form generated from the PATCH's request schema refuses bad
// input before anything is sent (the platform's record unchanged, what was typed kept); a good change is
// confirmed naming the record, asks its write scope only now (step-up in Chromium), says when it is done,
// and Undo PATCHes the previous value back. Each result is read through the platform's API by the test's
// own OAuth client, never through the app. The lecturer's flow (list, record, edit) runs against a platform
// whose /openapi.json is written as generators write it: components, $ref, allOf; the appearance's against the
// inline one.
import type { z } from 'zod';
import type { Lecturer as LecturerSchema } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

type Lecturer = z.infer<typeof LecturerSchema>;
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

test.describe('a platform whose /openapi.json refers to its schemas ($ref, allOf)', () => {
  test.use({ sandboxOpenApiComponents: true });

  test('edit a lecturer: validation first, then confirm, step-up, done, Undo', async ({ page, sandbox, context, host }) => {
    // The document the app reads really is the one with references.
    const document = await (await context.request.get(`${sandbox.url}/openapi.json`)).json() as { paths: Record<string, { patch?: { requestBody?: unknown } }> };
    expect(document.paths['/api/v1/lecturers/{lecturer_id}']!.patch!.requestBody).toEqual({ $ref: '#/components/requestBodies/UpdateLecturer' });

    await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
    const api = await platformClient(sandbox.url, context, ['lecturers:read']);
    const lecturer = (await api.list<Lecturer>('/api/v1/lecturers'))[0]!;
    const onPlatform = async () => (await api.list<Lecturer>('/api/v1/lecturers')).find((l) => l.id === lecturer.id)!;

    await page.goto(page.url().replace(/#.*$/, '#/explore/lecturers'));
    await page.getByRole('button', { name: 'Grant access' }).click();
    const table = page.getByRole('table', { name: 'Lecturers' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await table.locator(`tr[data-record-id="${lecturer.id}"]`).getByRole('button').click();
    const record = page.locator('.explorer-record');
    await record.getByRole('button', { name: 'Edit' }).click();

    // The form is the PATCH schema's: name (1 to 120 characters) and bio (up to 2000).
    const form = page.getByRole('form', { name: `Edit ${lecturer.name}` });
    const name = form.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(lecturer.name);
    await expect(form.locator('[data-field="name"] .field-hint')).toHaveText('1 to 120 characters');
    await expect(form.locator('[data-field="bio"] .field-hint')).toHaveText('Up to 2000 characters');

    // Too long: refused at the field before sending, focused, the text kept; nothing reached the platform.
    const tooLong = `Dr ${'a'.repeat(130)}`;
    await name.fill(tooLong);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.locator('[data-field="name"] .field-error')).toHaveText('Name must be at most 120 characters.');
    await expect(name).toBeFocused();
    await expect(name).toHaveValue(tooLong);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await onPlatform()).name).toBe(lecturer.name);

    // A good value: confirmed naming the record (learners see lecturers), then lecturers:write asked now.
    expect((await connectedAccounts(host))[0]!.grantedScopes).not.toContain('lecturers:write');
    const renamed = `${lecturer.name} (Explorer)`;
    await name.fill(renamed);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: `Save the changes to lecturer “${lecturer.name}”?` });
    // The change itself, old → new, and who sees it.
    await expect(confirm).toContainText(`Name: “${lecturer.name}” → “${renamed}”. Learners see the change`);
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(confirm.getByRole('alert')).toContainText('needs one more permission');
    expect((await onPlatform()).name).toBe(lecturer.name);
    await confirm.getByRole('button', { name: 'Grant access' }).click();

    const done = page.locator('.notice').filter({ hasText: `Saved lecturer “${lecturer.name}” (name)` });
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await onPlatform()).name).toBe(renamed);
    expect((await connectedAccounts(host))[0]!.grantedScopes).toContain('lecturers:write');
    await expect(record.getByRole('heading', { name: renamed })).toBeVisible();

    // Undo: the previous value PATCHed back, without asking again.
    await done.getByRole('button', { name: 'Undo' }).click();
    await expect(page.locator('.notice').filter({ hasText: `Saved lecturer “${renamed}” (name)` })).toBeVisible();
    await expect.poll(async () => (await onPlatform()).name).toBe(lecturer.name);
    await expect(record.getByRole('heading', { name: lecturer.name })).toBeVisible();

    // Both in the activity log.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    const log = page.getByRole('table', { name: 'Activity log' });
    await expect(log.locator('tbody tr').nth(0)).toContainText(`Change lecturer “${renamed}”: name`);
    await expect(log.locator('tbody tr').nth(1)).toContainText(`Change lecturer “${lecturer.name}”: name`);
  });
});

test('appearance, a single record: its pattern refuses bad input before sending; a change made on the platform meanwhile is refused with why', async ({ page, sandbox, context }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['appearance:read', 'appearance:write']);
  const before = await api.get<{ theme: string; primary_color: string }>('/api/v1/appearance');
  await page.goto(page.url().replace(/#.*$/, '#/explore/appearance'));
  await page.getByRole('button', { name: 'Grant access' }).click();
  const record = page.locator('.explorer-record');
  await expect(record.locator('dd').first()).toHaveText(before.theme, { timeout: 30_000 });
  await record.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form');
  const color = form.getByLabel('Primary color');
  // The pattern from the schema refuses a colour name before sending.
  await color.fill('red');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('[data-field="primary_color"] .field-error')).toContainText('must match the form the platform asks for');
  await expect(color).toHaveValue('red');

  // Another admin changes the colour on the platform meanwhile: the app's change is refused with why.
  await color.fill('#123456');
  await api.patch('/api/v1/appearance', { primary_color: '#654321' });
  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: /Save the changes to appearance/ });
  await confirm.getByRole('button', { name: 'Save' }).click();
  await confirm.getByRole('button', { name: 'Grant access' }).click();
  await expect(confirm.getByRole('alert')).toContainText('was changed on the platform after you opened it (primary color is no longer what you saw)', { timeout: 30_000 });
  expect((await api.get<{ primary_color: string }>('/api/v1/appearance')).primary_color).toBe('#654321');
  await expect(color).toHaveValue('#123456');
});
