// The money area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { money as en } from '../en/money';
import type { OneFormTranslation } from '../translation';

export const money: OneFormTranslation<typeof en> = {};
