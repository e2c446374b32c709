// When the command palette opens: Cmd+K on the Mac, Ctrl+K elsewhere, from anywhere in the signed-in frame
// (inputs included); and on the window event the application menu dispatches. Pure, so it is tested.
import { comboKeys, matchesShortcut, shortcut } from '../../../shared/shortcuts';

/** Dispatched on `window` by whatever else opens the palette (the desktop app's menu item). */
export const OPEN_PALETTE_EVENT = 'school-companion:open-palette';

/** True for the Mac, from the platform the renderer reports ("macOS", "MacIntel", "iPhone"…). */
export function isApplePlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The renderer's platform: User-Agent Client Hints where the browser has them, else navigator.platform. */
export function rendererPlatform(nav: { platform?: string; userAgentData?: { platform?: string } } = navigator as never): string {
  return nav.userAgentData?.platform || nav.platform || '';
}

/** Cmd+K on Apple platforms, Ctrl+K elsewhere (shared/shortcuts.ts); not with Alt or Shift, nor with the other modifier. */
export function isPaletteShortcut(event: Parameters<typeof matchesShortcut>[0], apple: boolean): boolean {
  return matchesShortcut(event, 'palette', apple);
}

/** What the shortcut reads in hints: "⌘K" or "Ctrl+K". */
export function shortcutLabel(apple: boolean): string {
  return comboKeys(shortcut('palette').keys[0]!, apple).join(apple ? '' : '+');
}
