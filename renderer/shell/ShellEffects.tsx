// Everything the shell keeps in step with the main process, mounted once: accounts, status, settings,
// sign-in progress, the theme and the language on <html>. (Browser mode's app.openUrl is the bridge's own business.)
import { useEffect } from 'react';
import { themeAttribute } from '../lib/theme';
import { useUiLanguageSync } from '../state/ui-language';
import { useCrashReloadNotice } from './crash-notice';
import { useAccountsSync } from '../state/active-account';
import { useAppStatusSync } from '../state/app-status';
import { useBrowserFlowSync } from '../state/browser-flow-store';
import { useSettingsSync } from '../state/settings';
import { useNotificationsSync } from '../state/notifications';
import { useUiStore } from '../state/ui-store';

export function ShellEffects() {
  useAccountsSync();
  useAppStatusSync();
  useSettingsSync();
  useBrowserFlowSync();
  useNotificationsSync();
  useThemeOnDocument();
  useUiLanguageSync();
  useCrashReloadNotice();
  return null;
}

function useThemeOnDocument(): void {
  const theme = useUiStore((s) => s.theme);
  useEffect(() => {
    const attribute = themeAttribute(theme);
    if (attribute) document.documentElement.dataset.theme = attribute;
    else delete document.documentElement.dataset.theme;
  }, [theme]);
}
