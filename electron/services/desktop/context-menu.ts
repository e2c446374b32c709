// The right-click menu, decided from what Electron reports about the click (a subset of its
// ContextMenuParams): editing items in a text field, Copy for selected text, Copy Link on a link, and
// Inspect only in an unpackaged build. Nothing at all where none applies (no empty menu).

export interface ContextClick {
  isEditable: boolean;
  selectionText: string;
  linkURL: string;
  editFlags: { canUndo: boolean; canRedo: boolean; canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
  x: number;
  y: number;
}

export type ContextMenuItem =
  | { type: 'separator' }
  | { role: 'undo' | 'redo' | 'cut' | 'copy' | 'paste' | 'selectAll'; label: string; enabled: boolean }
  | { label: 'Copy Link'; action: { kind: 'copy-text'; text: string } }
  | { label: 'Inspect Element'; action: { kind: 'inspect'; x: number; y: number } };

const SEPARATOR = { type: 'separator' } as const;

export function decideContextMenu(click: ContextClick, options: { packaged: boolean }): ContextMenuItem[] {
  const flags = click.editFlags;
  const hasSelection = click.selectionText.trim().length > 0;
  const groups: ContextMenuItem[][] = [];
  if (click.isEditable) {
    groups.push([
      { role: 'undo', label: 'Undo', enabled: flags.canUndo },
      { role: 'redo', label: 'Redo', enabled: flags.canRedo },
    ]);
    groups.push([
      { role: 'cut', label: 'Cut', enabled: flags.canCut && hasSelection },
      { role: 'copy', label: 'Copy', enabled: flags.canCopy && hasSelection },
      { role: 'paste', label: 'Paste', enabled: flags.canPaste },
      { role: 'selectAll', label: 'Select All', enabled: flags.canSelectAll },
    ]);
  } else if (hasSelection) {
    groups.push([{ role: 'copy', label: 'Copy', enabled: true }]);
  }
  if (/^https?:\/\//i.test(click.linkURL)) groups.push([{ label: 'Copy Link', action: { kind: 'copy-text', text: click.linkURL } }]);
  if (!options.packaged) groups.push([{ label: 'Inspect Element', action: { kind: 'inspect', x: click.x, y: click.y } }]);
  return groups.flatMap((group, index) => (index === 0 ? group : [SEPARATOR, ...group]));
}
