import { describe, expect, it } from 'vitest';
import {
  advanceSince,
  baselineState,
  decideNotifications,
  inQuietHours,
  localMinuteOfDay,
  markSeen,
  MAX_BACKOFF_MS,
  MAX_SEEN_KEYS,
  mayPoll,
  nextPoll,
  sourcesToPoll,
  type NotificationCandidate,
} from '../../../electron/services/notifications/notification-policy';
import type { NotificationKind } from '../../../shared/ipc/notifications';

const BASE = new Date('2026-11-20T10:00:00.000Z');
const candidate = (key: string, at: string, kind: NotificationKind = 'refund'): NotificationCandidate => ({ key, kind, at, title: key, body: '', route: '/orders/x' });
const on = { off: new Set<NotificationKind>(), quiet: false };

describe('what becomes a notification', () => {
  it('delivers events after the baseline, oldest first, and nothing from before it', () => {
    const state = baselineState(BASE);
    const { deliver } = decideNotifications(state, [candidate('refund:b', '2026-11-20T10:05:00Z'), candidate('refund:old', '2026-11-20T09:59:59Z'), candidate('refund:a', '2026-11-20T10:01:00Z')], on);
    expect(deliver.map((d) => d.candidate.key)).toEqual(['refund:a', 'refund:b']);
  });

  it('never delivers the same key twice, in one poll, in the next, or after the state went through JSON (a restart)', () => {
    const first = decideNotifications(baselineState(BASE), [candidate('refund:a', '2026-11-20T10:01:00Z'), candidate('refund:a', '2026-11-20T10:02:00Z')], on);
    expect(first.deliver).toHaveLength(1);
    const restarted = JSON.parse(JSON.stringify(first.state)) as typeof first.state;
    const second = decideNotifications(restarted, [candidate('refund:a', '2026-11-20T10:03:00Z'), candidate('failed:b', '2026-11-20T10:04:00Z', 'paymentProblem')], on);
    expect(second.deliver.map((d) => d.candidate.key)).toEqual(['failed:b']);
  });

  it('drops a kind the admin turned off for the school, and does not bring it back when turned on again', () => {
    const off = decideNotifications(baselineState(BASE), [candidate('comment:1', '2026-11-20T10:01:00Z', 'comment'), candidate('refund:1', '2026-11-20T10:01:00Z')], { off: new Set(['comment']), quiet: false });
    expect(off.deliver.map((d) => d.candidate.kind)).toEqual(['refund']);
    const later = decideNotifications(off.state, [candidate('comment:1', '2026-11-20T10:01:00Z', 'comment')], on);
    expect(later.deliver).toEqual([]);
  });

  it('in quiet hours delivers silently (counted, not popped up)', () => {
    const { deliver, state } = decideNotifications(baselineState(BASE), [candidate('refund:a', '2026-11-20T10:01:00Z')], { off: new Set(), quiet: true });
    expect(deliver).toEqual([expect.objectContaining({ silent: true })]);
    expect(state.unseen).toEqual(['refund:a']);
  });

  it('counts delivered ones as unseen until opened, one at a time or all of a school', () => {
    const { state } = decideNotifications(baselineState(BASE), [candidate('refund:a', '2026-11-20T10:01:00Z'), candidate('refund:b', '2026-11-20T10:02:00Z')], on);
    expect(markSeen(state, 'refund:a').unseen).toEqual(['refund:b']);
    expect(markSeen(state).unseen).toEqual([]);
  });

  it('keeps the dedup keys bounded, dropping the oldest', () => {
    const many = Array.from({ length: MAX_SEEN_KEYS + 10 }, (_, i) => candidate(`refund:${String(i).padStart(6, '0')}`, new Date(BASE.getTime() + 1000 + i).toISOString()));
    const { state } = decideNotifications(baselineState(BASE), many, on);
    expect(state.seen).toHaveLength(MAX_SEEN_KEYS);
    expect(state.seen[0]).toBe('refund:000010');
  });

  it('ignores a candidate whose time is not a time', () => {
    expect(decideNotifications(baselineState(BASE), [candidate('refund:x', 'not a time')], on).deliver).toEqual([]);
  });

  it('moves the "changed since" watermark to the newest time seen, never back', () => {
    expect(advanceSince('2026-11-20T10:00:00Z', ['2026-11-20T09:00:00Z', '2026-11-20T11:00:00Z'])).toBe('2026-11-20T11:00:00Z');
    expect(advanceSince('2026-11-20T10:00:00Z', [])).toBe('2026-11-20T10:00:00Z');
  });
});

