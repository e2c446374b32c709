// The words shared/ hands every caller (state labels, scope descriptions, the validators' problems) are read
// from the catalogue when asked for, so a record imported once speaks the realm's language after a switch.
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { eventEditProblems } from '../../../shared/model/events';
import { EXPLORER_AREAS, problemsOf, validatorFor } from '../../../shared/model/explorer';
import { ALL_SCOPES, describeScope } from '../../../shared/scopes';
import { COURSE_STATE_LABELS, INTERVAL_LABELS, ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS, stateLabel, SUBSCRIPTION_STATE_LABELS } from '../../../shared/state-labels';

afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

describe("shared/'s words follow the UI language", () => {
  it('state labels: English, then 繁體中文 from the same records', () => {
    expect(stateLabel(ORDER_STATE_LABELS, 'manuallyEnrolled')).toBe('Manually enrolled');
    expect(SUBSCRIPTION_STATE_LABELS.past_due).toBe('Past due');
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(stateLabel(ORDER_STATE_LABELS, 'manuallyEnrolled')).toBe('手動開通');
    expect(ORDER_STATE_LABELS.paid).toBe('已付款');
    expect(PAYMENT_METHOD_LABELS.convenienceStore).toBe('超商付款');
    expect(stateLabel(COURSE_STATE_LABELS, 'published')).toBe('已發布');
    expect(SUBSCRIPTION_STATE_LABELS.past_due).toBe('逾期未付');
    expect(INTERVAL_LABELS.month).toBe('月');
    expect(Object.keys(ORDER_STATE_LABELS)).toContain('refunding');
    // A state this version does not know keeps the platform's word.
    expect(stateLabel(ORDER_STATE_LABELS, 'onHold')).toBe('onHold');
  });

  it('every scope has a description in both languages, and an unknown scope is shown as is', () => {
    const english = ALL_SCOPES.map(describeScope);
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    const chinese = ALL_SCOPES.map(describeScope);
    for (const [i, scope] of ALL_SCOPES.entries()) {
      expect(english[i], scope).not.toBe(scope);
      expect(chinese[i], scope).toMatch(/\p{Script=Han}/u);
    }
    expect(describeScope('orders:read')).toBe('查看你的訂單和付款紀錄');
    expect(describeScope('rockets:launch')).toBe('rockets:launch');
  });

  it("an event's and an explorer field's problems, and an area's title, in the language of the check", () => {
    const event = { startsAt: '2026-12-01T19:00:00Z', endsAt: '2026-12-01T21:00:00Z', ticketTypes: [{ id: 'tkt_1', name: 'General', price: 0, currency: 'TWD', capacity: 50, sold: 40 }] };
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(eventEditProblems(event, { capacities: [{ ticketTypeId: 'tkt_1', capacity: 39 }] })).toEqual([{ field: 'capacity.tkt_1', message: '不能低於已售出的 40 張' }]);
    expect(eventEditProblems(event, { title: ' ' })[0]!.message).toBe('請輸入活動名稱');
    const fields = [{ name: 'name', label: 'Name', kind: 'string' as const, required: true, nullable: false, description: null, maxLength: 10 }];
    const checked = validatorFor(fields).safeParse({ name: 'x'.repeat(11) });
    expect(checked.success ? {} : problemsOf(checked.error)).toEqual({ name: '最多 10 個字' });
    expect(EXPLORER_AREAS.find((a) => a.id === 'lecturers')!.title).toBe('講師');
  });
});
