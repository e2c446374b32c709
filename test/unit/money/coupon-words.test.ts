// A coupon's words in both languages: its discount as a buyer gets it (each amount naming its currency when
// it gives several), and the create form's problems, from the very schema the main process checks again.
import { afterEach, describe, expect, it } from 'vitest';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { CouponDraft, draftTimeProblem } from '../../../shared/model/money';
import { parseMajorAmount } from '../../../renderer/features/money/coupon-format';
import { describeDiscount } from '../../../shared/model/coupon-words';

afterEach(() => setUiLocale({ language: 'en', locale: 'en-US' }));

const draft = { code: 'SPRING', discount: { kind: 'percent', percentOff: 20 }, startsAt: null, endsAt: null, usageLimit: null, perBuyerLimit: null, courseIds: [] };
const problemsOf = (candidate: unknown) => (CouponDraft.safeParse(candidate).error?.issues ?? []).map((issue) => issue.message);

describe('coupon words', () => {
  it('a discount: a percentage (in 繁體中文 the share paid, as a Taiwanese shop says it), or an amount per currency, each naming its currency when there are several', () => {
    expect(describeDiscount({ kind: 'percent', percentOff: 12.5 }, 'en-US')).toBe('12.5% off');
    expect(describeDiscount({ kind: 'percent', percentOff: 100 }, 'en-US')).toBe('100% off');
    expect(describeDiscount({ kind: 'amount', amounts: [{ currency: 'USD', amountOff: 500 }] }, 'en-US')).toBe('$5.00 off');
    expect(describeDiscount({ kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 15000 }, { currency: 'USD', amountOff: 500 }] }, 'en-US')).toBe('NT$150 or US$5.00 off');
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(describeDiscount({ kind: 'percent', percentOff: 20 }, 'zh-TW')).toBe('8 折');
    expect(describeDiscount({ kind: 'percent', percentOff: 15 }, 'zh-TW')).toBe('8.5 折');
    expect(describeDiscount({ kind: 'percent', percentOff: 12.5 }, 'zh-TW')).toBe('8.75 折');
    expect(describeDiscount({ kind: 'percent', percentOff: 100 }, 'zh-TW')).toBe('免費');
    expect(describeDiscount({ kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 15000 }] }, 'zh-TW')).toBe('折抵 NT$150');
    expect(describeDiscount({ kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 15000 }, { currency: 'USD', amountOff: 500 }] }, 'zh-TW')).toBe('折抵 NT$150 或 US$5.00');
  });

  it("an amount typed in the currency's major unit, and why it is not one, in the UI language", () => {
    expect(parseMajorAmount('5,5', 'USD')).toEqual({ ok: true, minor: 550 });
    expect(parseMajorAmount('5.505', 'USD')).toEqual({ ok: false, error: 'at most 2 decimals in USD' });
    expect(parseMajorAmount('1.5', 'JPY')).toEqual({ ok: false, error: 'JPY has no decimals' });
    expect(parseMajorAmount('five', 'USD')).toEqual({ ok: false, error: 'must be an amount such as 5.00' });
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(parseMajorAmount('5.505', 'USD')).toEqual({ ok: false, error: 'USD 最多 2 位小數' });
    expect(parseMajorAmount('five', 'JPY')).toEqual({ ok: false, error: '請填入金額，例如 500' });
  });

  it("the draft's problems speak the language of the check, not of the module's first import", () => {
    const bad = { ...draft, code: 'x', discount: { kind: 'percent', percentOff: Number.NaN }, usageLimit: 0, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' };
    expect(problemsOf(bad)).toEqual(['must be 3 to 32 letters, digits, - or _', 'give a percentage', 'must be at least 1']);
    expect(problemsOf({ ...draft, endsAt: '2026-12-01T00:00:00Z', startsAt: '2026-12-02T00:00:00Z' })).toEqual(['must be after the start']);
    expect(problemsOf({ ...draft, discount: { kind: 'amount', amounts: [] } })).toEqual(['give an amount in at least one currency']);
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    expect(problemsOf(bad)).toEqual(['必須是 3 到 32 個英文字母、數字、- 或 _', '請填入百分比', '至少為 1']);
    expect(problemsOf({ ...draft, endsAt: '2026-12-01T00:00:00Z', startsAt: '2026-12-02T00:00:00Z' })).toEqual(['必須晚於開始時間']);
    expect(problemsOf({ ...draft, discount: { kind: 'amount', amounts: [{ currency: 'TWD', amountOff: 100 }, { currency: 'TWD', amountOff: 200 }] } })).toEqual(['每種幣別只能有一個金額']);
    const ended = CouponDraft.parse({ ...draft, endsAt: '2026-11-01T00:00:00Z' });
    expect(draftTimeProblem(ended, Date.parse('2026-11-02T00:00:00Z'))).toBe('必須是未來的時間');
  });
});
