// The events adapter for another platform: a GraphQL API (one POST /graphql, camelCase payloads of its own
// shape, Relay-style cursor paging, errors in the body), written only against what
// electron/services/platform/events-platform.ts exports. Swapping this module in for that one is all it takes
// for the app's events handlers to run against such a platform (test/unit/architecture/other-platform.test.ts).
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { EventAttendeeView, EventView } from '../../../shared/model/events';
import type { DescribedOperation, PlatformCaller } from '../../../electron/services/api/platform-caller';

const GRAPHQL: DescribedOperation = { operationId: 'graphql', method: 'POST', path: '/graphql', scope: 'events:read' };

const GraphQLError = z.object({ message: z.string(), extensions: z.object({ code: z.string() }).partial().optional() });
const answer = <S extends z.ZodType>(data: S) => z.object({ data: data.nullable().optional(), errors: z.array(GraphQLError).optional() });

const Happening = z.object({
  uid: z.string(),
  name: z.string(),
  schedule: z.object({ begins: z.string(), ends: z.string() }),
  revision: z.string().nullable(),
  tiers: z.array(z.object({ key: z.string(), label: z.string(), price: z.object({ cents: z.int(), currency: z.string() }), seats: z.int(), taken: z.int() })),
  roster: z.object({ registered: z.int(), attended: z.int(), absent: z.int(), withdrawn: z.int() }),
});
const EventsPage = answer(
  z.object({
    school: z.object({
      timezone: z.string(),
      events: z.object({ nodes: z.array(Happening), pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }) }),
    }),
  }),
);
const Registration = z.object({
  uid: z.string(),
  person: z.object({ displayName: z.string(), email: z.string() }),
  tier: z.object({ label: z.string() }),
  status: z.enum(['REGISTERED', 'ATTENDED', 'ABSENT', 'WITHDRAWN']),
  purchasedAt: z.string(),
});
const RosterAnswer = answer(z.object({ event: z.object({ registrations: z.array(Registration) }) }));

const EVENTS_QUERY = `query SchoolEvents($after: String) {
  school { timezone events(first: 50, after: $after) {
    nodes { uid name schedule { begins ends } revision tiers { key label price { cents currency } seats taken } roster { registered attended absent withdrawn } }
    pageInfo { hasNextPage endCursor } } } }`;
const ROSTER_QUERY = `query EventRoster($eventId: ID!) {
  event(id: $eventId) { registrations { uid person { displayName email } tier { label } status purchasedAt } } }`;

/** A GraphQL answer's data, or its first error in the app's terms (NOT_FOUND: this platform has no such thing). */
function dataOf<T>(result: { data?: T | null; errors?: z.infer<typeof GraphQLError>[] }): T {
  const error = result.errors?.[0];
  if (error) throw new AppError(error.extensions?.code === 'NOT_FOUND' ? 'not_found' : 'bad_response', error.message);
  if (!result.data) throw new AppError('bad_response', 'The platform answered without data.');
  return result.data;
}

function ask<S extends z.ZodType>(caller: PlatformCaller, accountId: string, schema: S, operationName: string, query: string, variables: object, signal?: AbortSignal) {
  if (!caller.callOperation) throw new AppError('internal', 'This caller cannot call described operations.');
  return caller.callOperation(accountId, GRAPHQL, schema, { body: { operationName, query, variables }, ...(signal ? { signal } : {}) });
}

const STATUS: Record<z.infer<typeof Registration>['status'], EventAttendeeView['status']> = { REGISTERED: 'enrolled', ATTENDED: 'checked_in', ABSENT: 'no_show', WITHDRAWN: 'cancelled' };

export async function listEvents(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<{ timeZone: string; events: EventView[] }> {
  const events: EventView[] = [];
  let timeZone: string | undefined;
  let after: string | null = null;
  do {
    const result: z.infer<typeof EventsPage> = await ask(caller, accountId, EventsPage, 'SchoolEvents', EVENTS_QUERY, { after }, signal);
    const page = dataOf(result).school;
    timeZone = page.timezone;
    for (const h of page.events.nodes) {
      const ticketTypes = h.tiers.map((t) => ({ id: t.key, name: t.label, price: t.price.cents, currency: t.price.currency, capacity: t.seats, sold: t.taken }));
      events.push({
        id: h.uid,
        title: h.name,
        startsAt: h.schedule.begins,
        endsAt: h.schedule.ends,
        updatedAt: h.revision,
        ticketTypes,
        capacity: ticketTypes.reduce((n, t) => n + t.capacity, 0),
        sold: ticketTypes.reduce((n, t) => n + t.sold, 0),
        attendees: { enrolled: h.roster.registered, checkedIn: h.roster.attended, noShow: h.roster.absent, cancelled: h.roster.withdrawn },
      });
    }
    after = page.events.pageInfo.hasNextPage ? page.events.pageInfo.endCursor : null;
  } while (after !== null);
  return { timeZone: timeZone ?? 'UTC', events };
}

export async function listEventAttendees(caller: PlatformCaller, accountId: string, eventId: string, signal?: AbortSignal): Promise<EventAttendeeView[]> {
  const result: z.infer<typeof RosterAnswer> = await ask(caller, accountId, RosterAnswer, 'EventRoster', ROSTER_QUERY, { eventId }, signal);
  const { event } = dataOf(result);
  return event.registrations.map((r) => ({ id: r.uid, name: r.person.displayName, email: r.person.email, ticketName: r.tier.label, status: STATUS[r.status], boughtAt: r.purchasedAt }));
}
