// The money area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { money as en } from '../en/money';
import type { OneFormTranslation } from '../translation';

export const money: OneFormTranslation<typeof en> = {
  coupons: {
    description: '每個優惠碼的狀態，以及範圍內使用它售出的訂單帶來的營收，一次一種幣別。',
    status: { scheduled: '尚未開始', active: '使用中', expired: '已過期', used_up: '已用完', disabled: '已停用' },
    columns: {
      coupon: '優惠碼',
      state: '狀態',
      redemptions: '使用次數',
      redemptionsNote: '範圍內售出的訂單',
      net: '淨營收（{{currency}}）',
      netNote: '已付款減已退款',
      discount: '折扣金額（{{currency}}）',
      return: '報酬',
      returnNote: '每單位折扣的淨營收',
    },
    startsAt: '{{time}} 起',
    endsAt: '至 {{time}}',
    endedAt: '{{time}} 已結束',
    allTime: '累計 {{used}} 次',
    allTimeOfLimit: '累計 {{used}} / {{limit}} 次',
    currency: '幣別',
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
