// Applies the menus decided in electron/services/desktop/: the application menu, the right-click menu of
// every window, and About. Only the mapping to Electron's objects lives here. The labels are the current UI
// language's: installAppMenu answers a rebuild for when it changes.
import { writeFile } from 'node:fs/promises';
import { app, clipboard, dialog, Menu, shell } from 'electron';
import type { BrowserWindow, MenuItemConstructorOptions, WebContents } from 'electron';
import type { MenuCommand } from '../../shared/ipc/app';
import { decideAbout } from '../services/desktop/about';
import { buildAppMenuTemplate } from '../services/desktop/app-menu';
import type { MenuAction, MenuItemSpec } from '../services/desktop/app-menu';
import { decideContextMenu } from '../services/desktop/context-menu';
import type { ContextMenuItem } from '../services/desktop/context-menu';
import type { HelpLinks } from '../services/desktop/help-links';
import type { Logger } from '../services/log';

interface AppMenuDeps {
  links: HelpLinks;
  /** Sends app.menuCommand to the page (through the event hub). */
  sendCommand(command: MenuCommand): void;
  /** The checked external-link opener (adapters/open-external.ts). */
  openExternal(url: string): Promise<void>;
  logFolder: string;
  mainWindow(): BrowserWindow | null;
  logger: Logger;
}

/** Sets the application menu and About; call the answer again to rebuild them (the UI language changed). */
export function installAppMenu(deps: AppMenuDeps): () => void {
  const decide = () =>
    decideAbout({
      appName: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      electronVersion: process.versions.electron,
      chromeVersion: process.versions.chrome,
      helpUrl: deps.links.helpUrl,
    });
  let about = decide();

  const run = (action: MenuAction): void => {
    switch (action.kind) {
      case 'command':
        deps.sendCommand(action.command);
        return;
      case 'open-url':
        void deps.openExternal(action.url).catch((error: unknown) => deps.logger.warn('help link not opened', { error: error instanceof Error ? error.name : typeof error }));
        return;
      case 'open-log-folder':
        void shell.openPath(deps.logFolder);
        return;
      case 'print':
        deps.mainWindow()?.webContents.print({}, (done, reason) => {
          if (!done && reason !== 'cancelled') deps.logger.warn('printing failed', { reason });
        });
        return;
      case 'save-pdf':
        void savePageAsPdf(deps.mainWindow()).catch((error: unknown) => deps.logger.warn('the PDF could not be saved', { error: error instanceof Error ? error.name : typeof error }));
        return;
      case 'about':
        if (about.kind === 'panel') app.showAboutPanel();
        else {
          const window = deps.mainWindow();
          const box = { type: 'info' as const, title: about.title, message: about.message, detail: about.detail, buttons: about.buttons };
          void (window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box));
        }
    }
  };

  const toElectron = (item: MenuItemSpec): MenuItemConstructorOptions => {
    if ('type' in item) return { type: 'separator' };
    if ('submenu' in item) return { label: item.label, ...(item.role ? { role: item.role } : {}), submenu: item.submenu.map(toElectron) };
    if ('action' in item) return { label: item.label, ...(item.accelerator ? { accelerator: item.accelerator } : {}), click: () => run(item.action) };
    return { role: item.role as MenuItemConstructorOptions['role'], ...(item.label ? { label: item.label } : {}), ...(item.accelerator ? { accelerator: item.accelerator } : {}) };
  };

  const build = () => {
    about = decide();
    if (about.kind === 'panel') app.setAboutPanelOptions(about.options);
    const template = buildAppMenuTemplate({ platform: process.platform, appName: app.getName(), packaged: app.isPackaged, helpUrl: deps.links.helpUrl, issuesUrl: deps.links.issuesUrl });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template.map(toElectron)));
  };
  build();
  return build;
}

/** The right-click menu for one WebContents (the main window's; attach from web-contents-created for all). */
export function installContextMenu(contents: WebContents): void {
  contents.on('context-menu', (_event, params) => {
    const items = decideContextMenu(
      {
        isEditable: params.isEditable,
        selectionText: params.selectionText,
        linkURL: params.linkURL,
        misspelledWord: params.misspelledWord,
        dictionarySuggestions: params.dictionarySuggestions,
        editFlags: params.editFlags, x: params.x, y: params.y },
      { packaged: app.isPackaged },
    );
    if (items.length === 0) return;
    const toElectron = (item: ContextMenuItem): MenuItemConstructorOptions => {
      if ('type' in item) return { type: 'separator' };
      if ('role' in item) return { role: item.role, label: item.label, enabled: item.enabled };
      const action = item.action;
      if (action.kind === 'copy-text') return { label: item.label, click: () => clipboard.writeText(action.text) };
      if (action.kind === 'replace-misspelling') return { label: item.label, click: () => contents.replaceMisspelling(action.text) };
      return { label: item.label, click: () => contents.inspectElement(action.x, action.y) };
    };
    Menu.buildFromTemplate(items.map(toElectron)).popup();
  });
}

/** File › Save as PDF…: the page as it prints (system-modes.css), named after its title, where the admin chooses. */
async function savePageAsPdf(window: BrowserWindow | null): Promise<void> {
  if (!window) return;
  const title = window.webContents.getTitle().replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'School Companion';
  const choice = await dialog.showSaveDialog(window, { defaultPath: `${title}.pdf`, filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  if (choice.canceled || !choice.filePath) return;
  const pdf = await window.webContents.printToPDF({ pageSize: 'A4', printBackground: false });
  await writeFile(choice.filePath, pdf);
}
