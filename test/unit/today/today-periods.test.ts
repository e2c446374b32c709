// Today's periods (shared/today-periods.ts): local days of the school's zone, today so far against the same
// weekday a week before up to the same time of day, the month so far against the same days of last month.
import { describe, expect, it } from 'vitest';
import { todayPeriods, lastSevenDays } from '../../../shared/today-periods';
import { eventsStartingSoon, ordersRoute, seatsLeft, changedOrders } from '../../../shared/model/today-needs';
import type { EventView } from '../../../shared/model/events';
import { dayStart, localDay } from '../../support/local-days';

describe('todayPeriods', () => {
  it('in Taipei (no DST): today so far, yesterday, a week before, this month against last month', () => {
    // 2026-11-27 14:30 in Taipei (UTC+8).
    const now = Date.parse('2026-11-27T06:30:00Z');
    const p = todayPeriods(now, 'Asia/Taipei');
    expect(p.today).toEqual({ from: '2026-11-26T16:00:00.000Z', to: '2026-11-27T06:30:00.000Z' });
    expect(p.todayWeekBefore).toEqual({ from: '2026-11-19T16:00:00.000Z', to: '2026-11-20T06:30:00.000Z' });
    expect(p.yesterday).toEqual({ from: '2026-11-25T16:00:00.000Z', to: '2026-11-26T16:00:00.000Z' });
    expect(p.yesterdayWeekBefore).toEqual({ from: '2026-11-18T16:00:00.000Z', to: '2026-11-19T16:00:00.000Z' });
    expect(p.monthToDate).toEqual({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-27T06:30:00.000Z' });
    expect(p.lastMonthToDate).toEqual({ from: '2026-09-30T16:00:00.000Z', to: '2026-10-27T06:30:00.000Z' });
  });

  it('across a DST change in New York: local midnights, and the same wall-clock time a week before', () => {
    // 2026-11-03 10:00 in New York (EST, UTC−5); a week before was still EDT (UTC−4).
    const now = Date.parse('2026-11-03T15:00:00Z');
    const p = todayPeriods(now, 'America/New_York');
    expect(p.today.from).toBe('2026-11-03T05:00:00.000Z');
    expect(p.todayWeekBefore.from).toBe('2026-10-27T04:00:00.000Z');
    // As much of the day as has passed today: ten hours.
    expect(Date.parse(p.todayWeekBefore.to) - Date.parse(p.todayWeekBefore.from)).toBe(10 * 3_600_000);
    expect(p.yesterday).toEqual({ from: '2026-11-02T05:00:00.000Z', to: '2026-11-03T05:00:00.000Z' });
  });

  it('on the 31st the same days of last month stop at the end of that shorter month, never inside this one', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    const p = todayPeriods(now, 'UTC');
    expect(p.monthToDate).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T12:00:00.000Z' });
    expect(p.lastMonthToDate).toEqual({ from: '2026-02-01T00:00:00.000Z', to: '2026-02-28T12:00:00.000Z' });
    // On the 1st of a month, last month's first day up to the same time.
    expect(todayPeriods(Date.parse('2026-03-01T06:00:00Z'), 'UTC').lastMonthToDate).toEqual({ from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T06:00:00.000Z' });
  });

  it('the last seven days end now', () => {
    expect(lastSevenDays(Date.parse('2026-11-27T00:00:00Z'))).toEqual({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' });
  });
});

describe("Today's needs", () => {
  const event = (id: string, startsAt: string, tickets: [number, number][]): EventView => ({
    id, title: id, startsAt, endsAt: startsAt, updatedAt: null,
    ticketTypes: tickets.map(([capacity, sold], k) => ({ id: `${id}_${k}`, name: 't', price: 0, currency: 'TWD', capacity, sold })),
    capacity: tickets.reduce((n, [c]) => n + c, 0), sold: tickets.reduce((n, [, s]) => n + s, 0),
    attendees: { enrolled: 0, checkedIn: 0, noShow: 0, cancelled: 0 },
  });

  it('events starting in [now, now + 7 days), soonest first, and the seats still for sale', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    const events = [
      event('late', '2026-12-04T00:00:00Z', [[10, 1]]),
      event('b', '2026-12-03T23:59:59Z', [[10, 4], [5, 9]]),
      event('started', '2026-11-26T23:59:59Z', [[10, 0]]),
      event('a', '2026-11-27T00:00:00Z', [[3, 3]]),
    ];
    const soon = eventsStartingSoon(events, now);
    expect(soon.map((e) => e.id)).toEqual(['a', 'b']);
    // A ticket type sold past its capacity adds nothing rather than taking seats away.
    expect(seatsLeft(soon)).toBe(6);
  });

  it("an Orders link carries exactly the filter Today counted with", () => {
    const filters = changedOrders(['refunding', 'refunded'], '2026-11-20T00:00:00.000Z');
    expect(filters).toEqual({ states: ['refunded', 'refunding'], changedFrom: '2026-11-20T00:00:00.000Z' });
    const url = new URL(`http://x${ordersRoute(filters)}`);
    expect(url.pathname).toBe('/orders');
    expect(url.searchParams.get('state')).toBe('refunded,refunding');
    expect(url.searchParams.get('changedFrom')).toBe(filters.changedFrom);
  });
});

describe("the tray's today's sales (Today's own 'today' period)", () => {
  it("run from midnight of the business zone, not the computer's, whatever the zone's offset", () => {
    // 03:30 UTC is still yesterday in New York, already today in Taipei and Lord Howe.
    const now = new Date('2026-11-27T03:30:00Z').getTime();
    for (const timeZone of ['America/New_York', 'Asia/Taipei', 'Australia/Lord_Howe', 'Europe/Berlin']) {
      expect(todayPeriods(now, timeZone).today, timeZone).toEqual({ from: new Date(dayStart(localDay(now, timeZone), timeZone)).toISOString(), to: new Date(now).toISOString() });
    }
    expect(todayPeriods(now, 'America/New_York').today.from).toBe('2026-11-26T05:00:00.000Z');
    expect(todayPeriods(now, 'Asia/Taipei').today.from).toBe('2026-11-26T16:00:00.000Z');
  });
});
