// Settings: loaded once at start-up into the UI store, kept in step with other windows, changed through
// the main process.
import { useCallback, useEffect } from 'react';
import { t } from '../../shared/i18n/i18n';
import { DEFAULT_SETTINGS, type Language, type Theme } from '../../shared/ipc/app';
import { invoke, useEvent } from '../lib/bridge-hooks';
import { useNotices } from './notices';
import { useUiStore } from './ui-store';

/** Mounted once, by the app shell. */
export function useSettingsSync(): void {
  const hydrate = useUiStore((s) => s.hydrate);
  useEffect(() => {
    let live = true;
    invoke('settings.get', {})
      .then((settings) => live && hydrate(settings))
      // Without settings the app still works on its defaults; say so rather than hang on a spinner.
      .catch(() => live && hydrate(DEFAULT_SETTINGS));
    return () => {
      live = false;
    };
  }, [hydrate]);
  useEvent('settings.changed', hydrate);
}

export function useSetTheme(): (theme: Theme) => void {
  const setTheme = useUiStore((s) => s.setTheme);
  const push = useNotices((s) => s.push);
  return useCallback(
    (theme: Theme) => {
      setTheme(theme);
      invoke('settings.set', { theme }).catch(() => push({ tone: 'warning', title: t('shell:settings.themeNotSaved'), message: t('shell:settings.untilRestart') }));
    },
    [setTheme, push],
  );
}

/** Applies at once (the store; state/ui-language follows), then asks the main process to keep it and follow too. */
export function useSetLanguage(): (language: Language) => void {
  const setLanguage = useUiStore((s) => s.setLanguage);
  const push = useNotices((s) => s.push);
  return useCallback(
    (language: Language) => {
      setLanguage(language);
      invoke('settings.set', { language }).catch(() => push({ tone: 'warning', title: t('shell:settings.languageNotSaved'), message: t('shell:settings.untilRestart') }));
    },
    [setLanguage, push],
  );
}
