// Pure helpers of the Events pages: which events are upcoming or past, and how full an event is.
import type { EventView } from '../../../shared/model/events';

export type When = 'upcoming' | 'past';

/** Upcoming: not over yet (an event under way is upcoming), soonest first. Past: over, latest first. */
export function eventsWhen(events: readonly EventView[], when: When, now: number): EventView[] {
  const upcoming = (e: EventView) => Date.parse(e.endsAt) > now;
  return when === 'upcoming'
    ? events.filter(upcoming).sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    : events.filter((e) => !upcoming(e)).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
}

/** Share of the capacity sold, 0..1 (an event without capacity is 0, or 1 when it sold any). */
export function capacityUse(event: Pick<EventView, 'sold' | 'capacity'>): number {
  if (event.capacity <= 0) return event.sold > 0 ? 1 : 0;
  return Math.min(1, event.sold / event.capacity);
}
