import { describe, expect, it } from 'vitest';
import { bucketStarts, isValidTimeZone, localParts, shiftLocalYears, zonedTimeToUtc } from '../../sandbox/data/time-zone';

const iso = (ms: number) => new Date(ms).toISOString();

describe('civil time in a zone', () => {
  it('turns wall-clock times into instants on both sides of a DST change', () => {
    expect(iso(zonedTimeToUtc(2026, 3, 7, 0, 0, 0, 'America/New_York'))).toBe('2026-03-07T05:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 3, 9, 0, 0, 0, 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 11, 1, 0, 0, 0, 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 11, 2, 0, 0, 0, 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: it resolves after the jump.
    expect(iso(zonedTimeToUtc(2026, 3, 8, 2, 30, 0, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedTimeToUtc(2026, 1, 1, 0, 0, 0, 'Asia/Tokyo'))).toBe('2025-12-31T15:00:00.000Z');
    // Overflowing fields roll over like Date.UTC.
    expect(iso(zonedTimeToUtc(2025, 13, 32, 0, 0, 0, 'UTC'))).toBe('2026-02-01T00:00:00.000Z');
  });

  it('reads the wall clock and ISO weekday of an instant', () => {
    expect(localParts(Date.parse('2026-11-21T00:30:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 11, day: 20, hour: 19, minute: 30, second: 0, weekday: 5 });
    expect(localParts(Date.parse('2026-11-21T00:30:00Z'), 'Asia/Tokyo').weekday).toBe(6);
  });

  it('builds day, ISO week and month buckets at local midnights, 23- and 25-hour days included', () => {
    const days = bucketStarts(Date.parse('2026-10-31T12:00:00Z'), Date.parse('2026-11-03T12:00:00Z'), 'day', 'America/New_York');
    expect(days.map(iso)).toEqual(['2026-10-31T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z', '2026-11-03T05:00:00.000Z']);
    const weeks = bucketStarts(Date.parse('2026-11-21T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'), 'week', 'Asia/Tokyo');
    expect(weeks.map(iso)).toEqual(['2026-11-15T15:00:00.000Z', '2026-11-22T15:00:00.000Z', '2026-11-29T15:00:00.000Z']);
    const months = bucketStarts(Date.parse('2026-01-15T00:00:00Z'), Date.parse('2026-04-01T00:00:00Z'), 'month', 'Europe/Berlin');
    expect(months.map(iso)).toEqual(['2025-12-31T23:00:00.000Z', '2026-01-31T23:00:00.000Z', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
  });

  it('shifts by local years, a leap day landing on 1 March', () => {
    expect(iso(shiftLocalYears(Date.parse('2026-11-02T05:00:00Z'), 1, 'America/New_York'))).toBe('2025-11-02T04:00:00.000Z');
    expect(iso(shiftLocalYears(Date.parse('2028-02-29T03:00:00Z'), 1, 'Asia/Tokyo'))).toBe('2027-03-01T03:00:00.000Z');
  });

  it('knows valid zone names', () => {
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
