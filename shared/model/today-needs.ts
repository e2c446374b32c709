// What Today counts as needing the admin, each rule written once: the Today service counts with it and the
// screen a count links to filters with it, so the link always lands on exactly the records counted.
import type { OrderState } from './orders';
import type { EventView } from './events';
import type { InboxComment } from './comments';

const DAY_MS = 86_400_000;

/** Events starting in the next seven days. */
const SOON_DAYS = 7;

export const FAILED_STATES: readonly OrderState[] = ['failed'];
export const REFUND_STATES: readonly OrderState[] = ['refunded', 'refunding'];

/** Orders in these states changed at or after `since`: the Orders page's filter and Today's count alike. */
export function changedOrders(states: readonly OrderState[], since: string): { states: OrderState[]; changedFrom: string } {
  return { states: [...states].sort(), changedFrom: since };
}

/** The Orders page's address for such a filter (the page reads ?state and ?changedFrom back). */
export function ordersRoute(filters: { states: readonly OrderState[]; changedFrom: string }): string {
  return `/orders?state=${[...filters.states].sort().join(',')}&changedFrom=${encodeURIComponent(filters.changedFrom)}`;
}

/** Events that start in [now, now + 7 days), soonest first. */
export function eventsStartingSoon(events: readonly EventView[], now: number): EventView[] {
  return events
    .filter((e) => {
      const t = Date.parse(e.startsAt);
      return t >= now && t < now + SOON_DAYS * DAY_MS;
    })
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
}

/** Seats still for sale over some events (a ticket type sold out adds nothing). */
export function seatsLeft(events: readonly EventView[]): number {
  return events.reduce((sum, e) => sum + e.ticketTypes.reduce((n, t) => n + Math.max(0, t.capacity - t.sold), 0), 0);
}

/** The Students page's address for the learners who stalled this week (the page reads ?stalled=week back). */
export const STALLED_THIS_WEEK_ROUTE = '/students?stalled=week';

/** A comment waiting for an answer: no staff reply on the platform, and not marked handled in the app. */
export function needsAnswer(comment: Pick<InboxComment, 'unanswered' | 'handled'>): boolean {
  return comment.unanswered && comment.handled !== true;
}

