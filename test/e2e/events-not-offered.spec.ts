// A platform without events or comments (the operations missing from its /openapi.json, their paths a 404):
// the Events page and the comments inbox say so in one plain sentence instead of an error screen.
import { test as appTest, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { startSandbox, type Sandbox } from '../sandbox';
import { createBusinessRoutes } from '../sandbox/api';

const MISSING = new Set(['listEvents', 'getEvent', 'updateEvent', 'listEventAttendees', 'listComments']);
const expect = baseExpect.configure({ timeout: 15_000 });

const test = appTest.extend<{ sandbox: Sandbox }>({
  sandbox: async ({ sandboxOrders }, use) => {
    const sandbox = await startSandbox({ orders: sandboxOrders, quiet: true, businessRoutes: (platform) => createBusinessRoutes(platform).filter((r) => !MISSING.has(r.operationId)) });
    await use(sandbox);
    await sandbox.close();
  },
});

test('a platform without events or comments gets a plain sentence, not an error', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  const openapi = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const operations = Object.values(openapi.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  expect(operations).toContain('getSchool');
  for (const id of MISSING) expect(operations).not.toContain(id);

  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { name: "This school's platform does not offer events" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Comments' }).click();
  await expect(page.getByRole('heading', { name: "This school's platform does not offer comments" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
