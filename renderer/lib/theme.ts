// The theme the page shows: the admin's choice, or the OS's when the choice is "system".
type ThemePreference = 'system' | 'light' | 'dark';
type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * The attribute put on <html>: absent for "system" so the stylesheet's `color-scheme: light dark` follows
 * the OS live (no JavaScript in the loop), forced otherwise.
 */
export function themeAttribute(preference: ThemePreference): ResolvedTheme | null {
  return preference === 'system' ? null : preference;
}
