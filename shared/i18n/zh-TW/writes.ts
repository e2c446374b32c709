// The writes area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { writes as en } from '../en/writes';
import type { OneFormTranslation } from '../translation';

export const writes: OneFormTranslation<typeof en> = {
  dialog: {
    cancel: '取消',
    keepSubscription: '保留訂閱',
    needsPermission: '「{{verb}}」還需要一項權限：<strong>{{scopes}}</strong>。請在瀏覽器開啟的學校登入頁面確認，確認後就會完成這項變更。',
    notNow: '暫時不要',
    waitingForBrowser: '等待瀏覽器…',
    grantAccess: '授予權限',
    close: '關閉',
    tryAgain: '再試一次',
  },
  notice: {
    undo: '復原',
    queued: '已存入待送出',
    openOutbox: '打開待送出清單',
  },
  outboxCount_other: '待送出 {{formatted}} 項變更',
  pending: {
    waiting: '等待送出：{{summary}}',
    hint: '平台連得上之前會保留在待送出清單。打開待送出清單可以修改或捨棄。',
    short: '等待送出',
  },
  activityRows_other: '筆紀錄',
};
