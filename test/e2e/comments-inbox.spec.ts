// The comments inbox, end to end: learners' comments as the platform lists them, unanswered first (the rule
// of docs/business-api.md, recomputed here from the platform's own list through the test's OAuth client),
// the filters (unanswered / all, where), where each was posted and its link on the school's site, and the
// plain statement that the app cannot reply (the platform has comments:read and no comments:write).
import type { z } from 'zod';
import type { Comment } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

type PlatformComment = z.infer<typeof Comment>;
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** The thread each comment belongs to: its first comment, up through parent_id. */
function rootOf(comment: PlatformComment, byId: Map<string, PlatformComment>): string {
  let at = comment;
  while (at.parent_id && byId.has(at.parent_id)) at = byId.get(at.parent_id)!;
  return at.id;
}

test('comments inbox: unanswered first, filters, where each was posted and its link; no reply from the app', async ({ page, sandbox, context }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['comments:read']);
  const all = await api.list<PlatformComment>('/api/v1/comments');
  const byId = new Map(all.map((c) => [c.id, c]));
  const learners = all.filter((c) => c.author_role !== 'staff');
  const unanswered = new Set(
    learners.filter((c) => !all.some((s) => s.author_role === 'staff' && rootOf(s, byId) === rootOf(c, byId) && Date.parse(s.created_at) > Date.parse(c.created_at))).map((c) => c.id),
  );
  expect(unanswered.size).toBeGreaterThan(0);
  expect(unanswered.size).toBeLessThan(learners.length);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Comments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Comments' });
  const items = list.locator(':scope > li');
  await expect(items).toHaveCount(learners.length);

  // Unanswered first: every unanswered one, then every answered one; the newest first within each.
  const shown = await items.evaluateAll((els) => els.map((e) => [e.getAttribute('data-comment-id')!, e.getAttribute('data-unanswered') === 'true'] as const));
  expect(shown.map(([id, u]) => [id, u])).toEqual(shown.map(([id]) => [id, unanswered.has(id)]));
  const firstAnswered = shown.findIndex(([, u]) => !u);
  expect(shown.slice(firstAnswered).every(([, u]) => !u)).toBe(true);
  const times = shown.slice(0, firstAnswered).map(([id]) => byId.get(id)!.created_at);
  expect(times).toEqual([...times].sort().reverse());

  // Each says who, where it was posted, and links to it on the school's site.
  const first = byId.get(shown[0]![0])!;
  const item = list.locator(`li[data-comment-id="${first.id}"]`);
  await expect(item).toContainText(first.author_name);
  await expect(item).toContainText(`${first.target.kind} “${first.target.title}”`);
  await expect(item).toContainText('Unanswered');
  await expect(item.getByRole('link', { name: new RegExp(`^Answer on your site: ${first.author_name}`) })).toHaveAttribute('href', first.url!);
  const answered = byId.get(shown[firstAnswered]![0])!;
  await expect(list.locator(`li[data-comment-id="${answered.id}"]`)).toContainText('Answered by');

  // No Reply button, and the page says why, where the admin would look for one.
  await expect(page.getByRole('button', { name: /reply/i })).toHaveCount(0);
  await expect(page.getByTestId('comments-readonly')).toContainText('No Reply button here');

  // Filters, with the keyboard: unanswered only, then lectures only; kept in the address.
  await page.getByRole('button', { name: /^Unanswered \(/ }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(unanswered.size);
  await page.getByRole('group', { name: 'Where' }).getByRole('button', { name: 'Lectures' }).click();
  const lectures = [...unanswered].filter((id) => byId.get(id)!.target.kind === 'lecture');
  await expect(items).toHaveCount(lectures.length);
  expect(await items.evaluateAll((els) => els.every((e) => e.getAttribute('data-where') === 'lecture'))).toBe(true);
  expect(page.url()).toMatch(/show=unanswered/);
  await page.reload();
  await expect(items).toHaveCount(lectures.length);
  await page.getByRole('button', { name: /^All \(/ }).click();
  await expect(items).toHaveCount(learners.filter((c) => c.target.kind === 'lecture').length);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
