import { useMemo } from 'react';
import { useUiLocale } from '../../state/ui-language';
import type { Locale } from '../../lib/format';

/** The UI locale and the computer's time zone: every date and amount on the dashboards uses them. */
export function useLocale(): Locale {
  const { locale } = useUiLocale();
  return useMemo(() => ({ locale, timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' }), [locale]);
}
