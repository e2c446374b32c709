// The courses area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { courses as en } from '../en/courses';
import type { OneFormTranslation } from '../translation';

export const courses: OneFormTranslation<typeof en> = {};
