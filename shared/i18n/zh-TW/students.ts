// The students area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { students as en } from '../en/students';
import type { OneFormTranslation } from '../translation';

export const students: OneFormTranslation<typeof en> = {};
