import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAppMenuTemplate, flattenMenu } from '../../../electron/services/desktop/app-menu';
import type { MenuItemSpec } from '../../../electron/services/desktop/app-menu';
import { helpLinks } from '../../../electron/services/desktop/help-links';
import { checkExternalUrl } from '../../../electron/services/security/external-url';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { menuAccelerator, SHORTCUTS } from '../../../shared/shortcuts';

const HELP = 'https://github.com/school-companion/school-companion#readme';
const build = (platform: NodeJS.Platform, packaged = true) => buildAppMenuTemplate({ platform, appName: 'School Companion', packaged, helpUrl: HELP, issuesUrl: null });

const labels = (items: MenuItemSpec[]) => items.map((item) => ('label' in item && item.label ? item.label : 'role' in item ? item.role : '—'));
const menu = (items: MenuItemSpec[], label: string) => {
  const found = items.find((item) => 'submenu' in item && item.label.replace('&', '') === label);
  if (!found || !('submenu' in found)) throw new Error(`no ${label} menu`);
  return found.submenu;
};
const roles = (items: MenuItemSpec[]) => items.flatMap((item) => ('role' in item && !('submenu' in item) && item.role ? [item.role] : []));
const byAction = (items: MenuItemSpec[], kind: string) => flattenMenu(items).filter((item) => 'action' in item && item.action.kind === kind);

