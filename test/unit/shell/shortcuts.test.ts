import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, comboKeys, matchesShortcut, menuAccelerator, SHORTCUTS } from '../../../shared/shortcuts';
import { en } from '../../../shared/i18n/en';
import { zhTW } from '../../../shared/i18n/zh-TW';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('the shortcuts table', () => {
  it('has one entry per id, each described and grouped in both languages', () => {
    const ids = SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const catalogue of [en, zhTW]) {
      for (const entry of SHORTCUTS) {
        expect(catalogue.shell.shortcuts.actions[entry.id]).toBeTruthy();
        expect(catalogue.shell.shortcuts.groups[entry.group]).toBeTruthy();
      }
    }
  });

  it('Mod is ⌘ on the Mac and Ctrl elsewhere, never both', () => {
    expect(matchesShortcut(key('k', { metaKey: true }), 'palette', true)).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'palette', true)).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true }), 'palette', false)).toBe(true);
    expect(matchesShortcut(key('K', { ctrlKey: true, shiftKey: true }), 'palette', false)).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true, metaKey: true }), 'palette', false)).toBe(false);
    expect(matchesShortcut(key(',', { ctrlKey: true }), 'settings', false)).toBe(true);
    expect(matchesShortcut(key('P', { metaKey: true, shiftKey: true }), 'savePdf', true)).toBe(true);
    expect(matchesShortcut(key('p', { metaKey: true }), 'savePdf', true)).toBe(false);
  });

  it('"?" is the character typed, with whatever Shift the keyboard needs, but not with Ctrl', () => {
    expect(matchesShortcut(key('?', { shiftKey: true }), 'shortcuts', false)).toBe(true);
    expect(matchesShortcut(key('?'), 'shortcuts', false)).toBe(true);
    expect(matchesShortcut(key('?', { ctrlKey: true }), 'shortcuts', false)).toBe(false);
    expect(matchesShortcut(key('/'), 'shortcuts', false)).toBe(false);
  });

  it('reads as the platform writes it, in the menu, on the keys and for assistive technology', () => {
    expect(menuAccelerator('palette')).toBe('CmdOrCtrl+K');
    expect(menuAccelerator('savePdf')).toBe('CmdOrCtrl+Shift+P');
    expect(comboKeys('Mod+Shift+P', true)).toEqual(['⌘', '⇧', 'P']);
    expect(comboKeys('Mod+Shift+P', false)).toEqual(['Ctrl', 'Shift', 'P']);
    expect(ariaKeyShortcuts('palette', false)).toBe('Control+K');
    expect(ariaKeyShortcuts('palette', true)).toBe('Meta+K');
  });
});
