import { useMemo } from 'react';
import { systemLocale, type Locale } from '../../lib/format';

/** The admin's locale and time zone (the system's): every date and amount on the dashboards uses them. */
export function useLocale(): Locale {
  return useMemo(() => systemLocale(), []);
}
