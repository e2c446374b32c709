import { describe, expect, it } from 'vitest';
import { OPEN_PALETTE_EVENT, runMenuCommand } from '../../../renderer/shell/menu-commands';

describe('menu commands in the page', () => {
  it('open-settings navigates to Settings and dispatches nothing', () => {
    const seen: string[] = [];
    runMenuCommand('open-settings', { navigate: (to) => seen.push(`navigate ${to}`), dispatch: (event) => seen.push(`dispatch ${event.type}`) });
    expect(seen).toEqual(['navigate /settings']);
  });

  it('open-palette is handed to the palette as a DOM event, without navigating', () => {
    const seen: string[] = [];
    runMenuCommand('open-palette', { navigate: (to) => seen.push(`navigate ${to}`), dispatch: (event) => seen.push(`dispatch ${event.type}`) });
    expect(seen).toEqual([`dispatch ${OPEN_PALETTE_EVENT}`]);
    expect(OPEN_PALETTE_EVENT).toBe('school-companion:open-palette');
  });
});

describe('the notice after a crash reload', () => {
  it('is shown only for the mark the main process adds, and the mark is dropped (route kept)', async () => {
    const { withoutCrashMark } = await import('../../../renderer/shell/crash-notice');
    expect(withoutCrashMark('app://school-companion/index.html?reloaded=after-crash#/orders?state=paid')).toBe('/index.html#/orders?state=paid');
    expect(withoutCrashMark('http://127.0.0.1:5000/?reloaded=after-crash&x=1#/settings')).toBe('/?x=1#/settings');
    expect(withoutCrashMark('app://school-companion/index.html#/orders')).toBeNull();
    expect(withoutCrashMark('app://school-companion/index.html?reloaded=yes#/orders')).toBeNull();
  });

  it('matches what the main process puts on the reload', async () => {
    const { reloadUrlAfterCrash } = await import('../../../electron/services/desktop/crash-recovery');
    const { withoutCrashMark } = await import('../../../renderer/shell/crash-notice');
    expect(withoutCrashMark(reloadUrlAfterCrash('app://school-companion/index.html', 'app://school-companion/index.html#/settings', 'app://school-companion'))).toBe('/index.html#/settings');
  });
});
