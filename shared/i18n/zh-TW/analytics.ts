// The analytics area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { analytics as en } from '../en/analytics';
import type { OneFormTranslation } from '../translation';

export const analytics: OneFormTranslation<typeof en> = {
  views: {
    sales: '期間內的銷售，與前一段期間比較；期間未滿一年時，也與去年同期比較。',
    subscriptions: 'MRR 與訂閱人數為目前的數字；期間內的新訂閱、流失訂閱與流失率，與前一段期間比較。',
    learning: '期間內的報名與完課，與前一段期間比較；活躍學員為期間結束前 30 天內有學習紀錄的學員。',
  },
  tiles: {
    churnRate: '流失率',
  },
  lastYearNone: '{{days}} 沒有資料',
};
