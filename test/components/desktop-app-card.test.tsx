// @vitest-environment happy-dom
// Settings › Desktop app (renderer/shell/DesktopAppCard.tsx): it offers exactly what app.status says the desktop
// app can honour here, saves each choice through settings.set, and is not shown at all in browser mode.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AppStatus, type DesktopOptions, type Settings } from '../../shared/ipc/app';
import { DesktopAppCard } from '../../renderer/shell/DesktopAppCard';
import { contractBridge } from './contract-bridge';
import { renderWithBridge } from './render';

function bridgeFor(mode: AppStatus['mode'], desktopOptions: DesktopOptions | null) {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  return contractBridge({
    'app.status': () => ({ version: '1.0.0', mode, online: true, lastSyncAt: null, defaultSchool: null, systemLanguages: null, desktopOptions }),
    'settings.get': () => settings,
    'settings.set': (patch) => (settings = { ...settings, ...patch }),
  });
}

describe('Settings › Desktop app', () => {
  it('offers both where the desktop app can honour them: the tray on by default, login off; each change saved', async () => {
    const bridge = bridgeFor('desktop', { keepRunningInTray: true, openAtLogin: true });
    const user = userEvent.setup();
    renderWithBridge(<DesktopAppCard />, bridge);
    const tray = await screen.findByRole('checkbox', { name: 'Keep running in the tray' });
    const login = screen.getByRole('checkbox', { name: 'Open at login' });
    await waitFor(() => expect((tray as HTMLInputElement).checked).toBe(true));
    expect((login as HTMLInputElement).checked).toBe(false);
    await user.click(login);
    await user.click(tray);
    expect(bridge.calls.filter((c) => c.method === 'settings.set').map((c) => c.input)).toEqual([{ openAtLogin: true }, { keepRunningInTray: false }]);
    expect((login as HTMLInputElement).checked).toBe(true);
    expect((tray as HTMLInputElement).checked).toBe(false);
  });

  it('shows only what is offered (macOS: no tray choice)', async () => {
    renderWithBridge(<DesktopAppCard />, bridgeFor('desktop', { keepRunningInTray: false, openAtLogin: true }));
    await screen.findByRole('checkbox', { name: 'Open at login' });
    expect(screen.queryByRole('checkbox', { name: 'Keep running in the tray' })).toBeNull();
  });

  it('is not shown in browser mode', async () => {
    const bridge = bridgeFor('browser', null);
    renderWithBridge(<DesktopAppCard />, bridge);
    await waitFor(() => expect(bridge.calls.some((c) => c.method === 'app.status')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Desktop app' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
