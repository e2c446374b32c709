// The one range implementation (shared/zoned-time.ts, shared/date-range.ts) against answers found apart from
// it (test/support/local-days.ts: local days read straight from Intl's formatter, a bisection over instants
// for where each day starts) and calendar facts written out. Zones with DST at 02:00 (New York, Berlin), by half an hour (Lord Howe), at
// midnight (Santiago, Havana) and without DST (Taipei).
import { describe, expect, it } from 'vitest';
import {
  comparisonInstantsOf, comparisonsOf, currentDays, dayCount, daysOfInstants, defaultInterval, isRunning, pickPreset, previousDays, rangeProblem,
  sameDaysLastYear, toInstants, type PickedRange, type RangePreset,
} from '../../../shared/date-range';
import { instantOfLocalInput, localInputOf, periodStart, periodStarts, startOfLocalDay, wallToInstant } from '../../../shared/zoned-time';
import { dayStart as dayStartByBisection, localDay } from '../../support/local-days';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Taipei', 'America/Santiago', 'America/Havana'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const iso = (t: number) => new Date(t).toISOString();
const daysOf = (startDay: string, endDay: string) => ({ startDay, endDay });

describe('where a local day starts', () => {
  it('is where Intl says the date changes, every day of 2026 in six zones', () => {
    for (const timeZone of ZONES) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += DAY) {
        const day = iso(t).slice(0, 10);
        const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
        expect(iso(startOfLocalDay({ year, month, day: dayOfMonth }, timeZone)), `${timeZone} ${day}`).toBe(iso(dayStartByBisection(day, timeZone)));
      }
    }
  });

  it('knows the days that are not 24 hours long', () => {
    const length = (day: string, next: string, zone: string) => (dayStartByBisection(next, zone) - dayStartByBisection(day, zone)) / HOUR;
    const [s, e] = [toInstants(daysOf('2026-03-08', '2026-03-08'), 'America/New_York'), toInstants(daysOf('2026-11-01', '2026-11-01'), 'America/New_York')];
    expect((Date.parse(s.to) - Date.parse(s.from)) / HOUR).toBe(length('2026-03-08', '2026-03-09', 'America/New_York'));
    expect((Date.parse(s.to) - Date.parse(s.from)) / HOUR).toBe(23);
    expect((Date.parse(e.to) - Date.parse(e.from)) / HOUR).toBe(25);
    // Lord Howe moves its clock by half an hour (first Sunday of October 2026, 02:00 → 02:30).
    const lordHowe = toInstants(daysOf('2026-10-04', '2026-10-04'), 'Australia/Lord_Howe');
    expect((Date.parse(lordHowe.to) - Date.parse(lordHowe.from)) / HOUR).toBe(23.5);
    // Berlin's last Sunday of March; Taipei never moves.
    const berlin = toInstants(daysOf('2026-03-29', '2026-03-29'), 'Europe/Berlin');
    expect((Date.parse(berlin.to) - Date.parse(berlin.from)) / HOUR).toBe(23);
    expect(toInstants(daysOf('2026-11-01', '2026-11-30'), 'Asia/Taipei')).toEqual({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T16:00:00.000Z' });
  });

  it('starts a day whose midnight the clock skips at the instant the clock jumps to', () => {
    // Santiago, 6 September 2026: 24:00 becomes 01:00. Havana, 8 March 2026: 00:00 becomes 01:00.
    expect(localDay(startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago') - 1000, 'America/Santiago')).toBe('2026-09-05');
    expect(iso(startOfLocalDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(startOfLocalDay({ year: 2026, month: 3, day: 8 }, 'America/Havana'))).toBe('2026-03-08T05:00:00.000Z');
  });
});

describe('wall clock times', () => {
  it('round-trip every quarter hour of a year in each zone, except those the clock skips', () => {
    for (const timeZone of ZONES) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * HOUR + 15 * 60_000) {
        const text = localInputOf(iso(t), timeZone);
        const back = instantOfLocalInput(text, timeZone);
        // A time that happens twice reads back as its earlier instant: the same wall clock either way.
        expect(back, `${timeZone} ${text}`).not.toBeNull();
        expect(localInputOf(back!, timeZone)).toBe(text);
        expect(Date.parse(back!)).toBeLessThanOrEqual(t);
      }
    }
  });

  it('refuses a time the clock skips, takes the earlier of a time that happens twice', () => {
    expect(instantOfLocalInput('2026-03-08T02:30', 'America/New_York')).toBeNull();
    expect(instantOfLocalInput('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOfLocalInput('2026-10-04T02:15', 'Australia/Lord_Howe')).toBeNull();
    expect(iso(wallToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOfLocalInput('not a time', 'Asia/Taipei')).toBeNull();
  });
});

describe('buckets', () => {
  it('day, week and month periods start at local midnights and follow each other by one calendar step', () => {
    for (const timeZone of ZONES) {
      const from = Date.UTC(2026, 0, 5, 13);
      const to = Date.UTC(2026, 11, 20);
      const days = periodStarts(from, to, 'day', timeZone);
      expect(days[0]).toBe(dayStartByBisection(localDay(from, timeZone), timeZone));
      for (let i = 1; i < days.length; i++) {
        const expected = iso(Date.parse(`${localDay(days[i - 1]!, timeZone)}T00:00:00Z`) + DAY).slice(0, 10);
        expect(localDay(days[i]!, timeZone), timeZone).toBe(expected);
        expect(days[i]).toBe(dayStartByBisection(expected, timeZone));
      }
      expect(days.at(-1)!).toBeLessThan(to);
      for (const start of periodStarts(from, to, 'week', timeZone)) {
        expect(new Date(`${localDay(start, timeZone)}T00:00:00Z`).getUTCDay(), timeZone).toBe(1); // Monday
        expect(start).toBe(dayStartByBisection(localDay(start, timeZone), timeZone));
      }
      const months = periodStarts(from, to, 'month', timeZone).map((t) => localDay(t, timeZone));
      expect(months).toEqual(Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-01`));
      expect(periodStart(Date.UTC(2026, 6, 15, 12), 'month', timeZone)).toBe(dayStartByBisection('2026-07-01', timeZone));
    }
  });
});

describe('presets', () => {
  const now = Date.parse('2026-11-27T02:00:00Z'); // the 27th in Taipei and Berlin, still the 26th in New York

  it('name whole local days of the zone, ending today', () => {
    const cases: [RangePreset, string, string][] = [
      ['today', '2026-11-27', '2026-11-27'],
      ['yesterday', '2026-11-26', '2026-11-26'],
      ['last7', '2026-11-21', '2026-11-27'],
      ['last30', '2026-10-29', '2026-11-27'],
      ['last90', '2026-08-30', '2026-11-27'],
      ['thisMonth', '2026-11-01', '2026-11-27'],
      ['lastMonth', '2026-10-01', '2026-10-31'],
      ['thisYear', '2026-01-01', '2026-11-27'],
      ['last12Months', '2025-11-28', '2026-11-27'],
    ];
    for (const [preset, startDay, endDay] of cases) {
      expect(pickPreset(preset as Exclude<RangePreset, 'custom'>, now, 'Asia/Taipei'), preset).toEqual({ preset, startDay, endDay });
    }
    expect(pickPreset('today', now, 'America/New_York')).toMatchObject(daysOf('2026-11-26', '2026-11-26'));
    expect(pickPreset('yesterday', now, 'Europe/Berlin')).toMatchObject(daysOf('2026-11-26', '2026-11-26'));
    expect(pickPreset('lastMonth', Date.parse('2026-03-10T12:00:00Z'), 'UTC')).toMatchObject(daysOf('2026-02-01', '2026-02-28'));
    expect(pickPreset('yesterday', Date.parse('2026-03-01T12:00:00Z'), 'UTC')).toMatchObject(daysOf('2026-02-28', '2026-02-28'));
  });

  it('follow the zone and the calendar; custom days stay as typed', () => {
    const picked: PickedRange = { preset: 'today', startDay: '2026-01-01', endDay: '2026-01-01' };
    expect(currentDays(picked, now, 'Asia/Taipei')).toMatchObject(daysOf('2026-11-27', '2026-11-27'));
    expect(currentDays(picked, now, 'America/New_York')).toMatchObject(daysOf('2026-11-26', '2026-11-26'));
    expect(currentDays({ preset: 'custom', startDay: '2026-02-01', endDay: '2026-02-03' }, now, 'Asia/Taipei')).toMatchObject(daysOf('2026-02-01', '2026-02-03'));
    expect(isRunning(daysOf('2026-11-01', '2026-11-27'), now, 'Asia/Taipei')).toBe(true);
    expect(isRunning(daysOf('2026-11-01', '2026-11-27'), now, 'America/New_York')).toBe(true);
    expect(isRunning(daysOf('2026-10-01', '2026-10-31'), now, 'Asia/Taipei')).toBe(false);
  });

  it('turn instants back into the days they touch', () => {
    expect(daysOfInstants(toInstants(daysOf('2026-03-01', '2026-03-31'), 'Europe/Berlin'), 'Europe/Berlin')).toEqual(daysOf('2026-03-01', '2026-03-31'));
    expect(daysOfInstants({ from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'Asia/Taipei')).toEqual(daysOf('2025-01-01', '2026-01-01'));
  });
});

describe('comparisons', () => {
  const compare = (preset: RangePreset, startDay: string, endDay: string) => comparisonsOf({ preset, startDay, endDay });

  it('names the period just before, as whole days', () => {
    // Today and yesterday: the day before. The last N days: the N days before.
    expect(compare('today', '2026-11-27', '2026-11-27')).toEqual({ previous: daysOf('2026-11-26', '2026-11-26'), lastYear: daysOf('2025-11-27', '2025-11-27') });
    expect(compare('yesterday', '2026-03-01', '2026-03-01').previous).toEqual(daysOf('2026-02-28', '2026-02-28'));
    expect(compare('last7', '2026-11-21', '2026-11-27').previous).toEqual(daysOf('2026-11-14', '2026-11-20'));
    expect(compare('last30', '2026-10-29', '2026-11-27').previous).toEqual(daysOf('2026-09-29', '2026-10-28'));
    // Whole months, from the preset or typed: as many whole months before.
    expect(compare('lastMonth', '2026-10-01', '2026-10-31').previous).toEqual(daysOf('2026-09-01', '2026-09-30'));
    expect(compare('lastMonth', '2026-03-01', '2026-03-31').previous).toEqual(daysOf('2026-02-01', '2026-02-28'));
    expect(compare('custom', '2026-04-01', '2026-06-30').previous).toEqual(daysOf('2026-01-01', '2026-03-31'));
    // Other typed days: as many days just before.
    expect(compare('custom', '2026-04-10', '2026-04-19').previous).toEqual(daysOf('2026-03-31', '2026-04-09'));
  });

  it('compares a period still running with the same days of the one before', () => {
    expect(compare('thisMonth', '2026-11-01', '2026-11-27').previous).toEqual(daysOf('2026-10-01', '2026-10-27'));
    // No 30 February: the previous month's days end with it.
    expect(compare('thisMonth', '2026-03-01', '2026-03-30').previous).toEqual(daysOf('2026-02-01', '2026-02-28'));
    // This year so far: the same days a year before, which is then also "last year", shown once.
    expect(compare('thisYear', '2026-01-01', '2026-11-27')).toEqual({ previous: daysOf('2025-01-01', '2025-11-27'), lastYear: null });
  });

  it('a period still running: as many days, or for this month and year the same dates, on every day of four years', () => {
    const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += DAY) {
      for (const preset of ['today', 'last7', 'last30', 'last90', 'last12Months', 'thisMonth', 'thisYear'] as const) {
        const range = pickPreset(preset, t, 'UTC');
        const previous = previousDays(range);
        const what = `${preset} ${range.startDay}…${range.endDay} vs ${previous.startDay}…${previous.endDay}`;
        expect(previous.endDay < range.startDay, `${what}: never overlaps`).toBe(true);
        if (preset === 'thisMonth' || preset === 'thisYear') {
          // The same dates of the month or year before, the last one clamped to that month's end (no 30 February).
          const [y, m, d] = range.endDay.split('-').map(Number) as [number, number, number];
          const [py, pm] = preset === 'thisMonth' ? (m === 1 ? [y - 1, 12] : [y, m - 1]) : [y - 1, m];
          const pad = (n: number) => String(n).padStart(2, '0');
          expect(previous, what).toEqual({ startDay: `${py}-${preset === 'thisMonth' ? pad(pm) : '01'}-01`, endDay: `${py}-${pad(pm)}-${pad(Math.min(d, lastDayOf(py, pm)))}` });
        } else {
          expect(dayCount(previous), what).toBe(dayCount(range));
          expect(previous.endDay, what).toBe(iso(Date.parse(`${range.startDay}T00:00:00Z`) - DAY).slice(0, 10));
        }
      }
    }
  });

  it('adds the same days last year only where it says something', () => {
    expect(compare('last30', '2026-10-29', '2026-11-27').lastYear).toEqual(daysOf('2025-10-29', '2025-11-27'));
    expect(compare('last12Months', '2025-11-28', '2026-11-27').lastYear).toBeNull();
    expect(compare('custom', '2024-01-01', '2025-06-30').lastYear).toBeNull();
    expect(sameDaysLastYear(daysOf('2028-02-29', '2028-03-05'))).toEqual(daysOf('2027-02-28', '2027-03-05'));
  });

  it('gives callers with only instants the comparison of the days they touch', () => {
    const range = toInstants(daysOf('2026-11-01', '2026-11-30'), 'America/New_York');
    expect(comparisonInstantsOf(range, 'America/New_York')).toEqual({
      previous: toInstants(daysOf('2026-10-01', '2026-10-31'), 'America/New_York'),
      lastYear: toInstants(daysOf('2025-11-01', '2025-11-30'), 'America/New_York'),
    });
  });
});

describe('typed days', () => {
  it('refuses an end before the start, a missing day and more than three years', () => {
    expect(rangeProblem(daysOf('2026-11-02', '2026-11-01'))).toBe('start_after_end');
    expect(rangeProblem(daysOf('', '2026-11-01'))).toBe('missing_day');
    expect(rangeProblem(daysOf('2020-01-01', '2026-11-01'))).toBe('too_long');
    expect(rangeProblem(daysOf('2026-11-01', '2026-11-01'))).toBeNull();
  });

  it('picks the series step from the length', () => {
    expect(dayCount(daysOf('2026-11-01', '2026-11-30'))).toBe(30);
    expect(defaultInterval(daysOf('2026-11-01', '2026-11-30'))).toBe('day');
    expect(defaultInterval(daysOf('2026-08-01', '2026-11-30'))).toBe('week');
    expect(defaultInterval(daysOf('2025-11-01', '2026-11-30'))).toBe('month');
  });
});
