// The analytics area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { analytics as en } from '../en/analytics';
import type { OneFormTranslation } from '../translation';

export const analytics: OneFormTranslation<typeof en> = {};
