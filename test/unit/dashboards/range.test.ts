import { describe, expect, it } from 'vitest';
import { dayCount, defaultInterval, pickPreset, rangeProblem, toInstants, zonedMidnight } from '../../../renderer/features/common/range';

const at = (iso: string) => Date.parse(iso);

describe('local midnights in the admin time zone', () => {
  it('finds midnight in a zone east of UTC', () => {
    expect(new Date(zonedMidnight({ y: 2026, m: 11, d: 21 }, 'Asia/Taipei')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
  });

  it('follows daylight saving changes (New York, spring forward and fall back)', () => {
    expect(new Date(zonedMidnight({ y: 2026, m: 3, d: 8 }, 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zonedMidnight({ y: 2026, m: 3, d: 9 }, 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(zonedMidnight({ y: 2026, m: 11, d: 2 }, 'America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Santiago skips midnight when DST starts: the day begins at 01:00 local, not at 23:00 the day before.
    expect(new Date(zonedMidnight({ y: 2026, m: 9, d: 6 }, 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('presets', () => {
  const now = at('2026-11-21T02:00:00Z'); // already the 21st in Taipei, still the 20th in New York

  it('counts "last 7 days" as seven local days ending today', () => {
    expect(pickPreset('last7', now, 'Asia/Taipei')).toEqual({ preset: 'last7', startDay: '2026-11-15', endDay: '2026-11-21' });
    expect(pickPreset('last7', now, 'America/New_York')).toEqual({ preset: 'last7', startDay: '2026-11-14', endDay: '2026-11-20' });
  });

  it('knows the calendar months and years', () => {
    expect(pickPreset('thisMonth', now, 'Asia/Taipei')).toMatchObject({ startDay: '2026-11-01', endDay: '2026-11-21' });
    expect(pickPreset('lastMonth', now, 'Asia/Taipei')).toMatchObject({ startDay: '2026-10-01', endDay: '2026-10-31' });
    expect(pickPreset('thisYear', now, 'Asia/Taipei')).toMatchObject({ startDay: '2026-01-01', endDay: '2026-11-21' });
    expect(pickPreset('last12Months', now, 'Asia/Taipei')).toMatchObject({ startDay: '2025-11-22', endDay: '2026-11-21' });
    expect(pickPreset('lastMonth', at('2026-03-10T12:00:00Z'), 'UTC')).toMatchObject({ startDay: '2026-02-01', endDay: '2026-02-28' });
  });

  it('turns inclusive days into a [from, to) range of instants', () => {
    expect(toInstants({ startDay: '2026-11-01', endDay: '2026-11-30' }, 'Asia/Taipei')).toEqual({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' });
  });
});

describe('custom ranges', () => {
  it('refuses an end before the start, a missing day and more than three years', () => {
    expect(rangeProblem({ startDay: '2026-11-02', endDay: '2026-11-01' })).toMatch(/start day/);
    expect(rangeProblem({ startDay: '', endDay: '2026-11-01' })).toMatch(/both/);
    expect(rangeProblem({ startDay: '2020-01-01', endDay: '2026-11-01' })).toMatch(/three years/);
    expect(rangeProblem({ startDay: '2026-11-01', endDay: '2026-11-01' })).toBeNull();
  });

  it('picks the series step from the length', () => {
    expect(dayCount({ startDay: '2026-11-01', endDay: '2026-11-30' })).toBe(30);
    expect(defaultInterval({ startDay: '2026-11-01', endDay: '2026-11-30' })).toBe('day');
    expect(defaultInterval({ startDay: '2026-08-01', endDay: '2026-11-30' })).toBe('week');
    expect(defaultInterval({ startDay: '2025-11-01', endDay: '2026-11-30' })).toBe('month');
  });
});
