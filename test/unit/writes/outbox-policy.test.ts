import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import type { OutboxItem } from '../../../shared/ipc/writes';
import { describeWrite, inverseOf, WriteRequest } from '../../../shared/model/writes';
import { afterSendFailure, conflictReason, plainRefusal, sendable, shouldQueue } from '../../../electron/services/writes/outbox-policy';
import { planWrite } from '../../../electron/services/platform/writes-platform';
import { sameTarget } from '../../../electron/services/writes/write-plan';
import { toCouponBody, toCouponView } from '../../../electron/services/platform/money-mapping';
import { CouponDraft, draftTimeProblem } from '../../../shared/model/money';

const iso = (s: string) => new Date(s).toISOString();
const fmt = (t: string) => t.slice(0, 16);

describe('outbox policy', () => {
  it('keeps a write for later only when the platform is not there; a timeout or server error may have been applied', () => {
    expect(shouldQueue(new AppError('offline', 'x'))).toBe(true);
    expect(shouldQueue(new AppError('unreachable', 'x'))).toBe(true);
    for (const code of ['timed_out', 'server_error', 'request_refused', 'insufficient_scope', 'not_found'] as const) expect(shouldQueue(new AppError(code, 'x')), code).toBe(false);
    expect(shouldQueue(new Error('boom'))).toBe(false);
  });

  it('sends a queued write only if its record is unchanged since the admin saw it', () => {
    const seen = iso('2026-11-20T10:00:00Z');
    expect(conflictReason('Coupon “A”', seen, { kind: 'found', updatedAt: '2026-11-20T10:00:00.000Z' }, fmt)).toBeNull();
    const changed = conflictReason('Coupon “A”', seen, { kind: 'found', updatedAt: iso('2026-11-21T08:30:00Z') }, fmt);
    expect(changed).toContain('Coupon “A” was changed on the platform (2026-11-21T08:30)');
    expect(changed).toContain('not sent');
    expect(conflictReason('Coupon “A”', seen, { kind: 'gone' }, fmt)).toContain('no longer exists');
    // Nothing to compare: a create, a version the admin never saw, a platform that does not version it.
    expect(conflictReason('x', seen, null, fmt)).toBeNull();
    expect(conflictReason('x', null, { kind: 'found', updatedAt: seen }, fmt)).toBeNull();
    expect(conflictReason('x', seen, { kind: 'found', updatedAt: null }, fmt)).toBeNull();
  });

  it('after a failed send: unreachable keeps it waiting; a missing permission or a refusal marks it failed with the reason', () => {
    expect(afterSendFailure(new AppError('unreachable', 'x'), 'plain')).toEqual({ next: 'keep' });
    expect(afterSendFailure(new AppError('insufficient_scope', 'x', { missingScopes: ['coupons:write'] }), 'plain')).toMatchObject({ next: 'failed', missingScopes: ['coupons:write'] });
    expect(afterSendFailure(new AppError('request_refused', 'x'), 'plain words')).toEqual({ next: 'failed', reason: 'plain words' });
  });

  it('sends in the order the admin made the changes, skipping conflicts and failures unless one is asked for', () => {
    const item = (id: string, createdAt: string, state: OutboxItem['state']): OutboxItem => ({
      id, createdAt, state, reason: null, summary: id,
      request: { kind: 'coupon.setEnabled', couponId: id, code: id, enabled: false, seenUpdatedAt: null },
    });
    const items = [item('b', '2026-11-20T10:00:02Z', 'waiting'), item('a', '2026-11-20T10:00:01Z', 'waiting'), item('c', '2026-11-20T10:00:00Z', 'conflict')];
    expect(sendable(items).map((i) => i.id)).toEqual(['a', 'b']);
    expect(sendable(items, 'c').map((i) => i.id)).toEqual(['c']);
  });

  it("says the platform's refusal in plain words, without protocol codes", () => {
    const error = new AppError('request_refused', '127.0.0.1:4000 refused the request (conflict). A coupon with code SPRING already exists.');
    expect(plainRefusal('Could not create “SPRING”', error)).toBe('Could not create “SPRING”. 127.0.0.1:4000 said: A coupon with code SPRING already exists.');
  });
});

