// The people area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { people as en } from '../en/people';
import type { OneFormTranslation } from '../translation';

export const people: OneFormTranslation<typeof en> = {
  stalledRow: '位學員',
  stalledRows: '位學員',
};
