// An event's time as the school sees it: "Sat, Nov 28, 2026, 7:00 – 9:00 PM" in the school's zone, in the UI
// locale ("2026年11月28日 週六 晚上7:00至9:00"): Intl's range format says the end's date again only when it is
// another day.
import type { EventView } from '../../../shared/model/events';

export function formatEventTime(event: Pick<EventView, 'startsAt' | 'endsAt'>, timeZone: string, locale: string): string {
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  const full = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  return full.formatRange(start, end);
}