describe('writes: words, undo and the platform call', () => {
  const unpublish: Extract<WriteRequest, { kind: 'course.setPublished' }> = { kind: 'course.setPublished', courseId: 'crs_1', title: 'Watercolour basics', published: false, seenUpdatedAt: null };

  it('names the record in the confirmation and in the message once done, and confirms what learners see', () => {
    const words = describeWrite(unpublish);
    expect(words).toMatchObject({ question: 'Unpublish “Watercolour basics”?', done: 'Unpublished “Watercolour basics”', failed: 'Could not unpublish course “Watercolour basics”', confirm: true, scope: 'courses:write' });
    expect(WriteRequest.safeParse({ ...unpublish, title: '' }).success).toBe(false);
    expect(describeWrite({ kind: 'subscription.cancel', subscriptionId: 's', memberName: 'Ann', atPeriodEnd: false, seenUpdatedAt: null }).consequence).toContain('cannot be undone');
  });

  it('undoes publish with unpublish and disable with enable, carrying the version after the write; no undo without an inverse', () => {
    expect(inverseOf(unpublish, '2026-11-20T10:00:00.000Z')).toEqual({ ...unpublish, published: true, seenUpdatedAt: '2026-11-20T10:00:00.000Z' });
    expect(inverseOf({ kind: 'coupon.setEnabled', couponId: 'c', code: 'A', enabled: false, seenUpdatedAt: null }, null)).toMatchObject({ enabled: true });
    expect(inverseOf({ kind: 'subscription.cancel', subscriptionId: 's', memberName: 'Ann', atPeriodEnd: true, seenUpdatedAt: null }, null)).toBeNull();
  });

  it('plans each write as the platform operation with its conflict read', () => {
    expect(planWrite(unpublish)).toMatchObject({ operation: 'unpublishCourse', path: { course_id: 'crs_1' }, current: { operation: 'getCourse' } });
    expect(planWrite({ kind: 'subscription.cancel', subscriptionId: 's1', memberName: 'Ann', atPeriodEnd: false, seenUpdatedAt: null })).toMatchObject({ operation: 'cancelSubscription', body: { at_period_end: false }, current: { operation: 'getSubscription' } });
    expect(sameTarget(unpublish, { ...unpublish, published: true })).toBe(true);
    expect(sameTarget(unpublish, { ...unpublish, courseId: 'crs_2' })).toBe(false);
  });

  it('validates a coupon draft with the same schema the form uses, and maps it to the platform body and back', () => {
    const draft = CouponDraft.parse({ code: 'SPRING', discount: { kind: 'amount', amounts: [{ currency: 'USD', amountOff: 500 }, { currency: 'EUR', amountOff: 450 }] }, startsAt: null, endsAt: null, usageLimit: 100, perBuyerLimit: null, courseIds: ['crs_1'] });
    expect(toCouponBody(draft)).toEqual({ code: 'SPRING', kind: 'fixed', amounts_off: [{ currency: 'USD', amount: 500 }, { currency: 'EUR', amount: 450 }], usage_limit: 100, course_ids: ['crs_1'] });
    const one = CouponDraft.parse({ ...draft, discount: { kind: 'amount', amounts: [{ currency: 'USD', amountOff: 500 }] } });
    expect(toCouponBody(one)).toMatchObject({ kind: 'fixed', amount_off: 500, currency: 'USD' });
    const bad = CouponDraft.safeParse({ ...draft, code: 'x', discount: { kind: 'percent', percentOff: 120 }, startsAt: '2027-01-02T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['code', 'discount.percentOff', 'endsAt']);
    // A draft that has ended still parses (it may wait in the outbox past its end); the form and the send refuse it.
    const ended = CouponDraft.parse({ ...draft, endsAt: '2020-01-01T00:00:00Z' });
    expect(draftTimeProblem(ended, Date.parse('2026-11-23T00:00:00Z'))).toBe('must be in the future');
    expect(draftTimeProblem(draft, Date.parse('2026-11-23T00:00:00Z'))).toBeNull();
    expect(CouponDraft.safeParse({ ...draft, discount: { kind: 'amount', amounts: [{ currency: 'USD', amountOff: 5 }, { currency: 'USD', amountOff: 6 }] } }).success).toBe(false);
    const view = toCouponView({ id: 'c1', code: 'SPRING', kind: 'fixed', percent_off: null, amount_off: 500, currency: 'USD', starts_at: '2026-01-01T00:00:00Z', ends_at: null, usage_limit: null, redemptions: 3, state: 'active', updated_at: '2026-01-01T00:00:00Z' });
    expect(view.discount).toEqual({ kind: 'amount', amounts: [{ currency: 'USD', amountOff: 500 }] });
    expect(view).toMatchObject({ courseIds: [], perBuyerLimit: null, updatedAt: '2026-01-01T00:00:00Z' });
  });
});

describe('the activity log as CSV', () => {
  it("writes the admin's local time and UTC, the result as the screen says it, and guards text against formulas", async () => {
    const { activityToCsv } = await import('../../../electron/services/writes/activity-csv');
    const { parseCsv } = await import('../../../shared/csv');
    const rows = parseCsv(activityToCsv([
      { id: '1', at: '2026-11-23T13:05:00.000Z', kind: 'coupon.create', summary: 'Create coupon “=SUM(A1)”', result: 'conflict', detail: 'changed, so not sent', target: { type: 'coupon', id: 'cpn_1', name: '=SUM(A1)' } },
    ], 'Asia/Taipei'));
    expect(rows[1]).toEqual(['2026-11-23 21:05:00', '2026-11-23T13:05:00.000Z', 'Create coupon “=SUM(A1)”', 'Not sent: changed on the platform', 'changed, so not sent', 'coupon', 'cpn_1', "'=SUM(A1)"]);
  });
});
