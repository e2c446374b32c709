// The updater's decisions, in plain Node with fake timers: when it checks, what pauses or defers a check,
// how it backs off, what the admin is told and when an update installs. `FeedScript` stands in for
// electron-updater (which needs Electron): it answers check() the way electron-updater does, by emitting
// its events into the policy and resolving or rejecting.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { UpdateStatus } from '../../../shared/ipc/updates';
import { memoryLogger } from '../../../electron/services/log';
import { createUpdateHandlers, unsupportedUpdateHandlers } from '../../../electron/services/updates/handlers';
import { pausedSettingFile } from '../../../electron/services/updates/paused-setting';
import { classifyUpdateError } from '../../../electron/services/updates/update-errors';
import { UpdatePolicy } from '../../../electron/services/updates/update-policy';
import type { PausedSetting, UpdatePolicyOptions } from '../../../electron/services/updates/update-policy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 21, 8, 0, 0);

type Answer = 'up-to-date' | { update: string } | { fail: Error } | 'silent';

class FeedScript {
  answers: Answer[] = [];
  checks: number[] = [];
  policy!: UpdatePolicy;

  check = async (): Promise<void> => {
    this.checks.push(Date.now());
    const answer = this.answers.shift() ?? 'up-to-date';
    if (answer === 'silent') return; // an inactive updater resolves with nothing and emits nothing
    this.policy.checking();
    await Promise.resolve();
    if (answer === 'up-to-date') return this.policy.updateNotAvailable();
    if ('update' in answer) return this.policy.updateAvailable(answer.update);
    // electron-updater emits 'error' and then rejects the same failure.
    this.policy.failed(answer.fail);
    throw answer.fail;
  };
}

function memorySetting(initial = false): PausedSetting & { saved: boolean[] } {
  let value = initial;
  const saved: boolean[] = [];
  return { saved, load: async () => value, save: async (paused) => { value = paused; saved.push(paused); } };
}

function setup(options: { paused?: boolean; online?: () => boolean; supported?: boolean; policy?: Partial<UpdatePolicyOptions> } = {}) {
  const feed = new FeedScript();
  const statuses: UpdateStatus[] = [];
  const logger = memoryLogger();
  const setting = memorySetting(options.paused ?? false);
  let online = true;
  const policy = new UpdatePolicy({
    currentVersion: '0.1.0',
    check: feed.check,
    isOnline: options.online ?? (() => online),
    pausedSetting: setting,
    onChange: (status) => statuses.push(UpdateStatus.parse(status)), // every status honours the IPC contract
    logger,
    supported: options.supported,
    unsupportedReason: 'development',
    options: options.policy,
  });
  feed.policy = policy;
  return { policy, feed, statuses, logger, setting, goOffline: () => { online = false; }, goOnline: () => { online = true; } };
}

