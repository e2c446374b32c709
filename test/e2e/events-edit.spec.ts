// Events, end to end: the upcoming and past lists against the platform's own events (tickets sold against
// capacity), an event's attendee list against the platform's, and an edit of title, start and capacity in
// the school's time zone: a capacity below the tickets sold is refused before anything is sent; the edit is
// confirmed, asks events:write only now (step-up, consent clicked in Chromium), says when done, and Undo
// PATCHes the previous values back. Every result is checked through the platform's API by the test's own
// OAuth client, never through the app.
import type { z } from 'zod';
import type { EventAttendee, School, SchoolEvent } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

type Event = z.infer<typeof SchoolEvent>;
type Attendee = z.infer<typeof EventAttendee>;
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

/** The wall clock of `timeZone` at an instant as a datetime-local value, written here apart from the app's own. */
function wallClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(Date.parse(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('events: upcoming and past with tickets sold, the attendee list, and an edit checked, confirmed, granted, done and undone', async ({ page, sandbox, context, host }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['school:read', 'events:read']);
  const school = await api.get<School>('/api/v1/school');
  const events = await api.list<Event>('/api/v1/events');
  const sold = (e: Event) => e.tickets.reduce((n, t) => n + t.sold, 0);
  const capacity = (e: Event) => e.tickets.reduce((n, t) => n + t.capacity, 0);
  const now = Date.now();
  const upcoming = events.filter((e) => Date.parse(e.ends_at) > now);
  const past = events.filter((e) => Date.parse(e.ends_at) <= now);
  expect(upcoming.length).toBeGreaterThan(0);
  expect((await connectedAccounts(host))[0]!.grantedScopes).not.toContain('events:write');

  // Upcoming first, soonest first, each with its tickets sold against capacity; the school's zone said once.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByTestId('time-zone')).toContainText(`${school.time_zone}, GMT`);
  const table = page.getByRole('table', { name: 'Upcoming events' });
  await expect(table.locator('tbody tr')).toHaveCount(upcoming.length);
  const sorted = [...upcoming].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  await expect.poll(() => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id')))).toEqual(sorted.map((e) => e.id));
  for (const e of upcoming) {
    const row = table.locator(`tr[data-event-id="${e.id}"]`);
    await expect(row.getByRole('meter', { name: 'Capacity used' })).toHaveAttribute('aria-valuetext', new RegExp(`^${sold(e)} of ${capacity(e).toLocaleString('en-US')} sold`));
  }

  // Past events, one click away (keyboard too).
  await page.getByRole('button', { name: /^Past \(/ }).focus();
  await page.keyboard.press('Enter');
  const pastTable = page.getByRole('table', { name: 'Past events' });
  await expect(pastTable.locator('tbody tr')).toHaveCount(past.length);
  expect(page.url()).toContain('when=past');

  // The event with the most tickets sold: its attendees, as the platform lists them.
  const event = [...events].sort((a, b) => sold(b) - sold(a))[0]!;
  const ticket = [...event.tickets].sort((a, b) => b.sold - a.sold)[0]!;
  expect(ticket.sold).toBeGreaterThan(0);
  const list = Date.parse(event.ends_at) > now ? table : pastTable;
  if (list === table) await page.getByRole('button', { name: /^Upcoming \(/ }).click();
  await list.getByRole('link', { name: event.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  const attendees = await api.list<Attendee>(`/api/v1/events/${event.id}/attendees`);
  const rows = page.getByRole('table', { name: 'Attendees' }).locator('tbody tr');
  await expect(rows).toHaveCount(attendees.length);
  await expect(rows.locator('th')).toHaveText(attendees.map((a) => a.name));

  // The form shows the times in the school's zone, and says which zone.
  const form = page.getByRole('form', { name: 'Edit event' });
  const starts = form.getByLabel(/^Starts \(/);
  await expect(form.getByText(`Starts (${school.time_zone}`)).toBeVisible();
  await expect(starts).toHaveValue(wallClock(event.starts_at, school.time_zone));

  // Below the tickets sold: refused at its field before anything is sent.
  const capacityField = form.getByLabel(`Capacity: ${ticket.name}`);
  await capacityField.fill(String(ticket.sold - 1));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toContainText(`cannot be below the ${ticket.sold} tickets already sold`);
  await expect(capacityField).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await api.get<Event>(`/api/v1/events/${event.id}`)).updated_at).toBe(event.updated_at);

  // Title, an hour earlier and more room: confirmed, then events:write asked now, then done.
  const earlier = new Date(Date.parse(event.starts_at) - 3_600_000).toISOString();
  await form.getByLabel('Title').fill(`${event.title} (moved)`);
  await starts.fill(wallClock(earlier, school.time_zone));
  await capacityField.fill(String(ticket.sold + 7));
  await form.getByRole('button', { name: 'Save changes' }).click();
  const confirm = page.getByRole('dialog', { name: `Change event “${event.title}”?` });
  await expect(confirm).toContainText('title, time and capacity');
  await confirm.getByRole('button', { name: 'Save changes' }).click();
  await expect(confirm.getByRole('alert')).toContainText('events');
  expect((await api.get<Event>(`/api/v1/events/${event.id}`)).title).toBe(event.title);
  await confirm.getByRole('button', { name: 'Grant access' }).click();
  const done = page.locator('.notice').filter({ hasText: `Changed event “${event.title}”: title, time and capacity` });
  await expect(done).toBeVisible({ timeout: 30_000 });
  const changed = await api.get<Event>(`/api/v1/events/${event.id}`);
  expect([changed.title, Date.parse(changed.starts_at), changed.ends_at, changed.tickets.find((t) => t.id === ticket.id)!.capacity]).toEqual([`${event.title} (moved)`, Date.parse(earlier), event.ends_at, ticket.sold + 7]);
  expect((await connectedAccounts(host))[0]!.grantedScopes).toContain('events:write');
  await expect(page.getByRole('heading', { level: 1, name: `${event.title} (moved)` })).toBeVisible();
  await expect(starts).toHaveValue(wallClock(earlier, school.time_zone));

  // Undo: the previous values PATCHed back.
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.notice').filter({ hasText: `Changed event “${event.title} (moved)”` })).toBeVisible();
  await expect.poll(async () => {
    const back = await api.get<Event>(`/api/v1/events/${event.id}`);
    return [back.title, Date.parse(back.starts_at), back.tickets.find((t) => t.id === ticket.id)!.capacity];
  }).toEqual([event.title, Date.parse(event.starts_at), ticket.capacity]);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();

  // Nothing on the page scrolls sideways at this window size.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await page.locator('.table-scroll').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length)).toBe(0);
});
