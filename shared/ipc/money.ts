// Part of the IPC contract (see shared/ipc.ts): coupons and subscriptions, in the app's own model
// (shared/model/money.ts). Their changes go through writes.perform (shared/ipc/writes.ts).
import { z } from 'zod';
import { CouponOverview, MemberView, SubscriptionLists } from '../model/money';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const id = z.string().min(1).max(256);

export const moneyMethods = {
  'money.coupons': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(CouponOverview),
    'Every coupon with what the orders that used it brought per currency (orders, gross, discount, refunded, net), computed from all the school\'s orders loaded in the main process (needs coupons:read and orders:read).',
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
