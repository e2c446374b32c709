import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/services/store/settings';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/ipc/notifications';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sc-notify-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('notification settings in the settings store', () => {
  it('default: every kind on, quiet hours off (22:00 to 07:00 when turned on)', async () => {
    expect((await SettingsStore.open(dir)).get().notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('keeps kinds turned off per school and quiet hours across a restart', async () => {
    const store = await SettingsStore.open(dir);
    const notifications = { off: { acc1: ['comment' as const, 'largeSale' as const] }, quietHours: { enabled: true, start: '21:30', end: '06:45' } };
    await store.update({ notifications });
    expect((await SettingsStore.open(dir)).get().notifications).toEqual(notifications);
  });

  it('refuses a bad time or an unknown kind, and loses nothing', async () => {
    const store = await SettingsStore.open(dir);
    await store.update({ theme: 'dark' });
    await expect(store.update({ notifications: { off: {}, quietHours: { enabled: true, start: '24:00', end: '07:00' } } })).rejects.toThrow(/HH:MM/);
    await expect(store.update({ notifications: { off: { acc1: ['spam' as never] }, quietHours: DEFAULT_NOTIFICATION_SETTINGS.quietHours } })).rejects.toThrow();
    expect(store.get()).toMatchObject({ theme: 'dark', notifications: DEFAULT_NOTIFICATION_SETTINGS });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' });
  });

  it('a damaged notifications field on disk falls back to its default, keeping the other fields', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ theme: 'light', notifications: { quietHours: 'always' } }));
    expect((await SettingsStore.open(dir)).get()).toMatchObject({ theme: 'light', notifications: DEFAULT_NOTIFICATION_SETTINGS });
  });
});
