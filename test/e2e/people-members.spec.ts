// Members (issue 10, People): every subscriber with their membership plan and subscription state, equal to
// what the platform's API says, found by name as the admin types, each opening the member panel.
import type { MembershipPlan, Person, Subscription } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('Members: each member with their plans and subscription states, a search, the member panel', async ({ page, sandbox, context }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['members:read', 'subscriptions:read', 'membership_plans:read']);
  const members = await api.list<Person>('/api/v1/members?limit=1000');
  const subscriptions = await api.list<Subscription>('/api/v1/subscriptions?limit=1000');
  const plans = new Map((await api.list<MembershipPlan>('/api/v1/membership-plans')).map((p) => [p.id, p.name]));
  expect(members.length).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  const table = page.getByTestId('members');
  await expect(table).toBeVisible({ timeout: 30_000 });
  // One row per subscription (a member without one: one row), every member listed.
  const rows = members.reduce((n, m) => n + Math.max(1, subscriptions.filter((s) => s.member_id === m.id).length), 0);
  await expect(table.locator('tbody tr')).toHaveCount(rows);
  expect(new Set(await table.locator('tbody tr').evaluateAll((trs) => trs.map((r) => r.getAttribute('data-member-id')))).size).toBe(members.length);

  // One member with a subscription: their plan's name and state.
  const sub = subscriptions.find((s) => s.state === 'past_due') ?? subscriptions[0]!;
  const member = members.find((m) => m.id === sub.member_id)!;
  await page.getByRole('searchbox').fill(member.email);
  const theirs = subscriptions.filter((s) => s.member_id === member.id);
  await expect(table.locator('tbody tr')).toHaveCount(theirs.length);
  for (const s of theirs) await expect(table).toContainText(plans.get(s.plan_id)!);
  const label = { active: 'Active', incomplete: 'Incomplete', trialing: 'Trialing', past_due: 'Past due', canceled: 'Canceled', expired: 'Expired' }[sub.state];
  await expect(table).toContainText(label);

  // The member panel, as Subscriptions opens it.
  await table.getByRole('link', { name: member.name }).click();
  const panel = page.getByRole('dialog', { name: member.name });
  await expect(panel).toContainText(member.email);
  await expect(page).toHaveURL(new RegExp(`#/subscriptions/members/${member.id}$`));
});
