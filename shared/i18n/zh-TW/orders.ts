// The orders area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { orders as en } from '../en/orders';
import type { OneFormTranslation } from '../translation';

export const orders: OneFormTranslation<typeof en> = {
  totals: {
    note: '金額只計已售出的訂單：已付款、退款中或已退款。',
    whole: '整筆訂單，{{currency}}',
    counts_other: '{{shown}} 筆訂單，{{sold}} 筆已售出',
    courseOnly: '僅「{{course}}」，{{currency}}',
    thisCourse: '本課程',
    courseOrders_other: '其項目在 {{shown}} 筆已售出的訂單中',
    paid: '已付款',
    discounts: '折扣',
    refunded: '已退款',
    net: '淨營收',
    gross: '總營收（折扣前）',
    refunds: '退款',
  },
  changedFrom: '{{date}} 之後有變動',
  changedFromRemove: '移除「之後有變動」篩選',
};
