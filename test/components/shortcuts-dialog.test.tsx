// @vitest-environment happy-dom
// The keyboard shortcuts list (renderer/shell/ShortcutsDialog.tsx) is the shortcuts table: `?` opens it (not from
// a text field), Help › Keyboard Shortcuts opens it too, it lists exactly the table's entries (the menu's own only
// in the desktop app), and Close closes it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHORTCUTS } from '../../shared/shortcuts';
import { en } from '../../shared/i18n/en';
import type { AppStatus } from '../../shared/ipc/app';
import { ShortcutsDialog } from '../../renderer/shell/ShortcutsDialog';
import { OPEN_SHORTCUTS_EVENT } from '../../renderer/shell/menu-commands';
import { contractBridge } from './contract-bridge';
import { renderWithBridge } from './render';

function bridgeFor(mode: AppStatus['mode']) {
  return contractBridge({
    'app.status': () => ({ version: '1.0.0', mode, online: true, lastSyncAt: null, defaultSchool: null, systemLanguages: null, desktopOptions: null }),
  });
}
const listed = () => [...screen.getByRole('dialog').querySelectorAll('tr[data-shortcut]')].map((row) => row.getAttribute('data-shortcut'));

describe('the keyboard shortcuts list', () => {
  // Escape is the native <dialog>'s (happy-dom has none): test/e2e/palette.spec.ts presses it in Chromium.
  it('opens with ?, lists every shortcut of the table in its words, and closes', async () => {
    const bridge = bridgeFor('desktop');
    const user = userEvent.setup();
    renderWithBridge(<ShortcutsDialog />, bridge);
    await waitFor(() => expect(bridge.calls.some((c) => c.method === 'app.status')).toBe(true));
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    await waitFor(() => expect(listed()).toEqual(expect.arrayContaining(SHORTCUTS.map((s) => s.id))));
    expect(listed()).toHaveLength(SHORTCUTS.length);
    for (const entry of SHORTCUTS) expect(screen.getByRole('rowheader', { name: en.shell.shortcuts.actions[entry.id] })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("in browser mode leaves out what only the desktop app's menu does", async () => {
    const bridge = bridgeFor('browser');
    renderWithBridge(<ShortcutsDialog />, bridge);
    await waitFor(() => expect(bridge.calls.some((c) => c.method === 'app.status')).toBe(true));
    act(() => void window.dispatchEvent(new CustomEvent(OPEN_SHORTCUTS_EVENT)));
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(listed()).toEqual(SHORTCUTS.filter((s) => s.by !== 'menu').map((s) => s.id));
  });

  it('a ? typed into a field stays in the field', async () => {
    const user = userEvent.setup();
    renderWithBridge(
      <>
        <input aria-label="Search" />
        <ShortcutsDialog />
      </>,
      bridgeFor('browser'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'why?');
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('why?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
