// The events area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { events as en } from '../en/events';
import type { OneFormTranslation } from '../translation';

export const events: OneFormTranslation<typeof en> = {
  event: {
    when: '時間',
    inZone: '採用{{owner}}',
  },
};
