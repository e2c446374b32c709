// Everything the shell keeps in step with the main process, mounted once: accounts, status, settings,
// sign-in progress, the theme on <html>, and (browser mode) pages the host asks to open in a new tab.
import { useEffect } from 'react';
import { themeAttribute } from '../lib/theme';
import { useEvent } from '../lib/bridge-hooks';
import { useAccountsSync } from '../state/active-account';
import { useAppStatusSync } from '../state/app-status';
import { useBrowserFlowSync } from '../state/browser-flow-store';
import { useSettingsSync } from '../state/settings';
import { useUiStore } from '../state/ui-store';

export function ShellEffects() {
  useAccountsSync();
  useAppStatusSync();
  useSettingsSync();
  useBrowserFlowSync();
  useThemeOnDocument();
  useEvent('app.openUrl', ({ url }) => {
    // The contract already checked it is http(s); noopener keeps that page from reaching back into ours.
    // A blocked popup cannot be detected with noopener: the Connect screen's "Open the sign-in page" link
    // is the way back in either case.
    window.open(url, '_blank', 'noopener,noreferrer');
  });
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
