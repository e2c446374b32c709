// The data engine's words in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { engine as en } from '../en/engine';
import type { OneFormTranslation } from '../translation';

export const engine: OneFormTranslation<typeof en> = {
  sync: {
    orders: { job: '載入訂單', full: '正在載入訂單', incremental: '正在檢查有變動的訂單' },
    students: { job: '載入學員', full: '正在載入學員', incremental: '正在檢查有變動的學員' },
    subscriptions: { job: '載入訂閱', full: '正在載入訂閱', incremental: '正在檢查有變動的訂閱' },
  },
  exporting: { orders: '正在匯出訂單', students: '正在匯出學員', job: '匯出' },
  lists: { orders: '訂單', students: '學員', enrollments: '報名資料', courses: '課程', subscriptions: '訂閱' },
  errors: {
    cancelled: '已取消。',
    cancelledByAdmin: '管理員已取消。',
    notNeeded: '不再需要。',
    jobCancelled: '{{what}}已取消。',
    jobRunning: '編號「{{id}}」的工作已在執行中。',
    samePageTwice: '平台重複傳回同一頁{{what}}，因此已停止載入。',
    notLoaded: '無法載入{{what}}。',
    signedOut: '這所學校已登出。',
    noMethod: '資料引擎沒有 {{method}} 這個功能。',
    failed: '資料引擎發生錯誤，請再試一次。',
    stopped: '資料引擎已停止。',
    stoppedTryAgain: '資料引擎已停止，請再試一次。',
    closing: 'App 正在關閉。',
    platformFailed: '呼叫平台失敗。',
    unknownTimeZone: '無法辨識的時區「{{zone}}」。',
    unknownLocale: '無法辨識的語系「{{locale}}」。',
    exportUnavailable: '這裡無法匯出成檔案。',
    exportCancelled: '已取消匯出。',
    rangeOrder: '日期範圍的開始必須早於結束。',
  },
};
