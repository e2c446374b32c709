// Part of the IPC contract (see shared/ipc.ts): a school's events and their attendees, in the app's own
// model (shared/model/events.ts). Edits go through writes.perform (kind 'event.update', shared/model/writes.ts).
import { z } from 'zod';
import { EventAttendees, EventsOverview } from '../model/events';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const id = z.string().min(1).max(256);

export const eventMethods = {
  'events.list': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(EventsOverview),
    "Every event of the school with its ticket types (capacity, sold) and attendee counts, and the school's time zone; offered: false when the platform has no events (needs events:read).",
  ),
  'events.attendees': method(
    z.object({ accountId: AccountId, eventId: id }).strict(),
    answerOf(EventAttendees),
    "One event's attendees, every page of them (needs events:read).",
  ),
} satisfies Record<string, MethodDef>;
