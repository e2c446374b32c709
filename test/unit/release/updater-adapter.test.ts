// electron/adapters/updater.ts without Electron: 'electron' and 'electron-updater' are replaced by small
// fakes (the real ones need the Electron binary), so what is tested is the adapter's own wiring: the
// updater's settings, its events reaching the policy and the renderer, pause holding back install-on-quit
// and persisting, and a failed background download never surfacing as an unhandled rejection.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoUpdater as mockedAutoUpdater } from 'electron-updater';
import { memoryLogger } from '../../../electron/services/log';
import { UpdateStatus } from '../../../shared/ipc/updates';
import { startUpdates } from '../../../electron/adapters/updater';
import type { UpdatesHandle } from '../../../electron/adapters/updater';

const electronState = vi.hoisted(() => ({ isPackaged: true, online: true }));

vi.mock('electron', () => ({
  app: { get isPackaged() { return electronState.isPackaged; }, getVersion: () => '0.1.0' },
  net: { isOnline: () => electronState.online },
}));

vi.mock('electron-updater', async () => {
  const { EventEmitter } = await import('node:events');
  const autoUpdater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    allowPrerelease: true,
    forceDevUpdateConfig: false,
    updateConfigPath: null as string | null,
    logger: null as unknown,
    checkForUpdates: async (): Promise<unknown> => null,
  });
  return { autoUpdater };
});

type FakeUpdater = EventEmitter & {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  allowPrerelease: boolean;
  forceDevUpdateConfig: boolean;
  updateConfigPath: string | null;
  checkForUpdates: () => Promise<unknown>;
};
const updater = mockedAutoUpdater as unknown as FakeUpdater;

let dataDir: string;
let handle: UpdatesHandle | undefined;
const emitted: { event: string; payload: UpdateStatus }[] = [];
const signal = new AbortController().signal;

async function start() {
  handle = await startUpdates({
    dataDir,
    logger: memoryLogger(),
    emit: ((event: string, payload: UpdateStatus) => emitted.push({ event, payload: UpdateStatus.parse(payload) })) as never,
  });
  return handle;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'updater-adapter-'));
  emitted.length = 0;
  electronState.isPackaged = true;
  electronState.online = true;
  delete process.env.SCHOOL_COMPANION_DEV_UPDATES;
  Object.assign(updater, { autoDownload: false, autoInstallOnAppQuit: false, allowDowngrade: true, allowPrerelease: true, forceDevUpdateConfig: false, updateConfigPath: null });
  updater.checkForUpdates = async () => null;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(async () => {
  handle?.stop();
  handle = undefined;
  vi.useRealTimers();
  delete process.env.SCHOOL_COMPANION_DEV_UPDATES;
  await rm(dataDir, { recursive: true, force: true });
});

describe('startUpdates', () => {
  it('sets electron-updater up for background downloads, install on quit, no downgrades or prereleases', async () => {
    await start();
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: true, allowDowngrade: false, allowPrerelease: false, forceDevUpdateConfig: false });
  });

  it('checks after the start delay and carries the updater\'s events to the renderer', async () => {
    let checks = 0;
    updater.checkForUpdates = async () => {
      checks += 1;
      updater.emit('checking-for-update');
      updater.emit('update-available', { version: '0.2.0' });
      return { downloadPromise: Promise.resolve([]) };
    };
    const { handlers } = await start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks).toBe(1);
    updater.emit('download-progress', { percent: 55.5 });
    updater.emit('update-downloaded', { version: '0.2.0' });

    expect(emitted.every((e) => e.event === 'updates.changed')).toBe(true);
    expect(emitted.map((e) => e.payload.state)).toEqual(['idle', 'checking', 'available', 'downloading', 'ready']);
    expect(await handlers['updates.status']({}, { signal })).toMatchObject({ state: 'ready', notice: 'banner', availableVersion: '0.2.0', currentVersion: '0.1.0' });
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('holds back install on quit while paused, and keeps the setting in the data folder', async () => {
    const { handlers } = await start();
    await handlers['updates.setPaused']({ paused: true }, { signal });
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(JSON.parse(await readFile(join(dataDir, 'updates.json'), 'utf8'))).toEqual({ paused: true });
    await handlers['updates.setPaused']({ paused: false }, { signal });
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('reports a failed background download once, as an error status, without an unhandled rejection', async () => {
    const failure = new Error('sha512 checksum mismatch');
    updater.checkForUpdates = async () => {
      updater.emit('checking-for-update');
      updater.emit('update-available', { version: '0.2.0' });
      const downloadPromise = Promise.reject(failure);
      queueMicrotask(() => updater.emit('error', failure));
      return { downloadPromise };
    };
    const { handlers } = await start();
    await handlers['updates.checkNow']({}, { signal });
    await vi.advanceTimersByTimeAsync(0);
    expect(await handlers['updates.status']({}, { signal })).toMatchObject({ state: 'error', error: { code: 'bad_response' } });
  });

  it('does not update a development run, and says why', async () => {
    electronState.isPackaged = false;
    let checks = 0;
    updater.checkForUpdates = async () => { checks += 1; return null; };
    const { handlers } = await start();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(checks).toBe(0);
    expect(await handlers['updates.checkNow']({}, { signal })).toMatchObject({ supported: false, message: expect.stringMatching(/development copy/) });
  });

  it('uses the development feed when asked to', async () => {
    electronState.isPackaged = false;
    process.env.SCHOOL_COMPANION_DEV_UPDATES = '1';
    const { handlers } = await start();
    expect(updater.forceDevUpdateConfig).toBe(true);
    expect(updater.updateConfigPath).toBe(join(process.cwd(), 'dev-app-update.yml'));
    expect((await handlers['updates.status']({}, { signal })).supported).toBe(true);
  });

  it('asks Electron whether the machine is online before a check', async () => {
    electronState.online = false;
    let checks = 0;
    updater.checkForUpdates = async () => { checks += 1; return null; };
    const { handlers } = await start();
    expect(await handlers['updates.checkNow']({}, { signal })).toMatchObject({ state: 'error', error: { code: 'offline' } });
    expect(checks).toBe(0);
  });
});
