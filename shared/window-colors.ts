// The page background of each theme: the desktop window is painted in it before the page loads (no dark flash
// in light mode, no white flash in dark mode). The same values as --bg in renderer/styles/tokens.css; a unit
// test (theme-colors.test.ts) keeps the two equal.
import type { Theme } from './ipc/app';

export const PAGE_BACKGROUND = { light: '#f7f7f9', dark: '#0f1013' } as const;

type ResolvedTheme = keyof typeof PAGE_BACKGROUND;

interface NativeThemeDecision {
  /** Electron's nativeTheme.themeSource: the OS's choice for "system", else pinned. */
  themeSource: Theme;
  backgroundColor: string;
}

export function decideNativeTheme(theme: Theme, systemPrefersDark: boolean): NativeThemeDecision {
  const resolved: ResolvedTheme = theme === 'system' ? (systemPrefersDark ? 'dark' : 'light') : theme;
  return { themeSource: theme, backgroundColor: PAGE_BACKGROUND[resolved] };
}
