// The generic explorer, read side: sign-in asks no write scope (and none of the explorer's areas); an area
// is read only after its own step-up; a list with filters generated from its /openapi.json parameters and
// paging by the platform's cursor; one record as keys and values. Every figure is compared with the
// platform's API through the test's own OAuth client.
import type { z } from 'zod';
import type { Post as PostSchema } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

type Post = z.infer<typeof PostSchema>;
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('Posts: step-up to read, filter by access, page through, open one', async ({ page, sandbox, context, host, consentLog }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  // The sign-in itself asked no write scope, and no scope of the explorer's areas.
  const asked = new URL(consentLog.opened[0]!).searchParams.get('scope')!.split(' ');
  expect(asked.filter((s) => s.endsWith(':write'))).toEqual([]);
  expect(asked).not.toContain('posts:read');
  expect((await connectedAccounts(host))[0]!.grantedScopes).not.toContain('posts:read');

  const api = await platformClient(sandbox.url, context, ['posts:read', 'membership_plans:read']);
  const posts = await api.list<Post>('/api/v1/posts');
  expect(posts.length).toBeGreaterThan(25); // two pages of 25

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explorer' })).toBeVisible();
  const areas = page.getByRole('navigation', { name: 'Areas' });
  await areas.getByRole('link', { name: 'Posts' }).click();
  // Its own read scope, asked now.
  await expect(page.getByRole('heading', { name: 'The Posts area needs your permission' })).toBeVisible();
  await page.getByRole('button', { name: 'Grant access' }).click();
  const table = page.getByRole('table', { name: 'Posts' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  expect((await connectedAccounts(host))[0]!.grantedScopes).toContain('posts:read');

  // Page 1 and 2 are the platform's order; Previous goes back.
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText(`Page 1 · ${posts.length} in all`)).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-record-id', posts[0]!.id);
  // Declared choices read as words, not the platform's values; no cell cuts its text (dates whole).
  const accessWords: Record<string, string> = { login_required: 'Login required', paid: 'Paid', public: 'Public' };
  await expect(rows.first().locator('td').filter({ hasText: new RegExp(`^${accessWords[posts[0]!.access]!}$`) })).toHaveCount(1);
  expect(await table.locator('tbody').innerText()).not.toContain('login_required');
  // A post's category by the name the platform gives it (its own list, read through its API), the id in the tooltip.
  const categories = new Map((await api.list<{ id: string; name: string }>('/api/v1/post-categories')).map((c) => [c.id, c.name]));
  expect(categories.size).toBeGreaterThan(0);
  await expect(table.getByRole('columnheader', { name: 'Category' })).toBeVisible();
  const categorized = posts.slice(0, 25).filter((p) => p.category_id !== null);
  expect(categorized.length).toBeGreaterThan(0);
  for (const p of categorized.slice(0, 5)) {
    const cell = table.locator(`tr[data-record-id="${p.id}"] td[title="${p.category_id}"]`);
    await expect(cell).toHaveText(categories.get(p.category_id!)!);
  }
  expect(await table.locator('tbody').innerText()).not.toContain('pcat_');
  const cut = await table.locator('tbody td, tbody th').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut, 'cut off in the Posts table').toEqual([]);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page 2 · ${posts.length} in all`)).toBeVisible();
  await expect(rows).toHaveCount(posts.length - 25);
  await expect(rows.first()).toHaveAttribute('data-record-id', posts[25]!.id);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows.first()).toHaveAttribute('data-record-id', posts[0]!.id);

  // The filter is a select because the document declares the parameter's enum; it starts again at page 1.
  const access = page.getByLabel('Access');
  await expect(access.locator('option')).toHaveText(['Any', 'Login required', 'Paid', 'Public']);
  await access.selectOption('paid');
  const paid = posts.filter((p) => p.access === 'paid');
  await expect(page.getByText(`Page 1 · ${paid.length} in all`)).toBeVisible();
  await expect(rows).toHaveCount(paid.length);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-record-id')))).toEqual(paid.map((p) => p.id));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(`Page 1 · ${posts.length} in all`)).toBeVisible();

  // One record, by keyboard: its keys and values, and Edit (the document has a PATCH for posts).
  const post = posts[0]!;
  await table.locator(`tr[data-record-id="${post.id}"]`).getByRole('button', { name: post.title }).focus();
  await page.keyboard.press('Enter');
  const record = page.locator('.explorer-record');
  await expect(record.getByRole('heading', { name: post.title })).toBeVisible();
  const value = (key: string) => record.locator('.record-row').filter({ has: page.locator('dt', { hasText: new RegExp(`^${key}$`) }) }).locator('dd');
  await expect(value('Access')).toHaveText(accessWords[post.access]!);
  await expect(value('Id')).toHaveText(post.id);
  await expect(value('Title')).toHaveText(post.title);
  await expect(value('Category')).toHaveText(post.category_id === null ? '—' : `${categories.get(post.category_id)!} (${post.category_id})`);
  await expect(record.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.getByRole('button', { name: /Back to posts/ }).click();
  await expect(table).toBeVisible();

  // A membership plan's list of post categories, each by its name, in the list and in the record.
  const plans = await api.list<{ id: string; name: string; post_category_ids: string[] }>('/api/v1/membership-plans');
  // Granted at sign-in already (Members and Subscriptions read the plans): no step-up here.
  await areas.getByRole('link', { name: 'Membership plans' }).click();
  const planTable = page.getByRole('table', { name: 'Membership plans' });
  await expect(planTable).toBeVisible({ timeout: 30_000 });
  for (const plan of plans) {
    const named = plan.post_category_ids.map((id) => categories.get(id)!);
    await expect(planTable.locator(`tr[data-record-id="${plan.id}"] td[title="${plan.post_category_ids.join(', ')}"]`)).toHaveText(named.join(', '));
  }
  expect(await planTable.locator('tbody').innerText()).not.toContain('pcat_');
});

test.describe('a platform whose /openapi.json offers fewer operations', () => {
  test.use({ sandboxOpenApiOmit: ['listPages', 'updatePage', 'updateLecturer'] });

  test('the explorer says what the platform does not offer instead of failing', async ({ page, sandbox }) => {
    await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
    await page.goto(page.url().replace(/#.*$/, '#/explore'));
    await expect(page.getByRole('heading', { level: 1, name: 'Explorer' })).toBeVisible();
    const areas = page.getByRole('navigation', { name: 'Areas' });
    await expect(areas.getByRole('link', { name: /Pages/ })).toContainText('not offered');
    await expect(areas.getByRole('link', { name: /Posts/ })).not.toContainText('not offered');
    await expect(page.locator('.explorer-missing').first()).toContainText('Pages');

    await areas.getByRole('link', { name: /Pages/ }).click();
    await expect(page.getByText('Pages: not offered by this platform')).toBeVisible();
    await areas.getByRole('link', { name: /Storage/ }).click();
    await expect(page.getByText('Storage: not shown here')).toBeVisible();

    // Lecturers are listed, but without a PATCH in the document there is no Edit: read only, said so.
    await areas.getByRole('link', { name: 'Lecturers' }).click();
    await page.getByRole('button', { name: 'Grant access' }).click();
    const table = page.getByRole('table', { name: 'Lecturers' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await table.locator('tbody tr').first().getByRole('button').click();
    await expect(page.locator('.explorer-record')).toContainText('read only');
    await expect(page.locator('.explorer-record').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  });
});
