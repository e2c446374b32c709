// Scope-aware dashboards: with one read scope withheld by the admin, only the dashboard that needs it
// explains what is missing and offers "Grant access"; the others keep showing their figures.
import { describeScope } from '../../shared/scopes';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';

const expect = baseExpect.configure({ timeout: 15_000 });

test('without orders:read the Orders dashboard asks for it; Courses and Analytics keep working', async ({ page, sandbox, consent }) => {
  consent.scopes = (asked) => asked.filter((scope) => scope !== 'orders:read');
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'Orders' }).click();
  const prompt = page.getByRole('region', { name: 'More access needed' });
  await expect(prompt).toContainText('The Orders dashboard needs your permission');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(prompt).toContainText(describeScope('orders:read'));
  await expect(page.getByTestId('orders-table')).toHaveCount(0);

  await nav.getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByTestId('courses-table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'More access needed' })).toHaveCount(0);
  // A course's page still shows; only its orders list says what it lacks.
  await page.getByTestId('courses-table').locator('tbody tr').first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Orders need the orders permission' })).toBeVisible();

  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByTestId('sales-tiles')).toBeVisible();
});
