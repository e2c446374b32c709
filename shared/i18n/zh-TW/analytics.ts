// The analytics area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { analytics as en } from '../en/analytics';
import type { OneFormTranslation } from '../translation';

export const analytics: OneFormTranslation<typeof en> = {
  subscriptions: {
    atNow: '目前',
    atEndOf: '{{day}} 結束時',
    sinceStartOf: '與 {{day}} 開始時比較',
    started: '在範圍內開始',
    ended: '在範圍內結束',
    chart: '訂閱者（{{currency}}）：範圍內新增與流失，目前逾期與即將取消',
    mrrChart: { day: '每日結束時的 MRR（{{currency}}）', week: '每週結束時的 MRR（{{currency}}）', month: '每月結束時的 MRR（{{currency}}）' },
  },
  learning: {
    enrollmentsHint: '在範圍內報名',
  },
  views: {
    sales: '期間內的銷售，與前一段期間比較；期間未滿一年時，也與去年同期比較。',
    subscriptions: 'MRR 與付費訂閱人數為期間內的變化，與期間開始時比較；期間內的新訂閱、流失訂閱與流失率，與前一段期間比較；逾期與即將取消為目前的數字。',
    learning: '期間內的報名與完課，與前一段期間比較；活躍學員為期間結束前 30 天內有學習紀錄的學員。',
  },
  tiles: {
    churnRate: '流失率',
  },
  lastYearNone: '{{days}} 沒有資料',
};
