// The sandbox's events and comments as the Events page and the comments inbox use them: one event, its
// attendees (as many as its tickets, statuses agreeing with its counts), capacity edits (never below sold,
// updated_at moving on a real change only) and comments with their page link, place title and author role.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Comment, EventAttendee, SchoolEvent } from '../../../shared/platform/resources';
import { harness } from './helpers';

type Event = z.infer<typeof SchoolEvent>;
type Attendee = z.infer<typeof EventAttendee>;
type PlatformComment = z.infer<typeof Comment>;

describe('sandbox events', () => {
  const h = harness({ orders: 3000 });

  it('lists each event’s attendees: one per ticket sold or refunded, with statuses that agree with its counts', async () => {
    const { items: events } = await h.all<Event>('listEvents');
    let withAttendees = 0;
    for (const event of events) {
      const { items } = await h.all<Attendee>('listEventAttendees', { params: { event_id: event.id }, query: { limit: '7' } });
      const count = (s: string) => items.filter((a) => a.status === s).length;
      const sold = event.tickets.reduce((n, t) => n + t.sold, 0);
      expect(items.length - count('cancelled'), event.id).toBe(sold);
      expect(count('cancelled')).toBe(event.attendees.cancelled);
      expect(count('checked_in')).toBe(event.attendees.checked_in);
      expect(count('no_show')).toBe(event.attendees.no_show);
      for (const t of event.tickets) expect(items.filter((a) => a.ticket_id === t.id && a.status !== 'cancelled')).toHaveLength(t.sold);
      if (items.length > 0) withAttendees++;
    }
    expect(withAttendees).toBeGreaterThan(0);
    expect((await h.fails('listEventAttendees', { params: { event_id: 'evt_nope' } })).status).toBe(404);
  });

  it('changes capacity per ticket type, never below the tickets sold, and moves updated_at only on a real change', async () => {
    const { items: events } = await h.all<Event>('listEvents');
    const event = events.find((e) => e.tickets.some((t) => t.sold > 0))!;
    const ticket = event.tickets.find((t) => t.sold > 0)!;
    const refused = await h.fails('updateEvent', { params: { event_id: event.id }, body: { tickets: [{ id: ticket.id, capacity: ticket.sold - 1 }] } });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(`${ticket.sold} tickets sold`);
    const same = (await h.call('updateEvent', { params: { event_id: event.id }, body: { title: event.title } })).body as Event;
    expect(same.updated_at).toBe(event.updated_at);
    const changed = (await h.call('updateEvent', { params: { event_id: event.id }, body: { tickets: [{ id: ticket.id, capacity: ticket.sold + 5 }] } })).body as Event;
    expect(changed.tickets.find((t) => t.id === ticket.id)!.capacity).toBe(ticket.sold + 5);
    expect(changed.updated_at).not.toBe(event.updated_at);
    expect((await h.call('getEvent', { params: { event_id: event.id } })).body).toEqual(changed);
  });

  it('gives every comment a link on the school’s site, the title of where it was posted and its author’s role', async () => {
    const { items } = await h.all<PlatformComment>('listComments');
    const byId = new Map(items.map((c) => [c.id, c]));
    for (const c of items) {
      expect(c.url).toMatch(new RegExp(`^https://[a-z0-9-]+\\.school\\.example/.+#comment-${c.id}$`));
      expect(c.target.title).toBeTruthy();
      if (c.parent_id) expect(c.url!.split('#')[0]).toBe(byId.get(c.parent_id)!.url!.split('#')[0]);
      else expect(c.author_role).toBe('learner');
    }
    expect(items.some((c) => c.author_role === 'staff')).toBe(true);
  });
});
