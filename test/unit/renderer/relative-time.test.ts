import { describe, expect, it } from 'vitest';
import { describeDataAge, describeSavedCopyAge, describeUpdated, formatAge, toMs } from '../../../renderer/lib/relative-time';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MIN = 60_000;

describe('data age words', () => {
  it('says "just now" under a minute, and for times in the future (clock skew)', () => {
    expect(formatAge(NOW - 59_000, NOW)).toBe('just now');
    expect(formatAge(NOW + 5 * MIN, NOW)).toBe('just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatAge(NOW - 5 * MIN, NOW)).toBe('5 min');
    expect(formatAge(NOW - 59 * MIN - 59_000, NOW)).toBe('59 min');
    expect(formatAge(NOW - 60 * MIN, NOW)).toBe('1 h');
    expect(formatAge(NOW - 23 * 60 * MIN, NOW)).toBe('23 h');
    expect(formatAge(NOW - 24 * 60 * MIN, NOW)).toBe('1 day');
    expect(formatAge(NOW - 3 * 24 * 60 * MIN, NOW)).toBe('3 days');
  });

  it('says "updated … ago" online and "shown from cache, … old" offline', () => {
    expect(describeUpdated(NOW - 5 * MIN, NOW)).toBe('updated 5 min ago');
    expect(describeUpdated(NOW, NOW)).toBe('updated just now');
    expect(describeDataAge(new Date(NOW - 5 * MIN).toISOString(), NOW, false)).toBe('updated 5 min ago');
    expect(describeDataAge(NOW - 2 * 60 * MIN, NOW, true)).toBe('offline: shown from cache, 2 h old');
    expect(describeDataAge(NOW - 10_000, NOW, true)).toBe('offline: shown from cache, saved just now');
  });

  it('names the saved copy when the app is online but the platform could not answer', () => {
    expect(describeSavedCopyAge(NOW - 10_000, NOW)).toBe('shown from the saved copy, saved just now');
    expect(describeSavedCopyAge(NOW - 3 * 60 * MIN, NOW)).toBe('shown from the saved copy, 3 h old');
  });

  it('says plainly when there is nothing to date', () => {
    expect(describeDataAge(null, NOW, false)).toBe('not loaded yet');
    expect(describeDataAge(undefined, NOW, true)).toBe('offline: nothing saved yet');
    expect(describeDataAge('not a date', NOW, false)).toBe('not loaded yet');
  });

  it('reads ISO strings, epoch milliseconds and dates alike', () => {
    const iso = '2026-11-21T11:55:00.000Z';
    expect(toMs(iso)).toBe(Date.parse(iso));
    expect(toMs(Date.parse(iso))).toBe(Date.parse(iso));
    expect(toMs(new Date(iso))).toBe(Date.parse(iso));
    expect(toMs('garbage')).toBeNull();
  });
});
