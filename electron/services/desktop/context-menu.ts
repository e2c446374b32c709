// The right-click menu, decided from what Electron reports about the click (a subset of its
// ContextMenuParams): editing items in a text field, Copy for selected text, Copy Link on a link, and
// Inspect only in an unpackaged build. Nothing at all where none applies (no empty menu). Labels in the
// current UI language.
import { t } from '../../../shared/i18n/i18n';

export interface ContextClick {
  isEditable: boolean;
  selectionText: string;
  linkURL: string;
  /** The word under the pointer the OS spellchecker marked, and its suggestions ('' and [] when none). */
  misspelledWord?: string;
  dictionarySuggestions?: readonly string[];
  editFlags: { canUndo: boolean; canRedo: boolean; canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
  x: number;
  y: number;
}

export type ContextMenuItem =
  | { type: 'separator' }
  | { role: 'undo' | 'redo' | 'cut' | 'copy' | 'paste' | 'selectAll'; label: string; enabled: boolean }
  | { label: string; action: { kind: 'copy-text'; text: string } }
  | { label: string; action: { kind: 'replace-misspelling'; text: string } }
  | { label: string; action: { kind: 'inspect'; x: number; y: number } };

const SEPARATOR = { type: 'separator' } as const;

export function decideContextMenu(click: ContextClick, options: { packaged: boolean }): ContextMenuItem[] {
  const flags = click.editFlags;
  const hasSelection = click.selectionText.trim().length > 0;
  const groups: ContextMenuItem[][] = [];
  if (click.isEditable && click.misspelledWord) {
    // The spellchecker's suggestions first, as in every Mac and Windows text field (at most five).
    const suggestions = (click.dictionarySuggestions ?? []).slice(0, 5);
    groups.push(suggestions.map((text) => ({ label: text, action: { kind: 'replace-misspelling', text } })));
  }
  if (click.isEditable) {
    groups.push([
      { role: 'undo', label: t('main:menu.undo'), enabled: flags.canUndo },
      { role: 'redo', label: t('main:menu.redo'), enabled: flags.canRedo },
    ]);
    groups.push([
      { role: 'cut', label: t('main:menu.cut'), enabled: flags.canCut && hasSelection },
      { role: 'copy', label: t('main:menu.copy'), enabled: flags.canCopy && hasSelection },
      { role: 'paste', label: t('main:menu.paste'), enabled: flags.canPaste },
      { role: 'selectAll', label: t('main:menu.selectAll'), enabled: flags.canSelectAll },
    ]);
  } else if (hasSelection) {
    groups.push([{ role: 'copy', label: t('main:menu.copy'), enabled: true }]);
  }
  if (/^https?:\/\//i.test(click.linkURL)) groups.push([{ label: t('main:menu.copyLink'), action: { kind: 'copy-text', text: click.linkURL } }]);
  if (!options.packaged) groups.push([{ label: t('main:menu.inspect'), action: { kind: 'inspect', x: click.x, y: click.y } }]);
  return groups.filter((group) => group.length > 0).flatMap((group, index) => (index === 0 ? group : [SEPARATOR, ...group]));
}
