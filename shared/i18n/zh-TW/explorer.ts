// The explorer area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { explorer as en } from '../en/explorer';
import type { OneFormTranslation } from '../translation';

export const explorer: OneFormTranslation<typeof en> = {};
