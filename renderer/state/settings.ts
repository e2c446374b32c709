// Settings: loaded once at start-up into the UI store, kept in step with other windows, changed through
// the main process.
import { useCallback, useEffect } from 'react';
import { DEFAULT_SETTINGS, type Theme } from '../../shared/ipc/app';
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
      invoke('settings.set', { theme }).catch(() => push({ tone: 'warning', title: "The theme couldn't be saved", message: 'It applies until the app restarts.' }));
    },
    [setTheme, push],
  );
}
