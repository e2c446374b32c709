// The app's own model of coupons and subscriptions (camelCase), what the IPC contract speaks. Platform
// payloads (snake_case) are mapped into it in one place: electron/services/platform/money-mapping.ts.
import { z } from 'zod';
import { t } from '../i18n/i18n';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, { error: () => t('money:problems.currencyCode') });

const CouponDiscount = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percentOff: z.number({ error: () => t('money:problems.givePercent') }).gt(0, { error: () => t('money:problems.percentAboveZero') }).max(100, { error: () => t('money:problems.percentAtMost') }) }).strict(),
  z
    .object({
      kind: z.literal('amount'),
      /** Integer minor units per currency: one entry per currency the coupon applies in. */
      amounts: z
        .array(z.object({ currency: CurrencyCode, amountOff: z.int({ error: () => t('money:problems.wholeMinorUnits') }).positive({ error: () => t('money:problems.aboveZero') }) }).strict())
        .min(1, { error: () => t('money:problems.oneCurrency') })
        .max(20, { error: () => t('money:problems.tooManyCurrencies', { max: 20 }) }),
    })
    .strict()
    .refine((d) => new Set(d.amounts.map((a) => a.currency)).size === d.amounts.length, { error: () => t('money:problems.onePerCurrency'), path: ['amounts'] }),
]);
type CouponDiscount = z.infer<typeof CouponDiscount>;

// Problems are the catalogue's, looked up when one is found: in the UI language of that moment.
const wholeNumber = () => t('money:problems.wholeNumber');
const atLeastOne = () => t('money:problems.atLeastOne');

/** What the admin fills in to create a coupon; validated by this schema in the form and again in the main process. */
export const CouponDraft = z
  .object({
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,32}$/, { error: () => t('money:problems.code') }),
    discount: CouponDiscount,
    /** Null: from now. */
    startsAt: isoTime.nullable(),
    /** Null: no end. */
    endsAt: isoTime.nullable(),
    /** Total redemptions allowed; null: no limit. */
    usageLimit: z.int({ error: wholeNumber }).positive({ error: atLeastOne }).max(10_000_000, { error: () => t('money:problems.atMost', { max: 10_000_000 }) }).nullable(),
    /** Redemptions allowed per buyer; null: no limit. */
    perBuyerLimit: z.int({ error: wholeNumber }).positive({ error: atLeastOne }).max(1000, { error: () => t('money:problems.atMost', { max: 1000 }) }).nullable(),
    /** Empty: every course. */
    courseIds: z.array(id).max(200, { error: () => t('money:problems.tooManyCourses', { max: 200 }) }),
  })
  .strict()
  // Only what holds forever: the draft is also stored (a queued write), and must still parse tomorrow.
  .refine((d) => d.endsAt === null || d.startsAt === null || Date.parse(d.endsAt) > Date.parse(d.startsAt), {
    error: () => t('money:problems.afterStart'),
    path: ['endsAt'],
  });
export type CouponDraft = z.infer<typeof CouponDraft>;

/** What depends on the moment it is sent: a coupon that would already be over. Checked by the form and before sending. */
export function draftTimeProblem(draft: CouponDraft, now: number): string | null {
  return draft.endsAt !== null && Date.parse(draft.endsAt) <= now ? t('money:problems.inFuture') : null;
}

/**
 * Where a coupon stands at a moment (docs/business-api.md, "Coupons"): switched off by the school (disabled), else
 * by its dates (scheduled before it starts, expired from its end), else by its limit (used up), else active.
 */
export const CouponStatus = z.enum(['scheduled', 'active', 'expired', 'used_up', 'disabled']);
export type CouponStatus = z.infer<typeof CouponStatus>;

export function couponStatus(coupon: Pick<CouponView, 'state' | 'startsAt' | 'endsAt' | 'usageLimit' | 'redemptions'>, now: number): CouponStatus {
  if (coupon.state === 'disabled') return 'disabled';
  if (Date.parse(coupon.startsAt) > now) return 'scheduled';
  if (coupon.endsAt !== null && Date.parse(coupon.endsAt) <= now) return 'expired';
  if (coupon.usageLimit !== null && coupon.redemptions >= coupon.usageLimit) return 'used_up';
  return 'active';
}

