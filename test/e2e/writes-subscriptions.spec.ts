// Subscriptions: the past-due and canceling lists per currency equal the platform's (never mixed); cancel
// at period end and cancel now, each after a confirmation naming the member, checked through the
// platform's API by the test's own OAuth client; a link to the member.
import type { Person, Subscription } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('Subscriptions: lists per currency, cancel at period end, cancel now after a confirmation, the member', async ({ page, sandbox, context }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['subscriptions:read', 'members:read']);
  const all = await api.list<Subscription>('/api/v1/subscriptions');
  const pastDue = all.filter((s) => s.state === 'past_due');
  const canceling = all.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired');
  const currencies = [...new Set([...pastDue, ...canceling].map((s) => s.currency))];
  expect(pastDue.length + canceling.length).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscriptions' }).click();
  const lists = page.getByTestId('subscription-lists');
  await expect(lists).toBeVisible({ timeout: 30_000 });
  for (const currency of currencies) {
    if (currencies.length > 1) await page.getByRole('tab', { name: currency }).click();
    await expect(lists).toHaveAttribute('data-currency', currency);
    // The subscriptions each list shows (an empty list shows none), exactly those of the platform.
    const ids = async (testId: string) => (await page.getByTestId(testId).locator('tbody tr[data-subscription-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-subscription-id')))).sort();
    const want = (rows: Subscription[]) => rows.filter((s) => s.currency === currency).map((s) => s.id).sort();
    expect(await ids('past-due')).toEqual(want(pastDue));
    expect(await ids('canceling')).toEqual(want(canceling));
  }

  // Cancel at period end, after a confirmation naming the member; step-up for subscriptions:write first.
  const target = pastDue[0] ?? canceling[0]!;
  if (currencies.length > 1) await page.getByRole('tab', { name: target.currency }).click();
  const row = page.locator(`tr[data-subscription-id="${target.id}"]`).first();
  if (!target.canceling) {
    await row.getByRole('button', { name: `Cancel at period end: ${target.member_name}'s subscription` }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel “${target.member_name}”'s subscription at the end of the period?` });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await confirm.getByRole('button', { name: 'Grant access' }).click();
    await expect(page.locator('.notice').filter({ hasText: `“${target.member_name}”'s subscription will end with the current period` })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await api.get<Subscription>(`/api/v1/subscriptions/${target.id}`)).canceling).toBe(true);
  }

  // Cancel now: confirmed first (Keep subscription there keeps it: never "Cancel" beside "Cancel now"), then done.
  const now = page.locator(`tr[data-subscription-id="${target.id}"]`).first();
  await now.getByRole('button', { name: `Cancel now: ${target.member_name}'s subscription` }).click();
  const confirmNow = page.getByRole('dialog', { name: `Cancel “${target.member_name}”'s subscription now?` });
  await expect(confirmNow).toContainText('cannot be undone');
  await confirmNow.getByRole('button', { name: 'Keep subscription', exact: true }).click();
  expect((await api.get<Subscription>(`/api/v1/subscriptions/${target.id}`)).state).not.toBe('canceled');
  await now.getByRole('button', { name: `Cancel now: ${target.member_name}'s subscription` }).click();
  await confirmNow.getByRole('button', { name: 'Cancel now' }).click();
  const grant = confirmNow.getByRole('button', { name: 'Grant access' });
  if (await grant.isVisible().catch(() => false)) await grant.click();
  await expect(page.locator('.notice').filter({ hasText: `Canceled “${target.member_name}”'s subscription` })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await api.get<Subscription>(`/api/v1/subscriptions/${target.id}`)).state).toBe('canceled');
  await expect(page.locator(`tr[data-subscription-id="${target.id}"]`)).toHaveCount(0);

  // The member, one click away.
  const other = [...pastDue, ...canceling].find((s) => s.id !== target.id && s.currency === target.currency);
  // The demo school has more than one subscription needing attention in each currency it bills in.
  expect(other, 'a second subscription needing attention in that currency').toBeDefined();
  const member = await api.get<Person>(`/api/v1/members/${other!.member_id}`);
  await page.locator(`tr[data-subscription-id="${other!.id}"]`).first().getByRole('link', { name: other!.member_name }).click();
  const panel = page.getByRole('dialog', { name: member.name });
  await expect(panel).toContainText(member.email);
  await expect(panel.getByRole('link', { name: 'Their orders' })).toHaveAttribute('href', `#/orders?q=${encodeURIComponent(member.email)}`);
});
