// The language the renderer speaks: the Settings choice over the system's preferred languages, decided by
// the same policy as the main process (shared/i18n/language.ts). "System" is the OS's languages in the
// desktop app (app.status's systemLanguages), the browser's in browser mode (navigator.languages, which the
// main process is told so its own words follow). A change applies at once: react-i18next re-renders every
// component that translates, <html lang> follows, and formats take the new locale.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { setUiLocale } from '../../shared/i18n/i18n';
import { resolveUiLocale, type UiLocale } from '../../shared/i18n/language';
import { useAppStatus } from './app-status';
import { useUiStore } from './ui-store';
import { invoke } from '../lib/bridge-hooks';

export function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
}

/** Switches the translator and <html lang> (also before the first render, from the browser's languages). */
export function applyUiLocale(uiLocale: UiLocale): void {
  setUiLocale(uiLocale);
  document.documentElement.lang = uiLocale.language;
}

/** The UI language and locale in force. Subscribes to language changes, so a caller re-renders on one. */
export function useUiLocale(): UiLocale {
  const setting = useUiStore((s) => s.language);
  const systemLanguages = useAppStatus()?.systemLanguages ?? null;
  // Read so that this component re-renders when the realm's language changes.
  useTranslation();
  return useMemo(() => resolveUiLocale(setting, systemLanguages ?? browserLanguages()), [setting, systemLanguages]);
}

/** Mounted once, by the app shell: applies the language in force to the translator and <html lang>. */
export function useUiLanguageSync(): void {
  const uiLocale = useUiLocale();
  useEffect(() => applyUiLocale(uiLocale), [uiLocale]);
  useEffect(() => {
    // Browser mode's "System" is this browser's languages: the main process follows them for its own words.
    const report = () => void invoke('app.reportBrowserLanguages', { languages: [...browserLanguages()].slice(0, 32) }).catch(() => undefined);
    report();
    window.addEventListener('languagechange', report);
    return () => window.removeEventListener('languagechange', report);
  }, []);
}
