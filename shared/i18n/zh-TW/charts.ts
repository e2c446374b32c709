// The charts area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { charts as en } from '../en/charts';
import type { OneFormTranslation } from '../translation';

export const charts: OneFormTranslation<typeof en> = {};
