// The application menu, decided in plain Node so each platform's menu is tested here: the Mac's app menu
// (About, Settings…, Hide, Quit), File on Windows and Linux, Edit with the standard roles (so copy, paste
// and undo work in every text field), View (DevTools only in unpackaged builds), Window and Help. Items that
// only Electron can perform are `role`s; the rest name an action the adapter (electron/adapters/app-menu.ts)
// carries out: a command sent to the renderer, a link opened in the system browser, the About panel.
import type { MenuCommand } from '../../../shared/ipc/app';

type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export type MenuAction =
  | { kind: 'command'; command: MenuCommand }
  | { kind: 'open-url'; url: string }
  | { kind: 'about' }
  | { kind: 'open-log-folder' };

export type MenuItemSpec =
  | { type: 'separator' }
  /** An Electron role: Electron supplies the label, the shortcut and the behaviour unless given here. */
  | { role: string; label?: string; accelerator?: string }
  | { label: string; accelerator?: string; action: MenuAction }
  | { label: string; role?: 'appMenu' | 'fileMenu' | 'editMenu' | 'viewMenu' | 'windowMenu' | 'help'; submenu: MenuItemSpec[] };

interface AppMenuOptions {
  platform: DesktopPlatform | NodeJS.Platform;
  appName: string;
  /** A packaged build has no DevTools and no Reload that drops the admin's work without asking. */
  packaged: boolean;
  /** The docs (package.json `homepage`); null leaves the Help item out rather than linking elsewhere. */
  helpUrl: string | null;
  /** Where to report a problem (package.json `bugs.url`). */
  issuesUrl?: string | null;
}

const SEPARATOR: MenuItemSpec = { type: 'separator' };

/** The shortcuts the menu shows; the renderer listens for the same keys in browser mode. */
const MENU_ACCELERATORS = {
  settings: 'CmdOrCtrl+,',
  palette: 'CmdOrCtrl+K',
} as const;

export function buildAppMenuTemplate(options: AppMenuOptions): MenuItemSpec[] {
  const mac = options.platform === 'darwin';
  const settings: MenuItemSpec = { label: mac ? 'Settings…' : 'Settings', accelerator: MENU_ACCELERATORS.settings, action: { kind: 'command', command: 'open-settings' } };
  const palette: MenuItemSpec = { label: 'Command Palette…', accelerator: MENU_ACCELERATORS.palette, action: { kind: 'command', command: 'open-palette' } };
  const about: MenuItemSpec = { label: `About ${options.appName}`, action: { kind: 'about' } };

  const menus: MenuItemSpec[] = [];
  if (mac) {
    menus.push({
      label: options.appName,
      role: 'appMenu',
      submenu: [
        about,
        SEPARATOR,
        settings,
        SEPARATOR,
        { role: 'services' },
        SEPARATOR,
        { role: 'hide', label: `Hide ${options.appName}`, accelerator: 'Command+H' },
        { role: 'hideOthers', accelerator: 'Command+Alt+H' },
        { role: 'unhide' },
        SEPARATOR,
        { role: 'quit', label: `Quit ${options.appName}`, accelerator: 'Command+Q' },
      ],
    });
    menus.push({ label: 'File', role: 'fileMenu', submenu: [palette, SEPARATOR, { role: 'close', accelerator: 'Command+W' }] });
  } else {
    menus.push({
      label: '&File',
      role: 'fileMenu',
      submenu: [palette, settings, SEPARATOR, { role: 'quit', label: options.platform === 'win32' ? 'Exit' : 'Quit', accelerator: options.platform === 'win32' ? 'Alt+F4' : 'Ctrl+Q' }],
    });
  }

  menus.push({
    label: mac ? 'Edit' : '&Edit',
    role: 'editMenu',
    submenu: [
      { role: 'undo', accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', accelerator: mac ? 'Shift+Command+Z' : 'Ctrl+Y' },
      SEPARATOR,
      { role: 'cut', accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', accelerator: 'CmdOrCtrl+V' },
      ...(mac ? [{ role: 'pasteAndMatchStyle', accelerator: 'Option+Shift+Command+V' }] : []),
      { role: 'delete' },
      { role: 'selectAll', accelerator: 'CmdOrCtrl+A' },
    ],
  });

  menus.push({
    label: mac ? 'View' : '&View',
    role: 'viewMenu',
    submenu: [
      // A packaged app keeps Reload out of the way (one keystroke would drop a half-typed form), DevTools out entirely.
      ...(options.packaged
        ? []
        : [{ role: 'reload', accelerator: 'CmdOrCtrl+R' }, { role: 'forceReload', accelerator: 'Shift+CmdOrCtrl+R' }, { role: 'toggleDevTools', accelerator: mac ? 'Alt+Command+I' : 'Ctrl+Shift+I' }, SEPARATOR]),
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus' },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      SEPARATOR,
      { role: 'togglefullscreen', accelerator: mac ? 'Ctrl+Command+F' : 'F11' },
    ],
  });

  menus.push({
    label: mac ? 'Window' : '&Window',
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize', accelerator: 'Command+M' }, { role: 'zoom' }, SEPARATOR, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close', accelerator: 'Ctrl+W' }],
  });

  const help: MenuItemSpec[] = [];
  if (options.helpUrl) help.push({ label: `${options.appName} Help`, action: { kind: 'open-url', url: options.helpUrl } });
  if (options.issuesUrl) help.push({ label: 'Report a Problem…', action: { kind: 'open-url', url: options.issuesUrl } });
  help.push({ label: 'Open Log Folder', action: { kind: 'open-log-folder' } });
  // Windows and Linux have no app menu: About lives at the end of Help, where people look for it there.
  if (!mac) help.push(SEPARATOR, about);
  menus.push({ label: mac ? 'Help' : '&Help', role: 'help', submenu: help });
  return menus;
}

/** Every item of a template, depth first (for tests and for checking shortcuts are unique). */
export function flattenMenu(items: MenuItemSpec[]): MenuItemSpec[] {
  return items.flatMap((item) => ('submenu' in item ? [item, ...flattenMenu(item.submenu)] : [item]));
}
