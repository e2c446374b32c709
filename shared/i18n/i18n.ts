// The app's one translator, in every JavaScript realm that shows text: the renderer (through react-i18next's
// provider), the main process (menus, tray, notifications, dialogs, pages, error messages) and the data
// engine's worker (CSV headers). Each realm has its own instance of this module and so its own current
// language, which its host sets with setUiLanguage; English is the start and the fallback.
//
// i18next: it runs in plain Node and in React 19 alike with no DOM, its plurals are Intl.PluralRules
// categories (`_one`, `_other`), and its keys are typed from the English catalogue (declared below).
import i18next from 'i18next';
import { en } from './en';
import type { UiLanguage, UiLocale } from './language';
import { zhTW } from './zh-TW';

const DEFAULT_NAMESPACE = 'common';

/** Typed keys: `t('shell:connect.title')` fails to compile when the key is not in the English catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof DEFAULT_NAMESPACE;
    resources: typeof en;
    returnNull: false;
  }
}

void i18next.init({
  resources: { en, 'zh-TW': zhTW },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh-TW'],
  ns: Object.keys(en),
  defaultNS: DEFAULT_NAMESPACE,
  // Synchronous: the resources are bundled, and the main process translates before anything awaits.
  initAsync: false,
  // React escapes what it renders; the main process's HTML pages escape the translated text themselves.
  interpolation: { escapeValue: false },
  returnNull: false,
  // The catalogue is nested objects: a key names a string, never a subtree.
  returnObjects: false,
});

// 繁體中文 says a percentage off as the share paid, in tenths: 20% off is 「8 折」, 15% off 「8.5 折」. The
// catalogue chooses it per language (`{{percent, sharePaid}}`), so the code passes the one number it has.
i18next.services.formatter?.add('sharePaid', (value: number, lng: string | undefined) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format((100 - value) / 10));

/** The i18next instance of this realm (the renderer hands it to react-i18next's provider). */
export const i18n = i18next;

/** Translates in the realm's current language. */
export const t = i18next.t.bind(i18next) as typeof i18next.t;

/** A translator fixed to one language, whatever the realm's current one (tests, a page for another reader). */
export function translatorFor(language: UiLanguage): typeof i18next.t {
  return i18next.getFixedT(language) as typeof i18next.t;
}

let locale: UiLocale = { language: 'en', locale: 'en-US' };

export function currentUiLanguage(): UiLanguage {
  return locale.language;
}

/** The realm's language and the locale its formats (dates, numbers, sorting) follow. */
export function currentUiLocale(): UiLocale {
  return locale;
}

/** Switches the realm's language; listeners of i18next's `languageChanged` (react-i18next) re-render. */
export function setUiLocale(next: UiLocale): void {
  locale = next;
  if (i18next.language !== next.language) void i18next.changeLanguage(next.language);
}

