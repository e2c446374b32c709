import { useMemo } from 'react';
import { useUiLocale } from '../../state/ui-language';
import type { Locale } from '../../lib/format';
import { useBusinessTime } from '../../state/business-time';

/**
 * The UI locale and the business time zone (the school's, or this computer's when chosen in Settings): every
 * date, range and amount on the dashboards uses them.
 */
export function useLocale(): Locale {
  const { timeZone } = useBusinessTime();
  const { locale } = useUiLocale();
  return useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
}
