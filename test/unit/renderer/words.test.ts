import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES } from '../../../shared/errors';
import { errorCopy } from '../../../renderer/lib/error-copy';
import { toSerializedError } from '../../../renderer/lib/app-error';
import { describeDelta } from '../../../renderer/lib/delta';
import { versusDays } from '../../../renderer/features/common/range-words';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { initialsOf } from '../../../renderer/lib/initials';
import { AppError } from '../../../shared/errors';

describe('error copy', () => {
  it('has a title and a next step for every error code the main process can send', () => {
    for (const code of APP_ERROR_CODES) {
      const copy = errorCopy(code);
      expect(copy.title.length, code).toBeGreaterThan(3);
      expect(copy.hint.length, code).toBeGreaterThan(10);
    }
  });

  it('tells the connect failures apart', () => {
    const connectCodes = ['no_platform', 'unreachable', 'registration_refused', 'access_denied', 'timed_out', 'insecure_issuer', 'issuer_mismatch'] as const;
    const titles = new Set(connectCodes.map((code) => errorCopy(code).title));
    expect(titles.size).toBe(connectCodes.length);
    expect(errorCopy('access_denied').title).toBe('Access was denied');
  });

  it('treats what the admin chose (deny, cancel) calmly, not as an error', () => {
    expect(errorCopy('access_denied').tone).toBe('neutral');
    expect(errorCopy('cancelled').tone).toBe('neutral');
    expect(errorCopy('unreachable').tone).toBe('error');
  });
});

describe('bridge errors', () => {
  it('keeps code, message and missing scopes of an AppError, never its cause', () => {
    const error = new AppError('insufficient_scope', 'Orders need more access.', { cause: new Error('Bearer sbx_at_secret'), missingScopes: ['orders:read'] });
    expect(toSerializedError(error)).toEqual({ code: 'insufficient_scope', message: 'Orders need more access.', missingScopes: ['orders:read'] });
  });

  it('accepts the serialized form and keeps retry-after', () => {
    expect(toSerializedError({ code: 'rate_limited', message: 'Slow down', retryAfterSeconds: 3 })).toEqual({ code: 'rate_limited', message: 'Slow down', retryAfterSeconds: 3 });
  });

  it('turns anything else into "internal" without repeating its text', () => {
    const out = toSerializedError(new TypeError('secret detail at line 3'));
    expect(out.code).toBe('internal');
    expect(out.message).not.toContain('secret');
    expect(toSerializedError({ code: 'made_up', message: 'x' }).code).toBe('internal');
    expect(toSerializedError(undefined).code).toBe('internal');
  });
});

describe('stat deltas', () => {
  it('formats the change with a sign and reads it as better or worse', () => {
    expect(describeDelta(0.125, false, 'en-US')).toMatchObject({ text: '+12.5%', arrow: '↑', tone: 'positive', spoken: 'up 12.5%, better' });
    expect(describeDelta(-0.04, false, 'en-US')).toMatchObject({ text: '-4.0%', arrow: '↓', tone: 'negative' });
    // The same format as every other percentage of the locale: German puts a comma and a space.
    expect(describeDelta(0.125, false, 'de-DE').text).toBe('+12,5\u00a0%');
  });

  it('inverts good and bad for metrics where lower is better (refunds, churn)', () => {
    expect(describeDelta(0.1, true).tone).toBe('negative');
    expect(describeDelta(-0.1, true, 'en-US')).toMatchObject({ tone: 'positive', spoken: 'down 10.0%, better' });
  });

  it('says a rate\'s change in percentage points', () => {
    expect(describeDelta(0.012, true, 'en-US', 'points')).toMatchObject({ text: '+1.2 pp', arrow: '↑', tone: 'negative', spoken: 'up 1.2 percentage points, worse' });
    expect(describeDelta(-0.0004, false, 'en-US', 'points')).toMatchObject({ arrow: '→', spoken: 'unchanged' });
  });

  it('names the days compared with, and points, in the UI language and its locale’s span of days', () => {
    const days = { startDay: '2025-10-01', endDay: '2025-10-27' };
    const span = (locale: string) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatRange(Date.UTC(2025, 9, 1), Date.UTC(2025, 9, 27));
    expect(versusDays(days, { locale: 'en-US', timeZone: 'Asia/Taipei' })).toBe(`vs ${span('en-US')}`);
    try {
      setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
      expect(versusDays(days, { locale: 'zh-TW', timeZone: 'Asia/Taipei' })).toBe(`相較 ${span('zh-TW')}`);
      expect(describeDelta(0.012, true, 'zh-TW', 'points')).toMatchObject({ text: '+1.2 個百分點', spoken: '上升 1.2 個百分點，表現較差' });
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
  });

  it('calls a change too small to show "unchanged", and copes with no comparison', () => {
    expect(describeDelta(0.0004)).toMatchObject({ arrow: '→', tone: 'neutral', spoken: 'unchanged' });
    expect(describeDelta(Number.POSITIVE_INFINITY)).toMatchObject({ text: 'n/a', tone: 'neutral' });
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  Lumen   Academy of Arts ')).toBe('LA');
    expect(initialsOf('grace')).toBe('G');
    expect(initialsOf('さくら 学び舎')).toBe('さ学');
    expect(initialsOf('   ')).toBe('?');
  });
});
