// One event and its attendees: one attendee per ticket in a sale order (paid, refunding or refunded), in
// the order they were bought. The status follows the same counts as the event's `attendees` figures
// (data/index.ts settleCounters, as of the data's `now`): a refunded ticket is cancelled; for a past event
// the first 82% of the others checked in and the rest did not show; for an upcoming one they are enrolled.
import type { z } from 'zod';
import { EventAttendee, SchoolEvent, pageOf } from '../../../shared/platform/resources';
import type { DemoPlatform, SchoolData } from '../data';
import { iso, type EventRecord } from '../data/catalog';
import { SALE_STATES } from '../data/orders';
import { notFound } from './params';
import { pageOfList, queryKey } from './paging';
import { defineRoute, PAGE_PARAMETERS } from './route';
import { serveEvent } from './school';
import type { BusinessRoute } from '../http/business-route';

function findEvent(school: SchoolData, id: string | undefined): EventRecord {
  const event = school.catalog.events.find((e) => e.id === id);
  if (!event) throw notFound('event', id ?? '');
  return event;
}

function attendeesOf(school: SchoolData, event: EventRecord, now: number): z.infer<typeof EventAttendee>[] {
  const { orders, students } = school;
  const tickets = new Map(event.tickets.map((t) => [t.product, t]));
  const sold = event.tickets.reduce((n, t) => n + t.sold, 0);
  const past = event.startsAtMs < now;
  const checkedIn = past ? Math.round(sold * 0.82) : 0;
  const out: z.infer<typeof EventAttendee>[] = [];
  let kept = 0;
  for (let i = 0; i < orders.count; i++) {
    if (!SALE_STATES.has(orders.state[i] as number)) continue;
    for (let k = orders.itemStart[i] as number; k < (orders.itemStart[i + 1] as number); k++) {
      const ticket = tickets.get(orders.itemProduct[k] as number);
      if (!ticket) continue;
      const refunded = orders.refunded[i] !== 0;
      const status = refunded ? 'cancelled' : !past ? 'enrolled' : kept < checkedIn ? 'checked_in' : 'no_show';
      if (!refunded) kept++;
      const buyer = orders.buyer[i] as number;
      const paidAt = orders.paidAt[i] as number;
      out.push({
        id: `att_${event.id}_${out.length + 1}`,
        ticket_id: ticket.id,
        ticket_name: ticket.name,
        order_id: orders.id(i),
        name: students.name(buyer),
        email: students.email(buyer),
        status,
        bought_at: iso(Number.isNaN(paidAt) ? (orders.createdAt[i] as number) : paidAt),
      });
    }
  }
  return out;
}

export function eventRoutes(platform: DemoPlatform): BusinessRoute[] {
  return [
    defineRoute(platform, 'getEvent', {
      response: SchoolEvent,
      handle: (request, school) => serveEvent(findEvent(school, request.params.event_id)),
    }),
    defineRoute(platform, 'listEventAttendees', {
      response: pageOf(EventAttendee),
      query: PAGE_PARAMETERS,
      summary: "An event's attendees in the order they bought: one per ticket in a paid, refunding or refunded order; status enrolled (upcoming), checked_in or no_show (past), cancelled (refunded)",
      handle: (request, school) => {
        const event = findEvent(school, request.params.event_id);
        return pageOfList(request.query, queryKey(school.school.id, 'listEventAttendees', request.query, { event_id: event.id }), attendeesOf(school, event, platform.now.getTime()));
      },
    }),
  ];
}
