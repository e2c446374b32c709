// The palette's pure parts: the shortcut per platform, the actions and their fuzzy ranking, and the words for
// what was searched (offline: "from the copy saved 2 h ago").
import { describe, expect, it } from 'vitest';
import { paletteActions, rankActions } from '../../../renderer/features/palette/palette-actions';
import { describeSearched } from '../../../renderer/features/palette/palette-words';
import { isApplePlatform, isPaletteShortcut, rendererPlatform } from '../../../renderer/features/palette/shortcut';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }>) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('the shortcut', () => {
  it('is Cmd+K on Apple platforms and Ctrl+K elsewhere, nothing else', () => {
    expect(isApplePlatform('macOS')).toBe(true);
    expect(isApplePlatform('MacIntel')).toBe(true);
    expect(isApplePlatform('Windows')).toBe(false);
    expect(isApplePlatform('Linux x86_64')).toBe(false);
    expect(isPaletteShortcut(key('k', { metaKey: true }), true)).toBe(true);
    expect(isPaletteShortcut(key('K', { ctrlKey: true }), false)).toBe(true);
    expect(isPaletteShortcut(key('k', { ctrlKey: true }), true)).toBe(false);
    expect(isPaletteShortcut(key('k', { metaKey: true }), false)).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isPaletteShortcut(key('j', { ctrlKey: true }), false)).toBe(false);
    // Another keyboard layout: the physical K key.
    expect(isPaletteShortcut({ ...key('л', { ctrlKey: true }), code: 'KeyK' }, false)).toBe(true);
  });

  it('reads the platform from client hints first', () => {
    expect(rendererPlatform({ platform: 'MacIntel', userAgentData: { platform: 'Windows' } })).toBe('Windows');
    expect(rendererPlatform({ platform: 'MacIntel' })).toBe('MacIntel');
  });
});

describe('actions', () => {
  const context = {
    nav: [{ to: '/courses', label: 'Courses' }, { to: '/orders', label: 'Orders' }, { to: '/coupons', label: 'Coupons' }],
    accounts: [
      { id: 'a', school: { name: 'Lumen Academy' }, admin: { name: 'Alex' } },
      { id: 'b', school: { name: 'Orbit School' }, admin: { name: 'Alex' } },
    ],
    activeAccountId: 'a',
  };
  const actions = paletteActions(context);

  it('offers every page, Settings, the other schools, export, themes and signing out of the school on screen', () => {
    const titles = actions.map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining(['Go to Courses', 'Go to Orders', 'Go to Coupons', 'Settings', 'Switch to Orbit School', 'Export orders as CSV', 'Theme: Dark', 'Sign out of Lumen Academy']));
    expect(titles).not.toContain('Switch to Lumen Academy');
  });

  it('a page name puts its page first; a school name its switch; letters in order find by fuzzy match', () => {
    expect(rankActions(actions, 'orders')[0]).toMatchObject({ action: { title: 'Go to Orders' }, match: 'exact' });
    expect(rankActions(actions, 'Orbit')[0]).toMatchObject({ action: { run: { type: 'switchSchool', accountId: 'b' } }, match: 'prefix' });
    expect(rankActions(actions, 'dark')[0]?.action.run).toEqual({ type: 'theme', theme: 'dark' });
    expect(rankActions(actions, 'gtcou')[0]).toMatchObject({ action: { title: 'Go to Coupons' }, match: 'fuzzy' });
    expect(rankActions(actions, 'zzqx')).toEqual([]);
    expect(rankActions(actions, '')).toHaveLength(actions.length);
  });
});

describe('what was searched', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const sources = [
    { kind: 'order' as const, state: 'ok' as const, fetchedAt: '2026-11-23T10:00:00Z', records: 1300 },
    { kind: 'course' as const, state: 'ok' as const, fetchedAt: '2026-11-23T11:55:00Z', records: 12 },
    { kind: 'coupon' as const, state: 'not_saved' as const, fetchedAt: null, records: null },
  ];
  it('online: each copy with its age, and what is not saved yet', () => {
    expect(describeSearched(sources, now, false)).toBe('Searched orders synced 2 hr. ago, courses saved 5 min. ago; coupons not saved yet.');
  });
  it('offline: says it is the saved copy', () => {
    expect(describeSearched(sources, now, true)).toBe('Offline: searched orders from the copy saved 2 hr. ago, courses from the copy saved 5 min. ago; coupons not saved yet.');
    expect(describeSearched([{ kind: 'order', state: 'failed', fetchedAt: null, records: null }], now, true)).toBe('Offline: nothing saved to search yet; orders could not be read.');
  });
});
