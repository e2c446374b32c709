import { afterEach, describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { describeAgo, describeDataAge, describeSavedCopyAge, describeUpdated, toMs } from '../../../renderer/lib/relative-time';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const MIN = 60_000;
const EN = 'en-US';

afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

describe('data age words', () => {
  it('says "just now" under a minute, and for times in the future (clock skew)', () => {
    expect(describeAgo(NOW - 59_000, NOW, EN)).toBe('just now');
    expect(describeAgo(NOW + 5 * MIN, NOW, EN)).toBe('just now');
  });

  it('counts whole minutes, hours and days through Intl.RelativeTimeFormat', () => {
    expect(describeAgo(NOW - 5 * MIN, NOW, EN)).toBe('5 min. ago');
    expect(describeAgo(NOW - 59 * MIN - 59_000, NOW, EN)).toBe('59 min. ago');
    expect(describeAgo(NOW - 60 * MIN, NOW, EN)).toBe('1 hr. ago');
    expect(describeAgo(NOW - 23 * 60 * MIN, NOW, EN)).toBe('23 hr. ago');
    expect(describeAgo(NOW - 24 * 60 * MIN, NOW, EN)).toBe('yesterday');
    expect(describeAgo(NOW - 3 * 24 * 60 * MIN, NOW, EN)).toBe('3 days ago');
  });

  it('says "updated … ago" online and "shown from the copy saved … ago" offline', () => {
    expect(describeUpdated(NOW - 5 * MIN, NOW, EN)).toBe('updated 5 min. ago');
    expect(describeUpdated(NOW, NOW, EN)).toBe('updated just now');
    expect(describeDataAge(new Date(NOW - 5 * MIN).toISOString(), NOW, false, EN)).toBe('updated 5 min. ago');
    expect(describeDataAge(NOW - 2 * 60 * MIN, NOW, true, EN)).toBe('offline: shown from the copy saved 2 hr. ago');
    expect(describeDataAge(NOW - 10_000, NOW, true, EN)).toBe('offline: shown from the copy saved just now');
  });

  it('names the saved copy when the app is online but the platform could not answer', () => {
    expect(describeSavedCopyAge(NOW - 10_000, NOW, EN)).toBe('shown from the copy saved just now');
    expect(describeSavedCopyAge(NOW - 3 * 60 * MIN, NOW, EN)).toBe('shown from the copy saved 3 hr. ago');
  });

  it('says plainly when there is nothing to date', () => {
    expect(describeDataAge(null, NOW, false, EN)).toBe('not loaded yet');
    expect(describeDataAge(undefined, NOW, true, EN)).toBe('offline: nothing saved yet');
    expect(describeDataAge('not a date', NOW, false, EN)).toBe('not loaded yet');
  });

  it('speaks 繁體中文 with the zh-TW locale', () => {
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(describeUpdated(NOW - 5 * MIN, NOW, 'zh-TW')).toBe('5 分鐘前更新');
    expect(describeUpdated(NOW, NOW, 'zh-TW')).toBe('剛剛更新');
    expect(describeDataAge(NOW - 24 * 60 * MIN, NOW, true, 'zh-TW')).toBe('離線：顯示昨天儲存的資料');
  });

  it('reads ISO strings, epoch milliseconds and dates alike', () => {
    const iso = '2026-11-21T11:55:00.000Z';
    expect(toMs(iso)).toBe(Date.parse(iso));
    expect(toMs(Date.parse(iso))).toBe(Date.parse(iso));
    expect(toMs(new Date(iso))).toBe(Date.parse(iso));
    expect(toMs('garbage')).toBeNull();
  });
});
