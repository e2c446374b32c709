// Main-side handlers for events (shared/ipc/events.ts). Reads go through the offline cache like every
// other read; what is read from the platform, and how, is platform/events-platform.ts's. A platform without
// events (the list answers 404: no such operation) is said plainly (offered: false), not shown as an error.
import type { eventMethods } from '../../../shared/ipc/events';
import type { EventAttendees, EventsOverview } from '../../../shared/model/events';
import type { PlatformCaller } from '../api/platform-caller';
import type { CachedReader } from '../data/cached-read';
import type { MethodHandlers } from '../ipc/handler-types';
import { unlessMissing } from '../api/partial-answers';
import { listEventAttendees, listEvents } from '../platform/events-platform';

type EventMethodName = Extract<keyof typeof eventMethods, string>;

export function createEventHandlers(caller: PlatformCaller, reader: CachedReader): MethodHandlers<EventMethodName> {
  return {
    'events.list': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'events.list', {}, async (): Promise<EventsOverview> =>
        unlessMissing<EventsOverview>(async () => {
          const { timeZone, events } = await listEvents(caller, accountId, signal);
          return { offered: true, timeZone, events: events.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)) };
        }, { offered: false }),
      ),
    'events.attendees': async ({ accountId, eventId }, { signal }) =>
      reader.read(accountId, 'events.attendees', { eventId }, async (): Promise<EventAttendees> =>
        unlessMissing<EventAttendees>(async () => ({ offered: true, attendees: await listEventAttendees(caller, accountId, eventId, signal) }), { offered: false }),
      ),
  };
}
