// The settings store over conf (browser mode) and any conf-like backend (electron-store in the desktop app):
// one writer, atomic replacement, corrupt-file recovery, errors that are not damage kept as errors.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { SettingsStore, settingsWithout, storeBackend } from '../../../electron/services/store/settings';
import type { SettingsBackendFactory } from '../../../electron/services/store/settings';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sc-settings-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('settings store (conf)', () => {
  it('replaces the file atomically (a new file renamed over the old, never written in place), user-only', async () => {
    const dir = tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.path).toBe(join(dir, 'settings.json'));
    await store.update({ theme: 'dark' });
    const before = statSync(store.path).ino;
    await store.update({ theme: 'light' });
    expect(statSync(store.path).ino, 'a rename, not an in-place write').not.toBe(before);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', activeAccountId: null });
    if (process.platform !== 'win32') expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it('is the one writer of settings.json: no backup copy, no temp file left, an old backup removed', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json.bak'), JSON.stringify({ theme: 'dark' }));
    const store = await SettingsStore.open(dir);
    await Promise.all([store.update({ theme: 'dark' }), store.update({ theme: 'light' }), store.update({ activeAccountId: 'acct_1' })]);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', activeAccountId: 'acct_1' });
    expect((await SettingsStore.open(dir)).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', activeAccountId: 'acct_1' });
  });

  it('sets a damaged file aside for a look, says so in the log, and starts from the defaults', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"theme": "da');
    const logger = memoryLogger();
    const store = await SettingsStore.open(dir, logger);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const aside = readdirSync(dir).filter((name) => name.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"theme": "da');
    expect(logger.lines.join('\n')).toContain('settings file was damaged and set aside');
    await store.update({ theme: 'dark' });
    expect((await SettingsStore.open(dir)).get().theme).toBe('dark');
  });

  it('a file that is JSON but not an object falls back to the defaults without losing the next write', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '[1,2,3]');
    const store = await SettingsStore.open(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    await store.update({ theme: 'light' });
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', activeAccountId: null });
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('an unreadable file is an error, not damage: nothing is set aside or overwritten', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark' }));
    chmodSync(join(dir, 'settings.json'), 0o000);
    await expect(SettingsStore.open(dir)).rejects.toThrow();
    chmodSync(join(dir, 'settings.json'), 0o600);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});

describe('the time zone and the currency chosen per school', () => {
  it('default to the school\'s zone and no choice; survive a reopen; a bad value falls back alone', async () => {
    const dir = tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.get()).toMatchObject({ timeZoneSource: 'school', shownCurrencies: {} });
    await store.update({ timeZoneSource: 'computer', shownCurrencies: { acc_a: 'EUR', acc_b: 'TWD' }, theme: 'dark' });
    expect((await SettingsStore.open(dir)).get()).toMatchObject({ timeZoneSource: 'computer', shownCurrencies: { acc_a: 'EUR', acc_b: 'TWD' } });
    await expect(store.update({ shownCurrencies: { acc_a: 'euros' } })).rejects.toThrow();
    const raw = JSON.parse(readFileSync(store.path, 'utf8')) as Record<string, unknown>;
    writeFileSync(store.path, JSON.stringify({ ...raw, timeZoneSource: 'mars' }));
    expect((await SettingsStore.open(dir)).get()).toMatchObject({ timeZoneSource: 'school', shownCurrencies: { acc_a: 'EUR', acc_b: 'TWD' }, theme: 'dark' });
  });

  it('forget a school signed out of: its currency, and it as the one on screen', () => {
    const settings = { ...DEFAULT_SETTINGS, activeAccountId: 'acc_a', shownCurrencies: { acc_a: 'EUR', acc_b: 'TWD' } };
    expect(settingsWithout(settings, 'acc_a')).toEqual({ activeAccountId: null, shownCurrencies: { acc_b: 'TWD' } });
    expect(settingsWithout(settings, 'acc_b')).toEqual({ shownCurrencies: { acc_a: 'EUR' } });
    expect(settingsWithout(settings, 'acc_c')).toBeNull();
  });
});

describe('settings store over another conf-like library (the desktop app passes electron-store)', () => {
  it('reads and writes through the backend it is given, with the same validation', async () => {
    const dir = tempDir();
    const files = new Map<string, Record<string, unknown>>([['settings', { theme: 'neon', activeAccountId: 'acct_2', allowWeakCipher: true }]]);
    const opened: string[] = [];
    const backend: SettingsBackendFactory = ({ dir: folder, name }) => {
      opened.push(`${folder}/${name}`);
      const fake = { path: join(folder, `${name}.json`), get store() { return { ...files.get(name) }; }, set store(value: Record<string, unknown>) { files.set(name, { ...value }); } };
      return storeBackend(fake);
    };
    const store = await SettingsStore.open(dir, undefined, backend);
    expect(opened).toEqual([`${dir}/settings`]);
    expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'system', activeAccountId: 'acct_2' });
    await store.update({ theme: 'dark' });
    expect(files.get('settings')).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', activeAccountId: 'acct_2' });
    await expect(store.update({ allowWeakCipher: true } as never)).rejects.toThrow();
  });
});
