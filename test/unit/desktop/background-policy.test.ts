import { describe, expect, it } from 'vitest';
import { loginItemSettings, offeredDesktopOptions, whenLastWindowCloses } from '../../../electron/services/desktop/background-policy';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app';

describe('keep running in the tray', () => {
  it('is on by default: closing the last window on Windows or Linux keeps the app in the tray', () => {
    expect(DEFAULT_SETTINGS.keepRunningInTray).toBe(true);
    expect(whenLastWindowCloses('win32', DEFAULT_SETTINGS, true)).toBe('keep-running');
    expect(whenLastWindowCloses('linux', DEFAULT_SETTINGS, true)).toBe('keep-running');
  });

  it('quits when the admin turned it off, or when there is no tray to come back from', () => {
    expect(whenLastWindowCloses('win32', { ...DEFAULT_SETTINGS, keepRunningInTray: false }, true)).toBe('quit');
    expect(whenLastWindowCloses('win32', DEFAULT_SETTINGS, false)).toBe('quit');
    expect(whenLastWindowCloses('linux', DEFAULT_SETTINGS, false)).toBe('quit');
  });

  it('is not a choice on macOS, where closing the window never quits', () => {
    expect(whenLastWindowCloses('darwin', { ...DEFAULT_SETTINGS, keepRunningInTray: false }, true)).toBe('keep-running');
    expect(offeredDesktopOptions('darwin', true, true).keepRunningInTray).toBe(false);
    expect(offeredDesktopOptions('win32', true, true).keepRunningInTray).toBe(true);
    expect(offeredDesktopOptions('win32', false, true).keepRunningInTray).toBe(false);
  });
});

describe('open at login', () => {
  it('is off by default and offered on a packaged macOS or Windows app only', () => {
    expect(DEFAULT_SETTINGS.openAtLogin).toBe(false);
    expect(offeredDesktopOptions('win32', true, true).openAtLogin).toBe(true);
    expect(offeredDesktopOptions('darwin', true, true).openAtLogin).toBe(true);
    expect(offeredDesktopOptions('linux', true, true).openAtLogin).toBe(false);
    expect(offeredDesktopOptions('win32', true, false).openAtLogin).toBe(false);
  });

  it('registers with the OS what the setting says, and calls nothing where it is not offered', () => {
    const windows = offeredDesktopOptions('win32', true, true);
    expect(loginItemSettings(windows, { ...DEFAULT_SETTINGS, openAtLogin: true })).toEqual({ openAtLogin: true });
    expect(loginItemSettings(windows, DEFAULT_SETTINGS)).toEqual({ openAtLogin: false });
    expect(loginItemSettings(offeredDesktopOptions('linux', true, true), { ...DEFAULT_SETTINGS, openAtLogin: true })).toBeNull();
  });
});
