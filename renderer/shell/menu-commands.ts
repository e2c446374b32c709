// What the desktop app's menu asks of the page (app.menuCommand). Settings is ours to open; the command
// palette belongs to its own feature, which listens for the DOM event below without depending on this file.
import { useEffect } from 'react';
import type { MenuCommand } from '../../shared/ipc/app';
import { getBridge } from '../bridge';

export const OPEN_PALETTE_EVENT = 'school-companion:open-palette';
/** Help › Keyboard Shortcuts: ShortcutsDialog listens for it. */
export const OPEN_SHORTCUTS_EVENT = 'school-companion:open-shortcuts';

interface MenuCommandTargets {
  navigate(to: string): void;
  dispatch(event: Event): void;
}

export function runMenuCommand(command: MenuCommand, targets: MenuCommandTargets): void {
  switch (command) {
    case 'open-settings':
      targets.navigate('/settings');
      return;
    case 'open-palette':
      targets.dispatch(new CustomEvent(OPEN_PALETTE_EVENT));
      return;
    case 'open-shortcuts':
      targets.dispatch(new CustomEvent(OPEN_SHORTCUTS_EVENT));
      return;
  }
}

/** Mounted once (App): follows app.menuCommand for as long as the page lives. */
export function useMenuCommands(navigate: (to: string) => void): void {
  useEffect(
    () => getBridge().subscribe('app.menuCommand', ({ command }) => runMenuCommand(command, { navigate, dispatch: (event) => window.dispatchEvent(event) })),
    [navigate],
  );
}
