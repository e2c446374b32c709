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
