// The palette area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { palette as en } from '../en/palette';
import type { OneFormTranslation } from '../translation';

export const palette: OneFormTranslation<typeof en> = {};
