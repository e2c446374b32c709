// Which language the UI speaks, decided once for both sides: the admin's choice in Settings, or with
// "System" the first of the OS's (desktop) or the browser's (browser mode) preferred languages that the app
// has. Traditional Chinese (Taiwan, Hong Kong, Macau, any zh-Hant) is 繁體中文; English otherwise.

const UI_LANGUAGES = ['en', 'zh-TW'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const LANGUAGE_SETTINGS = ['system', ...UI_LANGUAGES] as const;
type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

/** The language a UI is written in and the locale its dates, numbers and sorting follow. */
export interface UiLocale {
  language: UiLanguage;
  /** A BCP 47 tag for Intl: the admin's own regional variant when the system gave one ("en-GB", "zh-Hant-HK"). */
  locale: string;
}

const DEFAULT_LOCALE: Record<UiLanguage, string> = { en: 'en-US', 'zh-TW': 'zh-TW' };

/** The app's language for one preferred language tag, or null when the app does not have it. */
export function languageOfTag(tag: string): UiLanguage | null {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (!lower.startsWith('zh-')) return null;
  const subtags = lower.split('-');
  if (subtags.includes('hant')) return 'zh-TW';
  if (subtags.includes('hans')) return null;
  return subtags.some((s) => s === 'tw' || s === 'hk' || s === 'mo') ? 'zh-TW' : null;
}

/** A locale tag Intl accepts, or null. */
function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/** "System": the first preferred language the app has decides; none of them → English. */
export function localeFromPreferences(preferred: readonly string[]): UiLocale {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    const locale = canonical(tag);
    if (language && locale) return { language, locale: locale.includes('-') ? locale : DEFAULT_LOCALE[language] };
  }
  return { language: 'en', locale: DEFAULT_LOCALE.en };
}

/** The admin's setting over the system's preferences. */
export function resolveUiLocale(setting: LanguageSetting, preferred: readonly string[]): UiLocale {
  if (setting === 'system') return localeFromPreferences(preferred);
  // A pinned language keeps the system's regional variant of it (en-GB dates for a British admin).
  const fromSystem = localeFromPreferences(preferred);
  return fromSystem.language === setting ? fromSystem : { language: setting, locale: DEFAULT_LOCALE[setting] };
}

/**
 * A request's Accept-Language ("zh-TW,zh;q=0.9,en;q=0.8") as preferred tags, most preferred first; "*" and
 * tags with q=0 dropped. What the browser-mode host's own pages follow with "System" before a page has said
 * its browser's languages.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (tag && tag !== '*' && Number.isFinite(q) && q > 0) ranked.push({ tag: tag.trim(), q, at });
  });
  return ranked.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}
