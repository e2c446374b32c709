// An event's time as the school sees it: "Sat, Nov 28, 2026, 7:00 PM – 9:00 PM" in the school's zone (the
// end's date is said again only when it is another day).
import type { EventView } from '../../../shared/model/events';

export function formatEventTime(event: Pick<EventView, 'startsAt' | 'endsAt'>, timeZone: string, locale: string): string {
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  const day = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
  const full = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${full.format(start)} – ${day.format(start) === day.format(end) ? time.format(end) : full.format(end)}`;
}
