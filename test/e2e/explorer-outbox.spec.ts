// An explorer edit made while the platform is down waits in the outbox and is sent when it is back; one
// whose record was changed on the platform meanwhile is not sent, and the admin is told why. The platform
// really goes away (the sandbox is closed) and comes back on the same address with the same data; results
// are read through the platform's API by the test's own OAuth client.
import type { z } from 'zod';
import type { Lecturer as LecturerSchema } from '../../shared/platform/resources';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';
import { startSandbox } from '../sandbox';

type Lecturer = z.infer<typeof LecturerSchema>;
const SEED = 13;
const ORDERS = 2000;
const expect = baseExpect.configure({ timeout: 15_000 });

const test = restartableSandboxTest({ seed: SEED, orders: ORDERS });

test('lecturer edits made offline wait in the outbox; sent when the platform is back, unless changed there', async ({ page, sandbox, context, host }) => {
  test.setTimeout(180_000);
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['lecturers:read', 'lecturers:write']);
  const [kept, changed] = await api.list<Lecturer>('/api/v1/lecturers');
  const find = async (id: string) => (await api.list<Lecturer>('/api/v1/lecturers')).find((l) => l.id === id)!;

  await page.goto(page.url().replace(/#.*$/, '#/explore/lecturers'));
  await page.getByRole('button', { name: 'Grant access' }).click();
  const table = page.getByRole('table', { name: 'Lecturers' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const dismiss = page.getByRole('button', { name: 'Dismiss' });

  async function rename(lecturer: Lecturer, to: string, grant: boolean) {
    await table.locator(`tr[data-record-id="${lecturer.id}"]`).getByRole('button').click();
    await page.locator('.explorer-record').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: `Edit ${lecturer.name}` });
    await form.getByLabel('Name', { exact: true }).fill(to);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: `Save the changes to lecturer “${lecturer.name}”?` });
    await confirm.getByRole('button', { name: 'Save' }).click();
    if (grant) await confirm.getByRole('button', { name: 'Grant access' }).click();
    await expect(confirm).toHaveCount(0, { timeout: 30_000 });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await page.getByRole('button', { name: /Back to lecturers/ }).click();
  }

  // Online once, so lecturers:write is granted (step-up) before the platform goes away.
  await rename(kept!, `${kept!.name} (online)`, true);
  await expect.poll(async () => (await find(kept!.id)).name).toBe(`${kept!.name} (online)`);

  const port = sandbox.port;
  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);

  // The same platform comes back with its demo data regenerated (the online rename is gone there), so the
  // offline edits below are made against what the admin saw: the list as cached.
  await rename({ ...kept!, name: `${kept!.name} (online)` }, `${kept!.name} (offline)`, false);
  await rename(changed!, `${changed!.name} (offline)`, false);
  await expect(page.getByTestId('outbox-count')).toHaveText('2, 2 changes in the outbox');

  const again = await startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true });
  try {
    // The regenerated data lost the online rename: put it back, so the first record is as the admin saw it;
    // the second is renamed by another admin meanwhile.
    await api.patch(`/api/v1/lecturers/${kept!.id}`, { name: `${kept!.name} (online)` });
    await api.patch(`/api/v1/lecturers/${changed!.id}`, { name: `${changed!.name} (by another admin)` });
    await host.services.probe.check();
    await expect(page.getByTestId('app-status')).toContainText('Online');

    await expect.poll(async () => (await find(kept!.id)).name, { timeout: 30_000 }).toBe(`${kept!.name} (offline)`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    const outbox = page.getByRole('table', { name: 'Outbox' });
    const refused = outbox.locator('tbody tr[data-outbox-state="conflict"]');
    await expect(refused).toHaveCount(1, { timeout: 30_000 });
    await expect(refused).toContainText(`Lecturer “${changed!.name}” was changed on the platform after you opened it (name is no longer what you saw)`);
    expect((await find(changed!.id)).name).toBe(`${changed!.name} (by another admin)`);
    const log = page.getByRole('table', { name: 'Activity log' });
    await expect(log.locator('tr[data-result="sent"]')).toContainText(`Change lecturer “${kept!.name} (online)”: name`);
  } finally {
    await again.close();
  }
});
