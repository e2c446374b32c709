// The money area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { money as en } from '../en/money';
import type { OneFormTranslation } from '../translation';

export const money: OneFormTranslation<typeof en> = {
  coupons: {
    description: '每個優惠碼，以及使用它的訂單帶來的營收。',
    currency: '幣別',
    netIn: '淨營收（{{currency}}）',
    discountIn: '折扣金額（{{currency}}）',
  },
  newCoupon: {
    startsIn: '開始（{{zone}}）',
    endsIn: '結束（{{zone}}）',
    noSuchTime: '這個日期時間在 {{zone}} 不存在',
  },
  subscriptions: {
    cancelAtPeriodEnd: '於本期結束時取消',
    cancelAtPeriodEndLabel: '於本期結束時取消：{{member}} 的訂閱',
    cancelNow: '立即取消',
    cancelNowLabel: '立即取消：{{member}} 的訂閱',
  },
};
