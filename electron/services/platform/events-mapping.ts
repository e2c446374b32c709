// The one place where the platform's event and attendee payloads (snake_case) become the app's model
// (shared/model/events.ts) and an edit becomes the PATCH body: nothing else reads those payloads.
import type { z } from 'zod';
import type { EventAttendeeView, EventFields, EventView } from '../../../shared/model/events';
import type { EventAttendee, SchoolEvent } from '../../../shared/platform/resources';

type PlatformEvent = z.output<typeof SchoolEvent>;
type PlatformAttendee = z.output<typeof EventAttendee>;

export function toEventView(event: PlatformEvent): EventView {
  const ticketTypes = event.tickets.map((t) => ({ id: t.id, name: t.name, price: t.price, currency: t.currency, capacity: t.capacity, sold: t.sold }));
  return {
    id: event.id,
    title: event.title,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    updatedAt: event.updated_at ?? null,
    ticketTypes,
    capacity: ticketTypes.reduce((n, t) => n + t.capacity, 0),
    sold: ticketTypes.reduce((n, t) => n + t.sold, 0),
    attendees: { enrolled: event.attendees.enrolled, checkedIn: event.attendees.checked_in, noShow: event.attendees.no_show, cancelled: event.attendees.cancelled },
  };
}

export function toAttendeeView(attendee: PlatformAttendee): EventAttendeeView {
  return { id: attendee.id, name: attendee.name, email: attendee.email, ticketName: attendee.ticket_name, status: attendee.status, boughtAt: attendee.bought_at };
}

/** The PATCH /events/{id} body for an edit: only the fields it changes. */
export function toEventPatch(changes: EventFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (changes.title !== undefined) body.title = changes.title.trim();
  if (changes.startsAt !== undefined) body.starts_at = changes.startsAt;
  if (changes.endsAt !== undefined) body.ends_at = changes.endsAt;
  if (changes.capacities !== undefined && changes.capacities.length > 0) body.tickets = changes.capacities.map((c) => ({ id: c.ticketTypeId, capacity: c.capacity }));
  return body;
}
