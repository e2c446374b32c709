// "updated 5 min. ago", "offline: shown from the copy saved 2 hr. ago" / 「5 分鐘前更新」: how old data is, in
// the UI language, the age itself said by Intl.RelativeTimeFormat (lib/format formatAgo). Pure (takes "now"
// and the locale), so the words are tested without a clock.
import { t } from '../../shared/i18n/i18n';
import { formatAgo } from './format';

/** "5 min. ago" / "5 分鐘前"; under a minute, and for times in the future (clock skew), "just now" / "剛剛". */
export function describeAgo(fromMs: number, nowMs: number, locale: string): string {
  return formatAgo(fromMs, nowMs, locale) ?? t('common:time.justNow');
}

/** "updated just now", "updated 5 min. ago". */
export function describeUpdated(fromMs: number, nowMs: number, locale: string): string {
  return t('common:dataAge.updated', { ago: describeAgo(fromMs, nowMs, locale) });
}

/** What a data-age line says, online or from the offline cache. */
export function describeDataAge(updatedAt: string | number | Date | null | undefined, nowMs: number, offline: boolean, locale: string): string {
  const fromMs = toMs(updatedAt);
  if (fromMs === null) return offline ? t('common:dataAge.offlineNothingSaved') : t('common:dataAge.notLoaded');
  if (offline) return t('common:dataAge.offlineSaved', { ago: describeAgo(fromMs, nowMs, locale) });
  return describeUpdated(fromMs, nowMs, locale);
}

/** A figure answered from the saved copy while the app is online (the platform failed, the session ended). */
export function describeSavedCopyAge(fromMs: number, nowMs: number, locale: string): string {
  return t('common:dataAge.savedCopy', { ago: describeAgo(fromMs, nowMs, locale) });
}

export function toMs(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
