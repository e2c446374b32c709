// The exports area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { exports as en } from '../en/exports';
import type { OneFormTranslation } from '../translation';

export const exports: OneFormTranslation<typeof en> = {};
