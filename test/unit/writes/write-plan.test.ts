// The outbox's joining of a second change to a record whose first still waits (write-plan.ts mergeQueued),
// and the conflict check's memory of the app's own writes (outbox-policy.ts reachedByOwnWrites).
import { describe, expect, it } from 'vitest';
import { mergeQueued, recordKeyOf } from '../../../electron/services/writes/write-plan';
import { reachedByOwnWrites } from '../../../electron/services/writes/outbox-policy';
import type { WriteRequest } from '../../../shared/model/writes';

const V0 = '2026-11-20T10:00:00.000Z';
const V1 = '2026-11-20T10:05:00.000Z';
const setEnabled = (enabled: boolean, seen: string | null = V0, couponId = 'cpn_1'): WriteRequest => ({ kind: 'coupon.setEnabled', couponId, code: 'SPRING', enabled, seenUpdatedAt: seen });
const disable = (seen: string | null = V0) => setEnabled(false, seen);
const enable = (seen: string | null = V0) => setEnabled(true, seen);

describe('mergeQueued', () => {
  it('joins the same change made twice into one, checked against the version seen before the first', () => {
    expect(mergeQueued(disable(V0), disable(V1))).toEqual({ kind: 'merged', request: disable(V0) });
  });

  it('withdraws both when the second takes the first back', () => {
    expect(mergeQueued(disable(), enable())).toEqual({ kind: 'cancelled' });
  });

  it("keeps an event edit's fields from both, the first's old values and the later capacity per ticket type", () => {
    const first: WriteRequest = { kind: 'event.update', eventId: 'ev_1', title: 'Open day', changes: { title: 'Open day 2', capacities: [{ ticketTypeId: 't1', capacity: 50 }] }, previous: { title: 'Open day', capacities: [{ ticketTypeId: 't1', capacity: 40 }] }, seenUpdatedAt: V0 };
    const second: WriteRequest = { kind: 'event.update', eventId: 'ev_1', title: 'Open day 2', changes: { capacities: [{ ticketTypeId: 't1', capacity: 60 }] }, previous: { capacities: [{ ticketTypeId: 't1', capacity: 50 }] }, seenUpdatedAt: V1 };
    expect(mergeQueued(first, second)).toEqual({
      kind: 'merged',
      request: { kind: 'event.update', eventId: 'ev_1', title: 'Open day', changes: { title: 'Open day 2', capacities: [{ ticketTypeId: 't1', capacity: 60 }] }, previous: { title: 'Open day', capacities: [{ ticketTypeId: 't1', capacity: 40 }] }, seenUpdatedAt: V0 },
    });
  });

  it('leaves creates, other records and different tags as separate changes', () => {
    const create: WriteRequest = { kind: 'coupon.create', draft: { code: 'A', discount: { kind: 'percent', percentOff: 5 }, startsAt: null, endsAt: null, usageLimit: null, perBuyerLimit: null, courseIds: [] } };
    expect(mergeQueued(create, create)).toBeNull();
    expect(mergeQueued(disable(), setEnabled(false, V0, 'cpn_2'))).toBeNull();
    const tag = (t: string): WriteRequest => ({ kind: 'student.addTag', studentId: 'st_1', studentName: 'Ada', tag: t });
    expect(mergeQueued(tag('vip'), tag('late'))).toBeNull();
    expect(mergeQueued(tag('vip'), tag('vip'))).toEqual({ kind: 'merged', request: tag('vip') });
  });

  it('names the record a write changes, none for a create', () => {
    expect(recordKeyOf(disable())).toBe('coupon:cpn_1');
  });
});

describe('reachedByOwnWrites', () => {
  const own = new Map([[Date.parse(V1), V0]]);
  it('is true when only the app\'s own writes lie between the version seen and the current one', () => {
    expect(reachedByOwnWrites(V0, V1, own)).toBe(true);
    expect(reachedByOwnWrites(V0, V0, new Map())).toBe(true);
  });
  it("is false when someone else's change lies between", () => {
    expect(reachedByOwnWrites(V0, '2026-11-20T10:09:00.000Z', own)).toBe(false);
    expect(reachedByOwnWrites(V1, V0, own)).toBe(false);
  });
});

describe('the words of a coupon create', () => {
  it('ask for a confirmation that says what the coupon will be', async () => {
    const { describeWrite } = await import('../../../shared/model/writes');
    const words = describeWrite({ kind: 'coupon.create', draft: { code: 'SPRING', discount: { kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 15000 }, { currency: 'USD', amountOff: 550 }] }, startsAt: '2026-12-01T00:00:00.000Z', endsAt: null, usageLimit: 1200, perBuyerLimit: 1, courseIds: ['crs_1', 'crs_2'] } });
    expect(words.confirm).toBe(true);
    expect(words.question).toBe('Create coupon “SPRING”?');
    expect(words.consequence).toMatch(/^NT\$150 or US\$5\.50 off, 2 courses, from Dec 1, 2026, 00:00 \(UTC\), no end, 1,200 uses in total, 1 per buyer\. /);
    // On screen, in the school's business time zone, named.
    const draft = { code: 'SPRING', discount: { kind: 'percent' as const, percentOff: 10 }, startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T15:59:00.000Z', usageLimit: null, perBuyerLimit: null, courseIds: [] };
    expect(describeWrite({ kind: 'coupon.create', draft }, { timeZone: 'Asia/Taipei' }).consequence).toMatch(/^10% off, every course, from Dec 1, 2026, 08:00 \(Asia\/Taipei\), until Dec 31, 2026, 23:59 \(Asia\/Taipei\)\. /);
  });
});
