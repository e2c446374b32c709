// The writes area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { writes as en } from '../en/writes';
import type { OneFormTranslation } from '../translation';

export const writes: OneFormTranslation<typeof en> = {
  activityRow: '筆紀錄',
  activityRows: '筆紀錄',
};
