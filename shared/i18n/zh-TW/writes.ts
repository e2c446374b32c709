// The writes area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { writes as en } from '../en/writes';
import type { OneFormTranslation } from '../translation';

export const writes: OneFormTranslation<typeof en> = {
  dialog: {
    cancel: '取消',
    keepSubscription: '保留訂閱',
  },
  pending: {
    waiting: '等待送出：{{summary}}',
    hint: '平台連得上之前會保留在待送出清單。打開待送出清單可以修改或捨棄。',
    short: '等待送出',
  },
};
