// The analytics area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { analytics as en } from '../en/analytics';
import type { OneFormTranslation } from '../translation';

export const analytics: OneFormTranslation<typeof en> = {
  subscriptions: {
    atNow: '目前',
    atEndOf: '{{day}} 結束時',
    sinceStartOf: '與 {{day}} 開始時比較',
    started: '在範圍內開始',
    ended: '在範圍內結束；流失率 {{rate}}',
    chart: '訂閱者（{{currency}}）：範圍內新增與流失，目前逾期與即將取消',
    mrrChart: { day: '每日結束時的 MRR（{{currency}}）', week: '每週結束時的 MRR（{{currency}}）', month: '每月結束時的 MRR（{{currency}}）' },
  },
  learning: {
    enrollmentsHint: '在範圍內報名',
  },
};
