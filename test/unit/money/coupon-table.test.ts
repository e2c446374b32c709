import { describe, expect, it } from 'vitest';
import type { CouponRow } from '../../../shared/model/money';
import { couponAction, couponLines, couponStatusLabel, filterCouponLines, sortCouponLines } from '../../../renderer/features/money/coupon-table';
import { completionOf, completionShort } from '../../../renderer/features/common/completion-words';

const NOW = Date.parse('2026-11-15T00:00:00Z');

function coupon(code: string, over: Partial<CouponRow> = {}): CouponRow {
  return {
    id: code.toLowerCase(),
    code,
    discount: { kind: 'percent', percentOff: 10 },
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    usageLimit: null,
    perBuyerLimit: null,
    courseIds: [],
    redemptions: 0,
    state: 'active',
    updatedAt: null,
    results: [],
    ...over,
  };
}

const rows: CouponRow[] = [
  coupon('WELCOME10', { results: [{ currency: 'USD', orders: 3, gross: 30000, discount: 3000, refunded: 0, net: 27000 }, { currency: 'EUR', orders: 9, gross: 90000, discount: 9000, refunded: 0, net: 81000 }] }),
  coupon('OLD', { endsAt: '2026-06-01T00:00:00Z', results: [{ currency: 'USD', orders: 1, gross: 5000, discount: 2500, refunded: 0, net: 2500 }] }),
  coupon('SOON', { startsAt: '2026-12-01T00:00:00Z' }),
  coupon('FULL', { usageLimit: 5, redemptions: 5, results: [{ currency: 'USD', orders: 5, gross: 10000, discount: 500, refunded: 1000, net: 8500 }] }),
  coupon('OFF', { state: 'disabled', endsAt: '2026-06-01T00:00:00Z' }),
  coupon('PAUSED', { state: 'disabled' }),
];

describe('the Coupons table', () => {
  it('reads each coupon in the chosen currency only, zeros where it sold nothing in it', () => {
    const lines = couponLines(rows, 'USD', NOW);
    const welcome = lines.find((l) => l.coupon.code === 'WELCOME10')!;
    expect(welcome.result).toMatchObject({ orders: 3, net: 27000, discount: 3000 });
    expect(welcome.ratio).toBe(9);
    expect(lines.find((l) => l.coupon.code === 'SOON')!.result).toMatchObject({ orders: 0, net: 0, discount: 0 });
    expect(lines.find((l) => l.coupon.code === 'SOON')!.ratio).toBeNull();
  });

  it('says where each coupon stands from its switch, dates and limit', () => {
    const status = Object.fromEntries(couponLines(rows, 'USD', NOW).map((l) => [l.coupon.code, l.status]));
    expect(status).toEqual({ WELCOME10: 'active', OLD: 'expired', SOON: 'scheduled', FULL: 'used_up', OFF: 'disabled', PAUSED: 'disabled' });
    expect(couponStatusLabel('used_up')).toBe('Used up');
  });

  it('offers Disable only while a coupon can still be used, and Enable only while it has not ended', () => {
    const action = Object.fromEntries(couponLines(rows, 'USD', NOW).map((l) => [l.coupon.code, couponAction(l.status, l.coupon, NOW)]));
    expect(action).toEqual({ WELCOME10: 'disable', OLD: null, SOON: 'disable', FULL: null, OFF: null, PAUSED: 'enable' });
  });

  it('filters by code and state, and sorts by any column with ties by code', () => {
    const lines = couponLines(rows, 'USD', NOW);
    expect(filterCouponLines(lines, 'welc', '').map((l) => l.coupon.code)).toEqual(['WELCOME10']);
    expect(filterCouponLines(lines, '', 'disabled').map((l) => l.coupon.code)).toEqual(['OFF', 'PAUSED']);
    expect(sortCouponLines(lines, { key: 'redemptions', direction: 'desc' }).map((l) => l.coupon.code)).toEqual(['FULL', 'WELCOME10', 'OLD', 'OFF', 'PAUSED', 'SOON']);
    expect(sortCouponLines(lines, { key: 'net', direction: 'asc' }).map((l) => l.coupon.code).slice(-2)).toEqual(['FULL', 'WELCOME10']);
    expect(sortCouponLines(lines, { key: 'return', direction: 'desc' }).map((l) => l.coupon.code).slice(0, 3)).toEqual(['FULL', 'WELCOME10', 'OLD']);
    expect(sortCouponLines(lines, { key: 'status', direction: 'asc' }).map((l) => l.status)).toEqual(['active', 'scheduled', 'used_up', 'expired', 'disabled', 'disabled']);
  });
});

describe('the completion rate in words', () => {
  it('names the two numbers it divides', () => {
    expect(completionOf({ enrollments: 422, enrollmentsCompleted: 8 }, 'en-US')).toBe('8 of 422 who started in the range finished');
    expect(completionShort({ enrollments: 1200, enrollmentsCompleted: 8 }, 'en-US')).toBe('8 of 1,200');
    expect(completionOf({ enrollments: 0, enrollmentsCompleted: 0 }, 'en-US')).toBe('nobody started in the range');
  });
});
