// Today's strings in 繁體中文 (docs/ui.md, "Language"; words from docs/glossary.md). Its English twin is ../en/today.ts.
import type { en } from '../en';
import type { OneFormTranslation } from '../translation';

export const today: OneFormTranslation<typeof en.today> = {
  title: '今日',
  description: '學校今天的狀況，以及需要你處理的事。',
  zone: '時間以 {{zone}} 為準',
  zoneComputer: '時間以 {{zone}}（這台電腦的時區）為準：無法取得學校的時區',
  zoneComputerChosen: '時間以 {{zone}}（這台電腦的時區）為準：依設定所選',
  sales: {
    heading: '銷售',
    currency: '{{currency}} 銷售',
    period: '期間',
    orders: '訂單',
    net: '淨營收',
    comparedWith: '比較對象',
    ordersShort_other: '{{formatted}} 筆訂單',
    change: '變化',
    none: '這些期間沒有銷售。',
    unavailable: '無法顯示銷售：尚未同步任何訂單，也無法連線到平台。',
  },
  periods: {
    today: '今日至今',
    todayWeekBefore: '上週{{weekday}}同一時間',
    yesterday: '昨日',
    yesterdayWeekBefore: '前一週的{{weekday}}',
    monthToDate: '本月至今',
    lastMonthToDate: '上個月的同期',
  },
  needs: {
    heading: '需要你處理',
    unknown: '無法取得',
    failedOrders: '付款失敗（訂單，最近 7 天）',
    pastDue: '逾期未付的訂閱',
    canceling: '即將結束的訂閱',
    refunds: '{{since}} 之後的退款',
    unanswered: '尚未回覆的留言',
    upcomingEvents: '未來 7 天的活動',
    seatsLeft_other: '剩 {{count}} 個名額',
    outbox: '待送出或被拒絕的變更',
    open: '開啟',
  },
};