const minutesSinceStart = (times: number[]) => times.map((t) => (t - START) / MINUTE);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('when the app checks', () => {
  it('checks a short while after start, then every four hours counted from the last check', async () => {
    const { policy, feed } = setup();
    await policy.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(feed.checks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(feed.checks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(12 * HOUR);
    expect(minutesSinceStart(feed.checks)).toEqual([0.5, 240.5, 480.5, 720.5]);
    policy.stop();
  });

  it('says when it checked and when it checks next', async () => {
    const { policy } = setup();
    await policy.start();
    expect(policy.status()).toMatchObject({ state: 'idle', lastCheckedAt: null, nextCheckAt: new Date(START + 30_000).toISOString() });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(policy.status()).toMatchObject({
      state: 'idle',
      message: 'School Companion is up to date.',
      notice: 'none',
      lastCheckedAt: new Date(START + 30_000).toISOString(),
      nextCheckAt: new Date(START + 30_000 + 4 * HOUR).toISOString(),
    });
    policy.stop();
  });

  it('takes the interval from its options', async () => {
    const { policy, feed } = setup({ policy: { startDelayMs: MINUTE, intervalMs: HOUR } });
    await policy.start();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(minutesSinceStart(feed.checks)).toEqual([1, 61, 121]);
    policy.stop();
  });

  it('treats a check that ends without any updater event as up to date', async () => {
    const { policy, feed } = setup();
    feed.answers = ['silent'];
    await policy.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(policy.status().state).toBe('idle');
    await vi.advanceTimersByTimeAsync(4 * HOUR);
    expect(feed.checks).toHaveLength(2);
    policy.stop();
  });
});

describe('pausing', () => {
  it('does not check by itself while paused, and remembers the setting', async () => {
    const { policy, feed, setting } = setup();
    await policy.start();
    const status = await policy.setPaused(true);
    expect(setting.saved).toEqual([true]);
    expect(status).toMatchObject({ state: 'paused', paused: true, nextCheckAt: null });
    expect(status.message).toMatch(/paused/);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(feed.checks).toEqual([]);
    policy.stop();
  });

  it('starts paused when the admin paused updates in an earlier run', async () => {
    const { policy, feed } = setup({ paused: true });
    await policy.start();
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(feed.checks).toEqual([]);
    expect(policy.status().state).toBe('paused');
    policy.stop();
  });

  it('checks again shortly after the admin resumes updates', async () => {
    const { policy, feed, setting } = setup({ paused: true });
    await policy.start();
    await vi.advanceTimersByTimeAsync(HOUR);
    await policy.setPaused(false);
    expect(setting.saved).toEqual([false]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(minutesSinceStart(feed.checks)).toEqual([60.5]);
    policy.stop();
  });

  it('still checks when the admin presses "Check now" while paused, and stays paused', async () => {
    const { policy, feed } = setup({ paused: true });
    await policy.start();
    expect(policy.checkNow().state).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.checks).toHaveLength(1);
    expect(policy.status()).toMatchObject({ state: 'paused', paused: true, nextCheckAt: null });
    policy.stop();
  });

  it('keeps the setting as it was when it cannot be saved', async () => {
    const { policy, setting } = setup();
    setting.save = async () => { throw new AppError('storage_unavailable', 'disk full'); };
    await policy.start();
    await expect(policy.setPaused(true)).rejects.toMatchObject({ code: 'storage_unavailable' });
    expect(policy.status().paused).toBe(false);
    policy.stop();
  });

  it('does not pause when the stored setting cannot be read, and says so in the log', async () => {
    const { policy, setting, logger, feed } = setup();
    setting.load = async () => { throw new AppError('storage_corrupt', 'damaged'); };
    await policy.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(feed.checks).toHaveLength(1);
    expect(logger.lines.join('\n')).toMatch(/update setting unreadable/);
    policy.stop();
  });
});

describe('offline', () => {
  it('skips a check that falls due offline and runs it as soon as the connection is back', async () => {
    const { policy, feed, goOffline, goOnline } = setup();
    goOffline();
    await policy.start();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(feed.checks).toEqual([]);
    goOnline();
    policy.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(minutesSinceStart(feed.checks)).toEqual([120]);
    policy.stop();
  });

  it('answers "Check now" offline with a plain offline message and no check', async () => {
    const { policy, feed, goOffline } = setup();
    await policy.start();
    goOffline();
    const status = policy.checkNow();
    expect(feed.checks).toEqual([]);
    expect(status).toMatchObject({ state: 'error', error: { code: 'offline' } });
    expect(status.message).toMatch(/offline/i);
    policy.stop();
  });

  it('does not react to the connection coming back when no check was due', async () => {
    const { policy, feed } = setup();
    await policy.start();
    policy.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.checks).toEqual([]);
    policy.stop();
  });
});

describe('failures', () => {
  it('retries after 5, 10, 20, 40 minutes ... and never later than the regular interval', async () => {
    const { policy, feed } = setup({ policy: { startDelayMs: 0 } });
    feed.answers = Array.from({ length: 9 }, () => ({ fail: new Error('net::ERR_NAME_NOT_RESOLVED') }));
    await policy.start();
    await vi.advanceTimersByTimeAsync(20 * HOUR);
    const gaps = feed.checks.slice(1).map((t, i) => (t - feed.checks[i]!) / MINUTE);
    expect(gaps.slice(0, 8)).toEqual([5, 10, 20, 40, 80, 160, 240, 240]);
    policy.stop();
  });

  it('goes back to the regular interval after a check succeeds', async () => {
    const { policy, feed } = setup({ policy: { startDelayMs: 0 } });
    feed.answers = [{ fail: new Error('ECONNRESET') }, { fail: new Error('ECONNRESET') }];
    await policy.start();
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    const gaps = feed.checks.slice(1).map((t, i) => (t - feed.checks[i]!) / MINUTE);
    expect(gaps.slice(0, 3)).toEqual([5, 10, 240]);
    policy.stop();
  });

  it('counts a failure once although electron-updater reports it twice', async () => {
    const { policy, feed, logger } = setup({ policy: { startDelayMs: 0 } });
    feed.answers = [{ fail: new Error('ETIMEDOUT') }];
    await policy.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.lines.filter((line) => line.includes('update check failed'))).toHaveLength(1);
    expect(policy.status().nextCheckAt).toBe(new Date(START + 5 * MINUTE).toISOString());
    policy.stop();
  });

  it('tells the admin what failed without a dialog, and keeps the cause out of the status', async () => {
    const { policy, feed } = setup({ policy: { startDelayMs: 0 } });
    feed.answers = [{ fail: new Error('sha512 checksum mismatch, expected abc, got def') }];
    await policy.start();
    await vi.advanceTimersByTimeAsync(0);
    const status = policy.status();
    expect(status).toMatchObject({ state: 'error', notice: 'none', error: { code: 'bad_response' } });
    expect(status.message).toMatch(/integrity or signature check/);
    expect(JSON.stringify(status)).not.toContain('abc');
    policy.stop();
  });
});