describe('quiet hours', () => {
  const at = (h: number, m = 0) => h * 60 + m;
  it('within a day: [start, end)', () => {
    const quiet = { enabled: true, start: '12:00', end: '14:30' };
    expect(inQuietHours(quiet, at(11, 59))).toBe(false);
    expect(inQuietHours(quiet, at(12))).toBe(true);
    expect(inQuietHours(quiet, at(14, 29))).toBe(true);
    expect(inQuietHours(quiet, at(14, 30))).toBe(false);
  });

  it('crossing midnight: 22:00 to 07:00', () => {
    const quiet = { enabled: true, start: '22:00', end: '07:00' };
    expect(inQuietHours(quiet, at(21, 59))).toBe(false);
    expect(inQuietHours(quiet, at(22))).toBe(true);
    expect(inQuietHours(quiet, at(23, 59))).toBe(true);
    expect(inQuietHours(quiet, at(0))).toBe(true);
    expect(inQuietHours(quiet, at(6, 59))).toBe(true);
    expect(inQuietHours(quiet, at(7))).toBe(false);
    expect(inQuietHours(quiet, at(12))).toBe(false);
  });

  it('off when disabled; all day when start equals end', () => {
    expect(inQuietHours({ enabled: false, start: '00:00', end: '23:59' }, at(12))).toBe(false);
    expect(inQuietHours({ enabled: true, start: '08:00', end: '08:00' }, at(3))).toBe(true);
  });

  it('reads the local minute of the day in a time zone', () => {
    expect(localMinuteOfDay(new Date('2026-11-20T23:30:00Z'), 'Asia/Tokyo')).toBe(8 * 60 + 30);
    expect(localMinuteOfDay(new Date('2026-11-20T00:05:00Z'), 'America/New_York')).toBe(19 * 60 + 5);
  });
});

describe('what is polled', () => {
  it('only sources whose scopes were granted (never asking for more)', () => {
    expect(sourcesToPoll(['orders:read'], new Set())).toEqual(['orders']);
    expect(sourcesToPoll(['orders:read', 'subscriptions:read', 'comments:read', 'analytics:read'], new Set())).toEqual(['orders', 'subscriptions', 'comments', 'largeSaleThreshold']);
  });

  it('not a source whose every kind is off', () => {
    const all = ['orders:read', 'subscriptions:read', 'comments:read', 'analytics:read'];
    expect(sourcesToPoll(all, new Set(['comment', 'largeSale']))).toEqual(['orders', 'subscriptions']);
    expect(sourcesToPoll(all, new Set(['refund', 'paymentProblem', 'largeSale']))).toEqual(['comments']);
  });

  it('nothing while offline or while the school needs a sign-in', () => {
    expect(mayPoll({ online: false, accountStatus: 'signed_in' })).toBe(false);
    expect(mayPoll({ online: true, accountStatus: 'sign_in_needed' })).toBe(false);
    expect(mayPoll({ online: true, accountStatus: 'signed_in' })).toBe(true);
  });
});

describe('when to poll next', () => {
  it('the interval after a success, and the failure count reset', () => {
    expect(nextPoll({ ok: true, failures: 4 }, 60_000)).toEqual({ delayMs: 60_000, failures: 0 });
  });

  it('doubles per consecutive failure, capped at 30 minutes, jittered down by at most a quarter', () => {
    const noJitter = () => 0;
    expect(nextPoll({ ok: false, failures: 0 }, 60_000, noJitter)).toEqual({ delayMs: 120_000, failures: 1 });
    expect(nextPoll({ ok: false, failures: 1 }, 60_000, noJitter)).toEqual({ delayMs: 240_000, failures: 2 });
    expect(nextPoll({ ok: false, failures: 10 }, 60_000, noJitter).delayMs).toBe(MAX_BACKOFF_MS);
    expect(nextPoll({ ok: false, failures: 0 }, 60_000, () => 0.999).delayMs).toBeGreaterThanOrEqual(90_000);
  });

  it('never sooner than the platform\'s Retry-After', () => {
    expect(nextPoll({ ok: false, failures: 0, retryAfterMs: 600_000 }, 60_000, () => 0).delayMs).toBe(600_000);
    expect(nextPoll({ ok: false, failures: 0, retryAfterMs: 5_000 }, 60_000, () => 0).delayMs).toBe(120_000);
  });
});
