// Main-side handlers for events (shared/ipc/events.ts). Reads go through the offline cache like every
// other read; payloads become the app's model in platform/events-mapping.ts. A platform without events
// (the list answers 404: no such operation) is said plainly (offered: false), not shown as an error.
import type { eventMethods } from '../../../shared/ipc/events';
import type { EventAttendees, EventsOverview } from '../../../shared/model/events';
import { isAppError } from '../../../shared/errors';
import { EventAttendee, School, SchoolEvent } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import type { CachedReader } from '../data/cached-read';
import type { MethodHandlers } from '../ipc/handler-types';
import { toAttendeeView, toEventView } from '../platform/events-mapping';

export type EventMethodName = Extract<keyof typeof eventMethods, string>;

/** The answer for "this platform has no such list", or the error again. */
export async function unlessMissing<T>(read: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return missing;
    throw error;
  }
}

export function createEventHandlers(caller: PlatformCaller, reader: CachedReader): MethodHandlers<EventMethodName> {
  return {
    'events.list': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'events.list', {}, async (): Promise<EventsOverview> =>
        unlessMissing<EventsOverview>(async () => {
          const [events, school] = await Promise.all([
            caller.paginate(accountId, 'listEvents', SchoolEvent, { query: { limit: 1000 }, signal }),
            caller.call(accountId, 'getSchool', School, { signal }),
          ]);
          return { offered: true, timeZone: school.time_zone, events: events.map(toEventView).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)) };
        }, { offered: false }),
      ),
    'events.attendees': async ({ accountId, eventId }, { signal }) =>
      reader.read(accountId, 'events.attendees', { eventId }, async (): Promise<EventAttendees> =>
        unlessMissing<EventAttendees>(async () => {
          const attendees = await caller.paginate(accountId, 'listEventAttendees', EventAttendee, { path: { event_id: eventId }, query: { limit: 1000 }, signal });
          return { offered: true, attendees: attendees.map(toAttendeeView) };
        }, { offered: false }),
      ),
  };
}
