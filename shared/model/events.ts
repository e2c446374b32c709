// The app's own model of a school's events (camelCase), what the IPC contract speaks. Platform payloads are
// mapped into it in one place: electron/services/platform/events-mapping.ts. An edit of an event is an
// EventEdit: checked by the form and again in the main process by the same function (eventEditProblems).
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

const EventTicketType = z.object({
  id,
  name: z.string(),
  /** Integer minor units of `currency`. */
  price: z.int(),
  currency: z.string(),
  capacity: z.int().nonnegative(),
  sold: z.int().nonnegative(),
});
type EventTicketType = z.infer<typeof EventTicketType>;

export const EventView = z.object({
  id,
  title: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  /** Null where the platform does not version events. */
  updatedAt: isoTime.nullable(),
  ticketTypes: z.array(EventTicketType),
  /** Σ of the ticket types'. */
  capacity: z.int().nonnegative(),
  sold: z.int().nonnegative(),
  attendees: z.object({ enrolled: z.int(), checkedIn: z.int(), noShow: z.int(), cancelled: z.int() }),
});
export type EventView = z.infer<typeof EventView>;

/** Either the school's events, or the plain fact that its platform has none (no operation, or a 404). */
export const EventsOverview = z.discriminatedUnion('offered', [
  z.object({ offered: z.literal(true), timeZone: z.string(), events: z.array(EventView) }),
  z.object({ offered: z.literal(false) }),
]);
export type EventsOverview = z.infer<typeof EventsOverview>;

export const AttendeeStatus = z.enum(['enrolled', 'checked_in', 'no_show', 'cancelled']);
export type AttendeeStatus = z.infer<typeof AttendeeStatus>;
export const EventAttendeeView = z.object({ id, name: z.string(), email: z.string(), ticketName: z.string(), status: AttendeeStatus, boughtAt: isoTime });
export type EventAttendeeView = z.infer<typeof EventAttendeeView>;

export const EventAttendees = z.discriminatedUnion('offered', [
  z.object({ offered: z.literal(true), attendees: z.array(EventAttendeeView) }),
  z.object({ offered: z.literal(false) }),
]);
export type EventAttendees = z.infer<typeof EventAttendees>;

/** The fields of an event an admin can change; a field left out is not changed. */
export const EventFields = z
  .object({
    title: z.string().trim().min(1, 'give the event a title').max(200, 'must be at most 200 characters'),
    startsAt: isoTime,
    endsAt: isoTime,
    capacities: z.array(z.object({ ticketTypeId: id, capacity: z.int('must be a whole number').nonnegative('cannot be negative').max(1_000_000) }).strict()).max(50),
  })
  .partial()
  .strict();
export type EventFields = z.infer<typeof EventFields>;

interface EventEditProblem {
  /** `title`, `startsAt`, `endsAt` or `capacity.<ticketTypeId>`. */
  field: string;
  message: string;
}

/**
 * What is wrong with changing `event` to `changes`, as it was when the admin saw it: the same check in the
 * form and in the main process before anything is sent. The platform checks again (a ticket may sell meanwhile).
 */
export function eventEditProblems(event: Pick<EventView, 'startsAt' | 'endsAt' | 'ticketTypes'>, changes: EventFields): EventEditProblem[] {
  const problems: EventEditProblem[] = [];
  const parsed = EventFields.safeParse(changes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path;
      const field = head === 'capacities' && typeof index === 'number' ? `capacity.${changes.capacities?.[index]?.ticketTypeId ?? index}` : String(head ?? 'event');
      problems.push({ field, message: issue.message });
    }
    return problems;
  }
  const startsAt = Date.parse(changes.startsAt ?? event.startsAt);
  const endsAt = Date.parse(changes.endsAt ?? event.endsAt);
  if (endsAt <= startsAt) problems.push({ field: 'endsAt', message: 'must be after the start' });
  for (const change of changes.capacities ?? []) {
    const ticket = event.ticketTypes.find((t) => t.id === change.ticketTypeId);
    if (!ticket) problems.push({ field: `capacity.${change.ticketTypeId}`, message: 'no such ticket type on this event' });
    else if (change.capacity < ticket.sold) problems.push({ field: `capacity.${change.ticketTypeId}`, message: `cannot be below the ${ticket.sold} tickets already sold` });
  }
  return problems;
}

/** An edit that moves both ends must keep the end after the start (what the main process can check without the event). */
export function eventTimesProblem(changes: EventFields): string | null {
  if (changes.startsAt === undefined || changes.endsAt === undefined) return null;
  return Date.parse(changes.endsAt) > Date.parse(changes.startsAt) ? null : 'must be after the start';
}