describe('an update', () => {
  async function downloadToReady(paused = false) {
    const context = setup({ policy: { startDelayMs: 0 }, paused });
    const { policy, feed } = context;
    feed.answers = [{ update: '0.2.0' }];
    await policy.start();
    if (paused) policy.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    return context;
  }

  it('downloads in the background with progress, then shows a quiet banner and installs on quit', async () => {
    const { policy, statuses } = await downloadToReady();
    expect(policy.status()).toMatchObject({ state: 'available', availableVersion: '0.2.0', notice: 'none' });
    expect(policy.installOnQuit()).toBe(false);
    policy.downloadProgress(12.4);
    expect(policy.status()).toMatchObject({ state: 'downloading', percent: 12.4, message: 'Downloading version 0.2.0 in the background (12%).' });
    policy.downloaded('0.2.0');
    expect(policy.status()).toMatchObject({
      state: 'ready',
      notice: 'banner',
      message: 'Version 0.2.0 is ready and installs when you restart School Companion.',
      percent: null,
      nextCheckAt: null,
    });
    expect(policy.installOnQuit()).toBe(true);
    // Only the finished download asks for the admin's eye.
    expect(statuses.filter((s) => s.notice === 'banner').map((s) => s.state)).toEqual(['ready']);
    policy.stop();
  });

  it('reports progress once per whole percent', async () => {
    const { policy, statuses } = await downloadToReady();
    const before = statuses.length;
    for (const percent of [1, 1.2, 1.7, 2, 2.5, 3.1, 3.9]) policy.downloadProgress(percent);
    expect(statuses.slice(before).map((s) => s.percent)).toEqual([1, 2, 3.1]);
    policy.stop();
  });

  it('stops checking once an update is ready, and "Check now" changes nothing', async () => {
    const { policy, feed } = await downloadToReady();
    policy.downloaded('0.2.0');
    expect(policy.checkNow().state).toBe('ready');
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(feed.checks).toHaveLength(1);
    policy.stop();
  });

  it('does not start a second check while one download is under way', async () => {
    const { policy, feed } = await downloadToReady();
    policy.downloadProgress(50);
    expect(policy.checkNow().state).toBe('downloading');
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.checks).toHaveLength(1);
    policy.stop();
  });

  it('does not install on quit while updates are paused, and says when it will', async () => {
    const { policy } = await downloadToReady(true);
    policy.downloaded('0.2.0');
    expect(policy.installOnQuit()).toBe(false);
    expect(policy.status()).toMatchObject({ state: 'ready', notice: 'none' });
    expect(policy.status().message).toMatch(/installs on the first restart after you resume/);
    await policy.setPaused(false);
    expect(policy.installOnQuit()).toBe(true);
    policy.stop();
  });

  it('retries a download that failed', async () => {
    const { policy, feed } = await downloadToReady();
    policy.downloadProgress(40);
    policy.failed(new Error('net::ERR_CONNECTION_RESET'));
    expect(policy.status()).toMatchObject({ state: 'error', error: { code: 'unreachable' }, percent: null });
    feed.answers = [{ update: '0.2.0' }];
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(feed.checks).toHaveLength(2);
    expect(policy.status().state).toBe('available');
    policy.stop();
  });
});

