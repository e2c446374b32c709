// The application menu, decided in plain Node so each platform's menu is tested here: the Mac's app menu
// (About, Settings…, Hide, Quit), File on Windows and Linux, Edit with the standard roles (so copy, paste
// and undo work in every text field), View (DevTools only in unpackaged builds), Window and Help. Items that
// only Electron can perform are `role`s; the rest name an action the adapter (electron/adapters/app-menu.ts)
// carries out: a command sent to the renderer, a link opened in the system browser, the About panel.
// Every label, roles' too, is the catalogue's in the current UI language (Electron's own role labels follow
// the locale the app started in, not a language chosen later), and the adapter rebuilds the menu on a change.
import { t } from '../../../shared/i18n/i18n';
import type { MenuCommand } from '../../../shared/ipc/app';
import { menuAccelerator } from '../../../shared/shortcuts';

type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export type MenuAction =
  | { kind: 'command'; command: MenuCommand }
  | { kind: 'open-url'; url: string }
  | { kind: 'about' }
  | { kind: 'open-log-folder' }
  /** The page on paper (the OS's print dialog) or as a PDF file (a Save dialog, then printToPDF): renderer/styles/system-modes.css says what prints. */
  | { kind: 'print' }
  | { kind: 'save-pdf' };

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

export function buildAppMenuTemplate(options: AppMenuOptions): MenuItemSpec[] {
  const mac = options.platform === 'darwin';
  const app = options.appName;
  const settings: MenuItemSpec = { label: mac ? t('main:menu.settingsMac') : t('main:menu.settings'), accelerator: menuAccelerator('settings'), action: { kind: 'command', command: 'open-settings' } };
  const palette: MenuItemSpec = { label: t('main:menu.palette'), accelerator: menuAccelerator('palette'), action: { kind: 'command', command: 'open-palette' } };
  const about: MenuItemSpec = { label: t('main:menu.about', { app }), action: { kind: 'about' } };
  const paper: MenuItemSpec[] = [
    { label: t('main:menu.print'), accelerator: menuAccelerator('print'), action: { kind: 'print' } },
    { label: t('main:menu.savePdf'), accelerator: menuAccelerator('savePdf'), action: { kind: 'save-pdf' } },
  ];

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
        { role: 'services', label: t('main:menu.services') },
        SEPARATOR,
        { role: 'hide', label: t('main:menu.hide', { app }), accelerator: 'Command+H' },
        { role: 'hideOthers', label: t('main:menu.hideOthers'), accelerator: 'Command+Alt+H' },
        { role: 'unhide', label: t('main:menu.unhide') },
        SEPARATOR,
        { role: 'quit', label: t('main:menu.quitApp', { app }), accelerator: 'Command+Q' },
      ],
    });
    menus.push({ label: t('main:menu.file'), role: 'fileMenu', submenu: [palette, SEPARATOR, ...paper, SEPARATOR, { role: 'close', label: t('main:menu.close'), accelerator: 'Command+W' }] });
  } else {
    menus.push({
      label: t('main:menu.fileWin'),
      role: 'fileMenu',
      submenu: [palette, settings, SEPARATOR, ...paper, SEPARATOR, { role: 'quit', label: options.platform === 'win32' ? t('main:menu.exit') : t('main:menu.quit'), accelerator: options.platform === 'win32' ? 'Alt+F4' : 'Ctrl+Q' }],
    });
  }

  menus.push({
    label: mac ? t('main:menu.edit') : t('main:menu.editWin'),
    role: 'editMenu',
    submenu: [
      { role: 'undo', label: t('main:menu.undo'), accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', label: t('main:menu.redo'), accelerator: mac ? 'Shift+Command+Z' : 'Ctrl+Y' },
      SEPARATOR,
      { role: 'cut', label: t('main:menu.cut'), accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', label: t('main:menu.copy'), accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', label: t('main:menu.paste'), accelerator: 'CmdOrCtrl+V' },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: t('main:menu.pasteAndMatchStyle'), accelerator: 'Option+Shift+Command+V' }] : []),
      { role: 'delete', label: t('main:menu.delete') },
      { role: 'selectAll', label: t('main:menu.selectAll'), accelerator: 'CmdOrCtrl+A' },
    ],
  });

  menus.push({
    label: mac ? t('main:menu.view') : t('main:menu.viewWin'),
    role: 'viewMenu',
    submenu: [
      // A packaged app keeps Reload out of the way (one keystroke would drop a half-typed form), DevTools out entirely.
      ...(options.packaged
        ? []
        : [
            { role: 'reload', label: t('main:menu.reload'), accelerator: 'CmdOrCtrl+R' },
            { role: 'forceReload', label: t('main:menu.forceReload'), accelerator: 'Shift+CmdOrCtrl+R' },
            { role: 'toggleDevTools', label: t('main:menu.devTools'), accelerator: mac ? 'Alt+Command+I' : 'Ctrl+Shift+I' },
            SEPARATOR,
          ]),
      { role: 'resetZoom', label: t('main:menu.resetZoom'), accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', label: t('main:menu.zoomIn'), accelerator: 'CmdOrCtrl+Plus' },
      { role: 'zoomOut', label: t('main:menu.zoomOut'), accelerator: 'CmdOrCtrl+-' },
      SEPARATOR,
      { role: 'togglefullscreen', label: t('main:menu.fullScreen'), accelerator: mac ? 'Ctrl+Command+F' : 'F11' },
    ],
  });

  menus.push({
    label: mac ? t('main:menu.window') : t('main:menu.windowWin'),
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize', label: t('main:menu.minimize'), accelerator: 'Command+M' }, { role: 'zoom', label: t('main:menu.zoom') }, SEPARATOR, { role: 'front', label: t('main:menu.front') }]
      : [{ role: 'minimize', label: t('main:menu.minimize') }, { role: 'close', label: t('main:menu.close'), accelerator: 'Ctrl+W' }],
  });

  const help: MenuItemSpec[] = [];
  if (options.helpUrl) help.push({ label: t('main:menu.appHelp', { app }), action: { kind: 'open-url', url: options.helpUrl } });
  // The list of every shortcut (shared/shortcuts.ts), the same the page opens with `?`.
  help.push({ label: t('main:menu.shortcuts'), action: { kind: 'command', command: 'open-shortcuts' } });
  if (options.issuesUrl) help.push({ label: t('main:menu.reportProblem'), action: { kind: 'open-url', url: options.issuesUrl } });
  help.push({ label: t('main:menu.openLogFolder'), action: { kind: 'open-log-folder' } });
  // Windows and Linux have no app menu: About lives at the end of Help, where people look for it there.
  if (!mac) help.push(SEPARATOR, about);
  menus.push({ label: mac ? t('main:menu.help') : t('main:menu.helpWin'), role: 'help', submenu: help });
  return menus;
}

/** Every item of a template, depth first (for tests and for checking shortcuts are unique). */
export function flattenMenu(items: MenuItemSpec[]): MenuItemSpec[] {
  return items.flatMap((item) => ('submenu' in item ? [item, ...flattenMenu(item.submenu)] : [item]));
}