describe('application menu on the Mac', () => {
  const template = build('darwin');

  it('starts with the app menu: About, Settings… (Cmd+,), Hide, Hide Others, Quit', () => {
    expect(labels(template)).toEqual(['School Companion', 'File', 'Edit', 'View', 'Window', 'Help']);
    const app = menu(template, 'School Companion');
    expect(app[0]).toEqual({ label: 'About School Companion', action: { kind: 'about' } });
    expect(app).toContainEqual({ label: 'Settings…', accelerator: 'CmdOrCtrl+,', action: { kind: 'command', command: 'open-settings' } });
    expect(roles(app)).toEqual(['services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(app.at(-1)).toMatchObject({ role: 'quit', accelerator: 'Command+Q' });
  });

  it('has no Settings or Quit in File (they are in the app menu) and Window has the Mac roles', () => {
    expect(labels(menu(template, 'File'))).toEqual(['Command Palette…', '—', 'Print…', 'Save as PDF…', '—', 'Close Window']);
    expect(roles(menu(template, 'Window'))).toEqual(['minimize', 'zoom', 'front']);
  });

  it('Edit has paste and match style', () => {
    expect(roles(menu(template, 'Edit'))).toContain('pasteAndMatchStyle');
  });
});

describe.each(['win32', 'linux'] as const)('application menu on %s', (platform) => {
  const template = build(platform);

  it('has no app menu: File holds the palette, Settings and Quit; About is at the end of Help', () => {
    expect(labels(template)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    const file = menu(template, 'File');
    expect(labels(file)).toEqual(['Command Palette…', 'Settings', '—', 'Print…', 'Save as PDF…', '—', platform === 'win32' ? 'Exit' : 'Quit']);
    // The page on paper or as a PDF (what prints: renderer/styles/system-modes.css).
    expect(file).toEqual(expect.arrayContaining([
      expect.objectContaining({ accelerator: 'CmdOrCtrl+P', action: { kind: 'print' } }),
      expect.objectContaining({ accelerator: 'CmdOrCtrl+Shift+P', action: { kind: 'save-pdf' } }),
    ]));
    expect(file.at(-1)).toMatchObject({ role: 'quit', accelerator: platform === 'win32' ? 'Alt+F4' : 'Ctrl+Q' });
    expect(menu(template, 'Help').at(-1)).toEqual({ label: 'About School Companion', action: { kind: 'about' } });
    expect(roles(flattenMenu(template))).not.toContain('hide');
  });

  it('Window has minimize and close', () => {
    expect(roles(menu(template, 'Window'))).toEqual(['minimize', 'close']);
  });
});

describe.each(['darwin', 'win32', 'linux'] as const)('on every platform (%s)', (platform) => {
  it('Edit has undo, redo, cut, copy, paste and select all as roles, with their shortcuts shown', () => {
    const edit = menu(build(platform), 'Edit');
    expect(roles(edit)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']));
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) {
      expect(edit.find((item) => 'role' in item && item.role === role)).toHaveProperty('accelerator');
    }
  });

  it('a packaged build has no DevTools and no reload; an unpackaged one has both', () => {
    expect(roles(menu(build(platform, true), 'View'))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(roles(menu(build(platform, false), 'View'))).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(JSON.stringify(build(platform, true))).not.toMatch(/devtools/i);
  });

  it('the palette is Cmd/Ctrl+K and Settings is Cmd/Ctrl+, sending one command each to the page; Help lists the shortcuts', () => {
    const commands = byAction(build(platform), 'command');
    expect(commands).toHaveLength(3);
    expect(commands).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accelerator: 'CmdOrCtrl+K', action: { kind: 'command', command: 'open-palette' } }),
        expect.objectContaining({ accelerator: 'CmdOrCtrl+,', action: { kind: 'command', command: 'open-settings' } }),
      ]),
    );
    expect(byAction(menu(build(platform), 'Help'), 'command')).toEqual([{ label: 'Keyboard Shortcuts', action: { kind: 'command', command: 'open-shortcuts' } }]);
  });

  it("every accelerator of the shortcuts table the menu performs is the menu's", () => {
    const accelerators = flattenMenu(build(platform)).flatMap((item) => ('accelerator' in item && item.accelerator ? [item.accelerator] : []));
    for (const entry of SHORTCUTS.filter((s) => s.by !== 'page')) expect(accelerators).toContain(menuAccelerator(entry.id));
  });

  it('no shortcut is used twice', () => {
    const shortcuts = flattenMenu(build(platform, false)).flatMap((item) => ('accelerator' in item && item.accelerator ? [item.accelerator] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
  });

  it('Help links to our docs only (never electronjs.org) and offers the log folder', () => {
    const help = menu(build(platform), 'Help');
    expect(help[0]).toEqual({ label: 'School Companion Help', action: { kind: 'open-url', url: HELP } });
    expect(byAction(help, 'open-log-folder')).toHaveLength(1);
    expect(JSON.stringify(build(platform))).not.toContain('electronjs');
  });
});

describe('help links', () => {
  it('come from package.json and pass the external-URL check', () => {
    const links = helpLinks(JSON.parse(readFileSync('package.json', 'utf8')));
    expect(links.helpUrl).toMatch(/^https:\/\//);
    expect(checkExternalUrl(links.helpUrl).ok).toBe(true);
    expect(checkExternalUrl(links.issuesUrl).ok).toBe(true);
  });

  it('drop what is not an http(s) link', () => {
    expect(helpLinks({ homepage: 'javascript:alert(1)', bugs: { url: 'file:///etc/passwd' } })).toEqual({ helpUrl: null, issuesUrl: null });
    expect(helpLinks({})).toEqual({ helpUrl: null, issuesUrl: null });
    expect(helpLinks({ bugs: 'https://example.org/issues' })).toEqual({ helpUrl: null, issuesUrl: 'https://example.org/issues' });
  });
});

describe('the menus in 繁體中文', () => {
  it('label every item, roles too, in the UI language (Electron would keep the start-up locale\'s), and go back to English', () => {
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    try {
      const mac = build('darwin');
      expect(labels(mac)).toEqual(['School Companion', '檔案', '編輯', '顯示方式', '視窗', '輔助說明']);
      expect(labels(menu(mac, 'School Companion'))).toContain('設定…');
      expect(labels(menu(mac, '編輯'))).toEqual(['復原', '重做', '—', '剪下', '拷貝', '貼上', '貼上並符合樣式', '刪除', '全選']);
      const win = build('win32');
      expect(labels(win)).toEqual(['檔案(&F)', '編輯(&E)', '檢視(&V)', '視窗(&W)', '說明(&H)']);
      expect(labels(menu(win, '檔案(F)'))).toEqual(['快速指令…', '設定', '—', '列印…', '儲存為 PDF…', '—', '結束']);
      for (const item of flattenMenu(win)) if ('role' in item) expect(item.label, item.role).toBeTruthy();
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
    expect(labels(build('win32'))).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
  });
});
