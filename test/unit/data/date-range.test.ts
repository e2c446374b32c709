import { describe, expect, it } from 'vitest';
import { addMonths, previousPeriod, resolvePreset, samePeriodLastYear, startOfLocalDay, zonedParts } from '../../../shared/date-range';

const NOW = Date.parse('2026-11-21T03:00:00Z'); // 11:00 in Taipei, 22:00 the day before in New York

describe('date ranges in a time zone', () => {
  it('finds local midnights, DST included', () => {
    expect(new Date(startOfLocalDay({ year: 2026, month: 11, day: 21 }, 'Asia/Taipei')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    // New York: 8 March 2026 is the spring-forward day (midnight exists, day is 23 h long)
    expect(new Date(startOfLocalDay({ year: 2026, month: 3, day: 8 }, 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(startOfLocalDay({ year: 2026, month: 3, day: 9 }, 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Santiago skips midnight when DST starts (6 Sep 2026): the day starts at 01:00 local
    const santiago = startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(zonedParts(santiago, 'America/Santiago')).toMatchObject({ day: 6, hour: 1, minute: 0 });
    expect(zonedParts(santiago - 1000, 'America/Santiago').day).toBe(5);
  });

  it('resolves presets in the given zone', () => {
    const today = resolvePreset('today', 'Asia/Taipei', NOW);
    expect([today.from, today.to]).toEqual(['2026-11-20T16:00:00.000Z', '2026-11-21T16:00:00.000Z']);
    const nyToday = resolvePreset('today', 'America/New_York', NOW);
    expect(nyToday.firstDay).toEqual({ year: 2026, month: 11, day: 20 });
    const last7 = resolvePreset('last7Days', 'Asia/Taipei', NOW);
    expect(last7.firstDay).toEqual({ year: 2026, month: 11, day: 15 });
    expect(last7.to).toBe(today.to);
    expect(resolvePreset('thisMonth', 'Asia/Taipei', NOW).from).toBe('2026-10-31T16:00:00.000Z');
    const lastMonth = resolvePreset('lastMonth', 'Asia/Taipei', NOW);
    expect([lastMonth.firstDay, lastMonth.lastDay]).toEqual([{ year: 2026, month: 10, day: 1 }, { year: 2026, month: 10, day: 31 }]);
    expect(resolvePreset('thisQuarter', 'Asia/Taipei', NOW).firstDay).toEqual({ year: 2026, month: 10, day: 1 });
    expect(resolvePreset('thisYear', 'Asia/Taipei', NOW).firstDay).toEqual({ year: 2026, month: 1, day: 1 });
    expect(resolvePreset('last12Months', 'Asia/Taipei', NOW).firstDay).toEqual({ year: 2025, month: 12, day: 1 });
    const custom = resolvePreset('custom', 'UTC', NOW, { first: '2026-02-01', last: '2026-02-28' });
    expect([custom.from, custom.to]).toEqual(['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
  });

  it('refuses bad input with a clear error', () => {
    expect(() => resolvePreset('today', 'Mars/Olympus', NOW)).toThrow(RangeError);
    expect(() => resolvePreset('custom', 'UTC', NOW, { first: '2026-02-30', last: '2026-03-01' })).toThrow(/no such date/);
    expect(() => resolvePreset('custom', 'UTC', NOW, { first: '2026-03-02', last: '2026-03-01' })).toThrow(/ends before/);
    expect(() => resolvePreset('custom', 'UTC', NOW)).toThrow(RangeError);
  });

  it('compares with the previous period and the same period last year', () => {
    const last7 = resolvePreset('last7Days', 'Asia/Taipei', NOW);
    const prev = previousPeriod(last7);
    expect([prev.firstDay, prev.lastDay]).toEqual([{ year: 2026, month: 11, day: 8 }, { year: 2026, month: 11, day: 14 }]);
    expect(prev.to).toBe(last7.from);
    const thisMonth = resolvePreset('thisMonth', 'Asia/Taipei', NOW);
    const prevMonth = previousPeriod(thisMonth);
    expect([prevMonth.firstDay, prevMonth.lastDay]).toEqual([{ year: 2026, month: 10, day: 1 }, { year: 2026, month: 10, day: 21 }]);
    const lastMonth = previousPeriod(resolvePreset('lastMonth', 'Asia/Taipei', NOW));
    expect([lastMonth.firstDay, lastMonth.lastDay]).toEqual([{ year: 2026, month: 9, day: 1 }, { year: 2026, month: 9, day: 30 }]);
    const lastYear = samePeriodLastYear(last7);
    expect([lastYear.firstDay, lastYear.lastDay]).toEqual([{ year: 2025, month: 11, day: 15 }, { year: 2025, month: 11, day: 21 }]);
    expect(addMonths({ year: 2024, month: 2, day: 29 }, -12)).toEqual({ year: 2023, month: 2, day: 28 });
    expect(addMonths({ year: 2026, month: 3, day: 31 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
