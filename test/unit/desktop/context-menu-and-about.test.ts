import { describe, expect, it } from 'vitest';
import { decideAbout } from '../../../electron/services/desktop/about';
import { decideContextMenu } from '../../../electron/services/desktop/context-menu';
import type { ContextClick, ContextMenuItem } from '../../../electron/services/desktop/context-menu';

const ALL_FLAGS = { canUndo: true, canRedo: true, canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
const click = (over: Partial<ContextClick>): ContextClick => ({ isEditable: false, selectionText: '', linkURL: '', editFlags: ALL_FLAGS, x: 10, y: 20, ...over });
const names = (items: ContextMenuItem[]) => items.map((item) => ('label' in item ? item.label : '—'));

describe('right-click menu', () => {
  it('in a text field: undo, redo, cut, copy, paste, select all (cut/copy only with a selection)', () => {
    const items = decideContextMenu(click({ isEditable: true }), { packaged: true });
    expect(names(items)).toEqual(['Undo', 'Redo', '—', 'Cut', 'Copy', 'Paste', 'Select All']);
    expect(items.filter((item) => 'enabled' in item && !item.enabled).map((item) => ('label' in item ? item.label : ''))).toEqual(['Cut', 'Copy']);
    const selected = decideContextMenu(click({ isEditable: true, selectionText: 'SUMMER' }), { packaged: true });
    expect(selected.every((item) => !('enabled' in item) || item.enabled)).toBe(true);
  });

  it('follows what the field allows (a read-only selection cannot be cut, an empty clipboard cannot paste)', () => {
    const items = decideContextMenu(click({ isEditable: true, selectionText: 'x', editFlags: { ...ALL_FLAGS, canCut: false, canPaste: false } }), { packaged: true });
    const enabled = Object.fromEntries(items.flatMap((item) => ('enabled' in item ? [[item.label, item.enabled]] : [])));
    expect(enabled).toMatchObject({ Cut: false, Copy: true, Paste: false });
  });

  it("a misspelled word in a text field: the spellchecker's suggestions first (at most five), each replacing the word", () => {
    const items = decideContextMenu(
      click({ isEditable: true, misspelledWord: 'recieve', dictionarySuggestions: ['receive', 'relieve', 'recite', 'reprieve', 'revive', 'retrieve'] }),
      { packaged: true },
    );
    expect(names(items)).toEqual(['receive', 'relieve', 'recite', 'reprieve', 'revive', '—', 'Undo', 'Redo', '—', 'Cut', 'Copy', 'Paste', 'Select All']);
    expect(items[0]).toEqual({ label: 'receive', action: { kind: 'replace-misspelling', text: 'receive' } });
    // Marked but without suggestions: the usual editing menu, no empty group.
    expect(names(decideContextMenu(click({ isEditable: true, misspelledWord: 'qzx', dictionarySuggestions: [] }), { packaged: true }))[0]).toBe('Undo');
  });

  it('on selected page text: Copy only', () => {
    expect(names(decideContextMenu(click({ selectionText: 'Order 1042' }), { packaged: true }))).toEqual(['Copy']);
  });

  it('on nothing in particular: no menu at all in a packaged build', () => {
    expect(decideContextMenu(click({}), { packaged: true })).toEqual([]);
    expect(decideContextMenu(click({ selectionText: '   ' }), { packaged: true })).toEqual([]);
  });

  it('a web link can be copied; other schemes are not offered', () => {
    expect(decideContextMenu(click({ linkURL: 'https://school.example/courses/1' }), { packaged: true })).toEqual([
      { label: 'Copy Link', action: { kind: 'copy-text', text: 'https://school.example/courses/1' } },
    ]);
    expect(decideContextMenu(click({ linkURL: 'javascript:alert(1)' }), { packaged: true })).toEqual([]);
  });

  it('Inspect Element only when not packaged, at the click', () => {
    expect(JSON.stringify(decideContextMenu(click({ isEditable: true, selectionText: 'a', linkURL: 'https://a.example' }), { packaged: true }))).not.toContain('Inspect');
    expect(decideContextMenu(click({ selectionText: 'a' }), { packaged: false })).toEqual([
      { role: 'copy', label: 'Copy', enabled: true },
      { type: 'separator' },
      { label: 'Inspect Element', action: { kind: 'inspect', x: 10, y: 20 } },
    ]);
  });
});

describe('About', () => {
  const facts = { appName: 'School Companion', version: '1.4.2', electronVersion: '45.4.1', chromeVersion: '142.0.1', helpUrl: 'https://docs.example', year: 2026 };

  it('the Mac: the native panel with the version and the runtime', () => {
    expect(decideAbout({ ...facts, platform: 'darwin' })).toEqual({
      kind: 'panel',
      options: { applicationName: 'School Companion', applicationVersion: '1.4.2', version: 'Electron 45.4.1, Chromium 142.0.1', copyright: '© 2026 School Companion team', credits: 'Electron 45.4.1, Chromium 142.0.1' },
    });
  });

  it('Linux: the panel with the docs as website', () => {
    const about = decideAbout({ ...facts, platform: 'linux' });
    expect(about).toMatchObject({ kind: 'panel', options: { applicationVersion: '1.4.2', website: 'https://docs.example' } });
  });

  it('Windows: a dialog that names the version', () => {
    expect(decideAbout({ ...facts, platform: 'win32' })).toEqual({
      kind: 'dialog',
      title: 'About School Companion',
      message: 'School Companion 1.4.2',
      detail: 'Electron 45.4.1, Chromium 142.0.1\n© 2026 School Companion team',
      buttons: ['OK'],
    });
  });
});
