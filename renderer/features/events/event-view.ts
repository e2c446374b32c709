// Pure helpers of the Events pages: which events are upcoming or past, and how full an event is.
import type { EventView } from '../../../shared/model/events';
import { eventsStartingSoon } from '../../../shared/model/today-needs';

/** soon: starting in the next seven days (Today's count links here). */
export type When = 'upcoming' | 'past' | 'soon';

/** Upcoming: not over yet (an event under way is upcoming), soonest first. Past: over, latest first. */
function eventsWhen(events: readonly EventView[], when: When, now: number): EventView[] {
  if (when === 'soon') return eventsStartingSoon(events, now);
  const upcoming = (e: EventView) => Date.parse(e.endsAt) > now;
  return when === 'upcoming'
    ? events.filter(upcoming).sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    : events.filter((e) => !upcoming(e)).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
}

export function eventsByWhen(events: readonly EventView[], now: number): Record<When, EventView[]> {
  return { upcoming: eventsWhen(events, 'upcoming', now), past: eventsWhen(events, 'past', now), soon: eventsWhen(events, 'soon', now) };
}

/** The page's address for a choice: upcoming is the default and leaves no parameter. */
export function whenParams(when: When): Record<string, string> {
  return when === 'past' ? { when: 'past' } : {};
}

/** Share of the capacity sold, 0..1 (an event without capacity is 0, or 1 when it sold any). */
export function capacityUse(event: Pick<EventView, 'sold' | 'capacity'>): number {
  if (event.capacity <= 0) return event.sold > 0 ? 1 : 0;
  return Math.min(1, event.sold / event.capacity);
}