describe('where the app cannot update itself', () => {
  it('never checks and says why', async () => {
    const { policy, feed } = setup({ supported: false });
    await policy.start();
    expect(policy.checkNow()).toMatchObject({ state: 'idle', supported: false, message: 'This development copy does not update itself; installed copies check for updates every few hours.' });
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(feed.checks).toEqual([]);
    expect(policy.installOnQuit()).toBe(false);
    policy.stop();
  });

  it('gives the browser host handlers that answer with the reason', async () => {
    const handlers = unsupportedUpdateHandlers('0.1.0', 'browserMode');
    const signal = new AbortController().signal;
    const status = UpdateStatus.parse(await handlers['updates.checkNow']({}, { signal }));
    expect(status).toMatchObject({ supported: false, currentVersion: '0.1.0', message: 'Browser mode runs from the source checkout: update it with git, then restart npm start.' });
    expect((await handlers['updates.setPaused']({ paused: true }, { signal })).paused).toBe(true);
  });
});

describe('IPC handlers', () => {
  it('expose status, check now and pause through the policy', async () => {
    const { policy, feed, setting } = setup();
    await policy.start();
    const handlers = createUpdateHandlers(policy);
    const signal = new AbortController().signal;
    expect((await handlers['updates.status']({}, { signal })).currentVersion).toBe('0.1.0');
    expect((await handlers['updates.checkNow']({}, { signal })).state).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.checks).toHaveLength(1);
    expect((await handlers['updates.setPaused']({ paused: true }, { signal })).state).toBe('paused');
    expect(setting.saved).toEqual([true]);
    policy.stop();
  });
});

describe('update errors', () => {
  it.each([
    ['net::ERR_INTERNET_DISCONNECTED', 'unreachable'],
    ['getaddrinfo ENOTFOUND github.com', 'unreachable'],
    ['sha512 checksum mismatch, expected x', 'bad_response'],
    ['New version 0.2.0 is not signed by the application owner: publisherNames: X', 'bad_response'],
    ['Code signature at URL file:///... did not pass validation: code failed to satisfy specified code requirement(s)', 'bad_response'],
    ['Cannot find latest-mac.yml in the latest release artifacts (https://github.com/...): HttpError: 404', 'not_found'],
    ['HttpError: 502 Bad Gateway "method: GET url: https://..." status code 502', 'server_error'],
    ['something unexpected', 'internal'],
  ])('classifies "%s" as %s, keeping the cause', (message, code) => {
    const cause = new Error(message);
    const error = classifyUpdateError(cause);
    expect(error.code).toBe(code);
    expect(error.cause).toBe(cause);
    expect(error.toJSON()).not.toHaveProperty('cause');
  });
});

describe('the pause setting on disk', () => {
  let dir: string;
  beforeEach(async () => {
    vi.useRealTimers();
    dir = await mkdtemp(join(tmpdir(), 'updates-setting-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads "not paused" when nothing was saved, and reads back what was saved', async () => {
    const path = join(dir, 'nested', 'updates.json');
    const setting = pausedSettingFile(path);
    expect(await setting.load()).toBe(false);
    await setting.save(true);
    expect(await pausedSettingFile(path).load()).toBe(true);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ paused: true });
    await setting.save(false);
    expect(await setting.load()).toBe(false);
  });

  it('refuses a damaged file with a typed error', async () => {
    const path = join(dir, 'updates.json');
    await writeFile(path, '{"paused": "yes"');
    await expect(pausedSettingFile(path).load()).rejects.toMatchObject({ code: 'storage_corrupt' });
  });
});
