import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bringForwardSteps, bringsWindowForward } from '../../../electron/services/desktop/window-focus';
import { PAGE_BACKGROUND, decideNativeTheme } from '../../../shared/window-colors';

describe('window background and native theme', () => {
  it('follows the theme setting: pinned light is light even on a dark OS, and the reverse', () => {
    expect(decideNativeTheme('light', true)).toEqual({ themeSource: 'light', backgroundColor: PAGE_BACKGROUND.light });
    expect(decideNativeTheme('dark', false)).toEqual({ themeSource: 'dark', backgroundColor: PAGE_BACKGROUND.dark });
  });

  it('"system" leaves the choice to the OS and paints what the OS shows', () => {
    expect(decideNativeTheme('system', false)).toEqual({ themeSource: 'system', backgroundColor: PAGE_BACKGROUND.light });
    expect(decideNativeTheme('system', true)).toEqual({ themeSource: 'system', backgroundColor: PAGE_BACKGROUND.dark });
  });

  it('is the page background of the renderer tokens (no flash between the window and the page)', () => {
    const tokens = readFileSync('renderer/styles/tokens.css', 'utf8');
    const bg = /--bg:\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/i.exec(tokens);
    expect(bg, '--bg in tokens.css').not.toBeNull();
    expect({ light: bg![1]!.toLowerCase(), dark: bg![2]!.toLowerCase() }).toEqual(PAGE_BACKGROUND);
  });
});

describe('bringing the window forward after a browser sign-in', () => {
  it('when the sign-in ends (done or failed), not on the way or when cancelled', () => {
    expect(bringsWindowForward('accounts.connectProgress', { step: 'done' })).toBe(true);
    expect(bringsWindowForward('accounts.connectProgress', { step: 'failed' })).toBe(true);
    for (const step of ['discovering', 'waiting_for_browser', 'exchanging', 'cancelled']) expect(bringsWindowForward('accounts.connectProgress', { step })).toBe(false);
    expect(bringsWindowForward('accounts.changed', [])).toBe(false);
    expect(bringsWindowForward('accounts.connectProgress', null)).toBe(false);
  });

  it('restores, shows and focuses; the Mac also activates the app', () => {
    expect(bringForwardSteps('win32', { minimized: true, visible: true })).toEqual(['restore', 'focus']);
    expect(bringForwardSteps('linux', { minimized: false, visible: false })).toEqual(['show', 'focus']);
    expect(bringForwardSteps('darwin', { minimized: true, visible: false })).toEqual(['restore', 'show', 'app-focus-steal', 'focus']);
  });
});
