// Every keyboard shortcut of the app, in one table: the desktop app's menu takes its accelerators from here,
// the renderer matches keys against it, and the list Help › Keyboard Shortcuts and `?` open is this table.
// A key is written as Electron's accelerators are ("Mod" is ⌘ on the Mac, Ctrl elsewhere), so one spelling
// serves the menu, the matcher and what the list shows. Words (what a shortcut does) are in the catalogue,
// `shell:shortcuts.actions.<id>`; the groups under `shell:shortcuts.groups.<group>`.

type ShortcutGroup = 'everywhere' | 'lists' | 'dialogs' | 'desktop';

export interface Shortcut {
  id: ShortcutId;
  group: ShortcutGroup;
  /** Key combinations, each tokens joined by "+": modifiers (Mod, Shift, Alt) first, the key last. */
  keys: readonly string[];
  /** Who performs it: the page ('page'), the desktop app's menu only ('menu'), or both (the menu in the desktop app, the page in browser mode). */
  by: 'page' | 'menu' | 'both';
}

export const SHORTCUTS = [
  { id: 'palette', group: 'everywhere', keys: ['Mod+K'], by: 'both' },
  { id: 'settings', group: 'everywhere', keys: ['Mod+,'], by: 'both' },
  { id: 'shortcuts', group: 'everywhere', keys: ['?'], by: 'page' },
  { id: 'rows', group: 'lists', keys: ['ArrowUp', 'ArrowDown'], by: 'page' },
  { id: 'firstLast', group: 'lists', keys: ['Home', 'End'], by: 'page' },
  { id: 'pages', group: 'lists', keys: ['PageUp', 'PageDown'], by: 'page' },
  { id: 'openRow', group: 'lists', keys: ['Enter'], by: 'page' },
  { id: 'searchToResults', group: 'lists', keys: ['ArrowDown'], by: 'page' },
  { id: 'close', group: 'dialogs', keys: ['Escape'], by: 'page' },
  { id: 'print', group: 'desktop', keys: ['Mod+P'], by: 'menu' },
  { id: 'savePdf', group: 'desktop', keys: ['Mod+Shift+P'], by: 'menu' },
] as const satisfies readonly { id: string; group: ShortcutGroup; keys: readonly string[]; by: Shortcut['by'] }[];

type ShortcutId = (typeof SHORTCUTS)[number]['id'];

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ['everywhere', 'lists', 'dialogs', 'desktop'];

export function shortcut(id: ShortcutId): Shortcut {
  return SHORTCUTS.find((entry) => entry.id === id)!;
}

/** The menu's accelerator for a shortcut the menu performs (Electron's syntax: Mod → CmdOrCtrl). */
export function menuAccelerator(id: ShortcutId): string {
  return shortcut(id).keys[0]!.replace(/^Mod\+/, 'CmdOrCtrl+');
}

interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether a key event is one of a shortcut's combinations. Mod is ⌘ on Apple platforms and Ctrl elsewhere (the
 * other one must be up). Shift counts for letters and named keys; a printed character such as "?" or "," is
 * matched as typed, whatever Shift it took on this keyboard.
 */
export function matchesShortcut(event: KeyLike, id: ShortcutId, apple: boolean): boolean {
  return shortcut(id).keys.some((combo) => {
    const tokens = combo.split('+');
    const key = tokens.pop()!;
    const mod = tokens.includes('Mod');
    const wantCtrl = mod && !apple;
    const wantMeta = mod && apple;
    if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== tokens.includes('Alt')) return false;
    if (key.length === 1 && !/[a-z]/i.test(key)) return event.key === key;
    if (event.shiftKey !== tokens.includes('Shift')) return false;
    return key.length === 1 ? event.key.toLowerCase() === key.toLowerCase() || event.code === `Key${key.toUpperCase()}` : event.key === key;
  });
}

/** A combination as the keys read on this platform: ["⌘", "K"] or ["Ctrl", "K"]; named keys by their id for the catalogue. */
export function comboKeys(combo: string, apple: boolean): string[] {
  return combo.split('+').map((token) => (token === 'Mod' ? (apple ? '⌘' : 'Ctrl') : token === 'Shift' && apple ? '⇧' : token));
}

/** aria-keyshortcuts's spelling of a shortcut's first combination ("Control+K", "Meta+K"). */
export function ariaKeyShortcuts(id: ShortcutId, apple: boolean): string {
  return shortcut(id).keys[0]!.replace(/^Mod\+/, apple ? 'Meta+' : 'Control+');
}
