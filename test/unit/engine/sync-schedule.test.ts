// The sync schedule's decisions, on fake timers: each signed-in school's synced collections every interval
// (jittered), none while offline (caught up soon after the platform is back), none while one is running or
// never synced, longer waits after failures (reset by a success), none after sign-out or quit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { memoryLogger } from '../../../electron/services/log';
import { createSyncSchedule, type SyncedCollectionName, type SyncScheduleOptions } from '../../../electron/services/engine/client/sync-schedule';

const MIN = 60_000;
/** The first turn with random() = 0.5: a quarter of the interval, plus half of the other three quarters. */
const FIRST = (0.25 + 0.75 * 0.5) * 15 * MIN;

function setup(overrides: Partial<SyncScheduleOptions> = {}) {
  const calls: string[] = [];
  const world = {
    online: true,
    running: new Set<string>(),
    neverSynced: new Set<string>(),
    failing: null as AppError | null,
  };
  const schedule = createSyncSchedule({
    isOnline: () => world.online,
    state: async (accountId, collection) => ({ synced: !world.neverSynced.has(`${accountId}/${collection}`), running: world.running.has(`${accountId}/${collection}`) }),
    sync: async (accountId, collection) => {
      calls.push(`${accountId}/${collection}`);
      if (world.failing) throw world.failing;
    },
    logger: memoryLogger(),
    random: () => 0.5,
    ...overrides,
  });
  const count = (key: string) => calls.filter((c) => c === key).length;
  return { schedule, calls, world, count };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sync schedule', () => {
  it("syncs each collection of each signed-in school within the first interval (not in its first quarter), then every 15 minutes", async () => {
    const { schedule, calls, count } = setup();
    schedule.setAccounts(['a', 'b']);
    await vi.advanceTimersByTimeAsync(0.25 * 15 * MIN);
    expect(calls).toEqual([]); // nothing in the first quarter: the screens opening sync then
    await vi.advanceTimersByTimeAsync(FIRST - 0.25 * 15 * MIN);
    expect([...calls].sort()).toEqual(['a/orders', 'a/students', 'a/subscriptions', 'b/orders', 'b/students', 'b/subscriptions']);
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(count('a/orders')).toBe(2);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(count('a/orders')).toBe(4);
    expect(count('b/subscriptions')).toBe(4);
    schedule.stop();
  });

  it('jitters: schools signed in together do not all fire at once, and each wait stays within ±20% of the interval', async () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const times = new Map<string, number[]>();
    const started = Date.now();
    const { schedule } = setup({
      random,
      collections: ['orders'],
      sync: async (accountId) => {
        times.set(accountId, [...(times.get(accountId) ?? []), Date.now() - started]);
      },
    });
    const schools = ['s1', 's2', 's3', 's4', 's5', 's6'];
    schedule.setAccounts(schools);
    await vi.advanceTimersByTimeAsync(3 * 15 * MIN);
    const firsts = schools.map((s) => times.get(s)![0]!);
    expect(new Set(firsts.map((t) => Math.round(t / 1000))).size).toBe(schools.length);
    for (const s of schools) {
      const ts = times.get(s)!;
      for (let i = 1; i < ts.length; i++) {
        expect(ts[i]! - ts[i - 1]!).toBeGreaterThanOrEqual(0.8 * 15 * MIN);
        expect(ts[i]! - ts[i - 1]!).toBeLessThanOrEqual(1.2 * 15 * MIN);
      }
    }
    schedule.stop();
  });

  it('does not sync while offline; what was skipped runs within a minute of the platform answering again', async () => {
    const { schedule, calls, world } = setup({ collections: ['orders'] });
    world.online = false;
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(calls).toEqual([]);
    world.online = true;
    schedule.online();
    await vi.advanceTimersByTimeAsync(1 * MIN);
    expect(calls).toEqual(['a/orders']);
    schedule.stop();
  });

  it('skips a collection whose sync is running, and one the school never synced (its first sync is the admin’s)', async () => {
    const { schedule, calls, world } = setup();
    world.running.add('a/orders');
    world.neverSynced.add('a/students');
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(calls).toEqual(['a/subscriptions']);
    world.running.delete('a/orders');
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect([...calls].sort()).toEqual(['a/orders', 'a/subscriptions', 'a/subscriptions']);
    schedule.stop();
  });

  it('our own turn still running: the next one does not start a second sync', async () => {
    let release: () => void = () => undefined;
    let syncs = 0;
    const { schedule } = setup({
      collections: ['orders'],
      sync: () => {
        syncs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(syncs).toBe(1);
    expect(await schedule.runNow('a', 'orders')).toBe('running');
    expect(syncs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(16 * MIN);
    expect(syncs).toBe(2);
    schedule.stop();
  });

  it('backs off after failures (doubling, capped), and a success brings the interval back', async () => {
    const { schedule, world, count } = setup({ collections: ['orders'] });
    expect([0, 1, 2, 3, 4, 5].map((n) => schedule.delayAfter(n) / MIN)).toEqual([15, 30, 60, 120, 240, 240]);
    world.failing = new AppError('server_error', 'The platform failed.');
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(FIRST); // first turn: fails
    expect(count('a/orders')).toBe(1);
    await vi.advanceTimersByTimeAsync(29 * MIN);
    expect(count('a/orders')).toBe(1); // not after 15 minutes: after 30
    await vi.advanceTimersByTimeAsync(1 * MIN);
    expect(count('a/orders')).toBe(2);
    await vi.advanceTimersByTimeAsync(59 * MIN);
    expect(count('a/orders')).toBe(2); // then 60
    world.failing = null;
    await vi.advanceTimersByTimeAsync(1 * MIN);
    expect(count('a/orders')).toBe(3); // succeeds
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(count('a/orders')).toBe(4); // back to every 15 minutes
    schedule.stop();
  });

  it('a cancelled sync (the admin, a sign-out) is no failure: no backoff', async () => {
    const { schedule, world, count } = setup({ collections: ['orders'] });
    world.failing = new AppError('cancelled', 'Cancelled by the admin.');
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(FIRST + 15 * MIN);
    expect(count('a/orders')).toBe(2);
    schedule.stop();
  });

  it('stops for a school signed out, and for all on quit', async () => {
    const { schedule, calls } = setup({ collections: ['orders'] as SyncedCollectionName[] });
    schedule.setAccounts(['a', 'b']);
    await vi.advanceTimersByTimeAsync(FIRST);
    expect([...calls].sort()).toEqual(['a/orders', 'b/orders']);
    schedule.setAccounts(['b']);
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect([...calls].sort()).toEqual(['a/orders', 'b/orders', 'b/orders']);
    schedule.stop();
    schedule.setAccounts(['a', 'b']);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(calls).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the interval each time, so a changed setting applies from the next turn', async () => {
    let minutes = 15;
    const { schedule, count } = setup({ collections: ['orders'], intervalMs: () => minutes * MIN });
    schedule.setAccounts(['a']);
    await vi.advanceTimersByTimeAsync(FIRST);
    expect(count('a/orders')).toBe(1);
    minutes = 5;
    await vi.advanceTimersByTimeAsync(15 * MIN); // the wait armed before the change
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(count('a/orders')).toBe(4);
    schedule.stop();
  });
});