export const CouponView = z.object({
  id,
  code: z.string(),
  discount: z.union([
    z.object({ kind: z.literal('percent'), percentOff: z.number() }),
    z.object({ kind: z.literal('amount'), amounts: z.array(z.object({ currency: CurrencyCode, amountOff: z.int() })) }),
  ]),
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
  usageLimit: z.int().nullable(),
  perBuyerLimit: z.int().nullable(),
  courseIds: z.array(id),
  /** Sale orders that used it, all time (what its usage limit counts). */
  redemptions: z.int().nonnegative(),
  /** The school's switch (enabled or not); where the coupon stands also depends on its dates and limit: couponStatus. */
  state: z.enum(['active', 'disabled']),
  updatedAt: isoTime.nullable(),
});
export type CouponView = z.infer<typeof CouponView>;

/**
 * What the orders that used a coupon brought in a range, in one currency (integer minor units; sale orders only:
 * paid, refunding, refunded, paid in the range): `orders` are its redemptions in the range.
 */
export const CouponCurrencyResult = z.object({
  currency: CurrencyCode,
  orders: z.int().nonnegative(),
  /** Price before discount. */
  gross: z.int(),
  discount: z.int(),
  refunded: z.int(),
  /** Paid minus refunded: what the school kept. */
  net: z.int(),
});
export type CouponCurrencyResult = z.infer<typeof CouponCurrencyResult>;

export const CouponRow = CouponView.extend({ results: z.array(CouponCurrencyResult) });
export type CouponRow = z.infer<typeof CouponRow>;

export const CouponOverview = z.object({
  coupons: z.array(CouponRow),
  /** The paid-time range the results count, [from, to); null: all time. */
  range: z.object({ from: isoTime, to: isoTime }).nullable(),
  /** How many orders the results were computed from (all the school's orders, synced by the data engine). */
  ordersCounted: z.int().nonnegative(),
  /** The currencies the school sells in, for the create form. */
  currencies: z.array(CurrencyCode),
  courses: z.array(z.object({ id, title: z.string() })),
});
export type CouponOverview = z.infer<typeof CouponOverview>;

export const SubscriptionState = z.enum(['active', 'incomplete', 'trialing', 'past_due', 'canceled', 'expired']);
export const SubscriptionView = z.object({
  id,
  memberId: id,
  memberName: z.string(),
  planId: id,
  planName: z.string().nullable(),
  state: SubscriptionState,
  currency: CurrencyCode,
  amount: z.int(),
  interval: z.enum(['day', 'month', 'year']),
  currentPeriodEnd: isoTime,
  nextChargeAt: isoTime.nullable(),
  canceling: z.boolean(),
  canceledAt: isoTime.nullable(),
  updatedAt: isoTime.nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;

/** How MRR moved over a range, in one currency (docs/business-api.md, "MRR movements"); minor units per month. */
export const MrrMovements = z.object({
  currency: CurrencyCode,
  mrrAtStart: z.int(),
  mrrAtEnd: z.int(),
  new: z.int().nonnegative(),
  reactivation: z.int().nonnegative(),
  expansion: z.int().nonnegative(),
  contraction: z.int().nonnegative(),
  churn: z.int().nonnegative(),
});
export type MrrMovements = z.infer<typeof MrrMovements>;

export const SubscriptionLists = z.object({
  pastDue: z.array(SubscriptionView),
  canceling: z.array(SubscriptionView),
  /** Every currency of either list, most rows first. */
  currencies: z.array(CurrencyCode),
});
export type SubscriptionLists = z.infer<typeof SubscriptionLists>;

export const MemberView = z.object({
  id,
  name: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  joinedAt: isoTime,
  subscriptions: z.array(SubscriptionView),
});
export type MemberView = z.infer<typeof MemberView>;
