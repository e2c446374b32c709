// The few pages the host writes itself. No inline script (the CSP forbids it): the launch page's script is
// a separate file, and the page key travels in a meta tag of a response only the launch code unlocks.
// Their words are in the language of the browser that asked (the Settings choice, or with "System" that
// browser's Accept-Language: a browser that is not signed in has not told the app its languages).
import { translatorFor } from '../../shared/i18n/i18n';
import type { UiLanguage } from '../../shared/i18n/language';
import { PAGE_KEY_STORAGE } from '../../shared/ipc/channels';

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2933}@media (prefers-color-scheme:dark){body{background:#111418;color:#e4e7eb}}';

/** A page that says one thing: `page` names its title and message in the catalogue (main:browserHost). */
export function messagePage(page: 'internal' | 'expired' | 'downloadGone' | 'notBuilt' | 'signedOut' | 'refused', language: UiLanguage): string {
  const t = translatorFor(language);
  const title = t(`main:browserHost.${page}Title`);
  const message = t(`main:browserHost.${page}`);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
}

export function launchPage(pageKey: string, language: UiLanguage): string {
  const t = translatorFor(language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="sc-page-key" content="${escapeHtml(pageKey)}"><title>School Companion</title><style>${STYLE}</style><script src="/launch.js"></script></head><body><p>${escapeHtml(t('main:browserHost.opening'))}</p></body></html>`;
}

export const LAUNCH_SCRIPT = `(() => {
  const meta = document.querySelector('meta[name="sc-page-key"]');
  if (meta) { localStorage.setItem(${JSON.stringify(PAGE_KEY_STORAGE)}, meta.getAttribute('content') || ''); meta.remove(); }
  location.replace('/');
})();
`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
