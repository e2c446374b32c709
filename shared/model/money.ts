// The app's own model of coupons and subscriptions (camelCase), what the IPC contract speaks. Platform
// payloads (snake_case) are mapped into it in one place: electron/services/platform/money-mapping.ts.
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD');

const CouponDiscount = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percentOff: z.number().gt(0, 'must be more than 0 %').max(100, 'must be at most 100 %') }).strict(),
  z
    .object({
      kind: z.literal('amount'),
      /** Integer minor units per currency: one entry per currency the coupon applies in. */
      amounts: z
        .array(z.object({ currency: CurrencyCode, amountOff: z.int('must be a whole number of minor units').positive('must be more than 0') }).strict())
        .min(1, 'give an amount in at least one currency')
        .max(20),
    })
    .strict()
    .refine((d) => new Set(d.amounts.map((a) => a.currency)).size === d.amounts.length, { message: 'one amount per currency', path: ['amounts'] }),
]);
type CouponDiscount = z.infer<typeof CouponDiscount>;

/** What the admin fills in to create a coupon; validated by this schema in the form and again in the main process. */
export const CouponDraft = z
  .object({
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, - or _'),
    discount: CouponDiscount,
    /** Null: from now. */
    startsAt: isoTime.nullable(),
    /** Null: no end. */
    endsAt: isoTime.nullable(),
    /** Total redemptions allowed; null: no limit. */
    usageLimit: z.int('must be a whole number').positive('must be at least 1').max(10_000_000).nullable(),
    /** Redemptions allowed per buyer; null: no limit. */
    perBuyerLimit: z.int('must be a whole number').positive('must be at least 1').max(1000).nullable(),
    /** Empty: every course. */
    courseIds: z.array(id).max(200),
  })
  .strict()
  // Only what holds forever: the draft is also stored (a queued write), and must still parse tomorrow.
  .refine((d) => d.endsAt === null || d.startsAt === null || Date.parse(d.endsAt) > Date.parse(d.startsAt), {
    message: 'must be after the start',
    path: ['endsAt'],
  });
export type CouponDraft = z.infer<typeof CouponDraft>;

/** What depends on the moment it is sent: a coupon that would already be over. Checked by the form and before sending. */
export function draftTimeProblem(draft: CouponDraft, now: number): string | null {
  return draft.endsAt !== null && Date.parse(draft.endsAt) <= now ? 'must be in the future' : null;
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
  redemptions: z.int().nonnegative(),
  state: z.enum(['active', 'disabled']),
  updatedAt: isoTime.nullable(),
});
export type CouponView = z.infer<typeof CouponView>;

/** What the orders that used a coupon brought, in one currency (integer minor units; sale orders only: paid, refunding, refunded). */
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
