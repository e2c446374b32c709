// An event edit made while the platform is down, end to end: the sandbox really closes and comes back on
// the same address with the same data. The Events pages show the saved copy with its age; two edits wait
// in the outbox. Another admin changes one of those events on the platform before the app notices it is
// back: that edit is not sent, and the admin is told why; the other one is sent. Checked through the
// platform's API by the test's own OAuth client.
import type { z } from 'zod';
import type { SchoolEvent } from '../../shared/platform/resources';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';
import { startSandbox } from '../sandbox';

type Event = z.infer<typeof SchoolEvent>;
const SEED = 29;
const ORDERS = 2000;
const expect = baseExpect.configure({ timeout: 15_000 });

const test = restartableSandboxTest({ seed: SEED, orders: ORDERS });

test('event edits made offline wait in the outbox; one whose event changed on the platform meanwhile is refused with the reason', async ({ page, sandbox, context, host }) => {
  test.setTimeout(180_000);
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['events:read', 'events:write']);
  const [changedElsewhere, untouched, warmUp] = await api.list<Event>('/api/v1/events');
  const openEvent = async (event: Event, title = event.title) => {
    await page.goto(page.url().replace(/#.*$/, `#/events/${encodeURIComponent(event.id)}`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    return page.getByRole('form', { name: 'Edit event' });
  };
  const save = async (title: string) => {
    await page.getByRole('form', { name: 'Edit event' }).getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog', { name: `Change event “${title}”?` }).getByRole('button', { name: 'Save changes' }).click();
  };

  // Online first: the first edit asks for events:write (step-up), then Undo; the other pages get read once.
  let form = await openEvent(warmUp!);
  await form.getByLabel('Title').fill(`${warmUp!.title}!`);
  await save(warmUp!.title);
  await page.getByRole('dialog').getByRole('button', { name: 'Grant access' }).click();
  await page.locator('.notice').filter({ hasText: `Changed event “${warmUp!.title}”` }).getByRole('button', { name: 'Undo' }).click({ timeout: 30_000 });
  await expect.poll(async () => (await api.get<Event>(`/api/v1/events/${warmUp!.id}`)).title).toBe(warmUp!.title);
  await openEvent(changedElsewhere!);
  await openEvent(untouched!);

  // The platform goes away; the app's probe notices (run now rather than waited for).
  const port = sandbox.port;
  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);

  // The saved copy, with its age; two edits kept in the outbox.
  form = await openEvent(changedElsewhere!);
  await expect(page.getByTestId('figure-age').first()).toHaveAttribute('data-from-cache', 'true');
  await expect(page.getByTestId('figure-age').first()).toContainText(/offline/i);
  await form.getByLabel('Title').fill(`${changedElsewhere!.title}: new room`);
  await save(changedElsewhere!.title);
  await expect(page.locator('.notice').filter({ hasText: 'Saved in the outbox' }).first()).toBeVisible();
  form = await openEvent(untouched!);
  const ticket = untouched!.tickets[0]!;
  await form.getByLabel(`Capacity (${ticket.name})`).fill(String(ticket.capacity + 10));
  await save(untouched!.title);
  await expect(page.getByTestId('outbox-count')).toHaveText('2, 2 changes in the outbox');

  // Back on the same address with the same data; before the app notices, another admin renames the first event.
  const again = await startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true });
  try {
    await api.patch(`/api/v1/events/${changedElsewhere!.id}`, { title: `${changedElsewhere!.title} (by another admin)` });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await host.services.probe.check();
    await expect(page.getByTestId('app-status')).toContainText('Online');

    // The untouched event's capacity is sent; the changed event's title is not, with the reason.
    await expect.poll(async () => (await api.get<Event>(`/api/v1/events/${untouched!.id}`)).tickets[0]!.capacity, { timeout: 30_000 }).toBe(ticket.capacity + 10);
    const outbox = page.getByRole('table', { name: 'Outbox' });
    const refused = outbox.locator('tbody tr[data-outbox-state="conflict"]');
    await expect(refused).toHaveCount(1, { timeout: 30_000 });
    await expect(refused).toContainText(`Event “${changedElsewhere!.title}” was changed on the platform`);
    await expect(refused).toContainText('not sent');
    expect((await api.get<Event>(`/api/v1/events/${changedElsewhere!.id}`)).title).toBe(`${changedElsewhere!.title} (by another admin)`);
    const log = page.getByRole('table', { name: 'Activity log' });
    await expect(log.locator('tr[data-result="conflict"]')).toContainText(`Change event “${changedElsewhere!.title}”: title`);
    await expect(log.locator('tr[data-result="sent"]')).toContainText(`Change event “${untouched!.title}”: capacity`);
  } finally {
    await again.close();
  }
});
