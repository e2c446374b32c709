// Part of the IPC contract (see shared/ipc.ts): coupons and subscriptions, in the app's own model
// (shared/model/money.ts). Their changes go through writes.perform (shared/ipc/writes.ts).
import { z } from 'zod';
import { CouponOverview, MemberView, SubscriptionLists } from '../model/money';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

export const moneyMethods = {
  'money.coupons': method(
    z
      .object({ accountId: AccountId, from: isoTime.optional(), to: isoTime.optional() })
      .strict()
      .refine((r) => (r.from === undefined) === (r.to === undefined) && (r.from === undefined || Date.parse(r.from) < Date.parse(r.to!)), 'give both `from` and `to`, `from` first'),
    answerOf(CouponOverview),
    'Every coupon with what the sale orders that used it brought per currency (redemptions, gross, discount, refunded, net), paid in [from, to) or all time without a range, computed by the data engine from the school\'s synced orders (needs coupons:read and orders:read).',
  ),
  'money.subscriptions': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(SubscriptionLists),
    'The past-due subscriptions and those set to cancel at period end, with their plan names (needs subscriptions:read).',
  ),
  'money.member': method(
    z.object({ accountId: AccountId, memberId: id }).strict(),
    answerOf(MemberView),
    'One member with every subscription they hold (needs members:read and subscriptions:read).',
  ),
} satisfies Record<string, MethodDef>;
