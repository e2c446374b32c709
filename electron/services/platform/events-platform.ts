// The events area's platform adapter: the operations, paging and payload schemas behind the Events page,
// mapped (events-mapping.ts) to the app's model (shared/model/events.ts). A platform without events answers
// not_found, which the handlers show as "not offered". Edits are planned in writes-platform.ts.
import type { EventAttendeeView, EventView } from '../../../shared/model/events';
import { EventAttendee, School, SchoolEvent } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { toAttendeeView, toEventView } from './events-mapping';

/** Every event of the school, and the school's time zone (the one its event times are entered in). */
export async function listEvents(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<{ timeZone: string; events: EventView[] }> {
  const [events, school] = await Promise.all([
    caller.paginate(accountId, 'listEvents', SchoolEvent, { query: { limit: 1000 }, signal }),
    caller.call(accountId, 'getSchool', School, { signal }),
  ]);
  return { timeZone: school.time_zone, events: events.map(toEventView) };
}

export async function listEventAttendees(caller: PlatformCaller, accountId: string, eventId: string, signal?: AbortSignal): Promise<EventAttendeeView[]> {
  const attendees = await caller.paginate(accountId, 'listEventAttendees', EventAttendee, { path: { event_id: eventId }, query: { limit: 1000 }, signal });
  return attendees.map(toAttendeeView);
}
