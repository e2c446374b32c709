// When the engine's collections sync without anyone asking: every signed-in school's orders, students and
// subscriptions, each on its own timer, every `intervalMs` (15 minutes by default), incrementally (the engine
// asks the platform only for what changed since; subscriptions come whole, the platform has no updated_since
// for them). A collection the school never synced is left alone: its first, full sync is the admin's, with
// progress and Cancel on the screen that needs it; from then on the schedule keeps it fresh. A due sync is
// skipped while the main process's probe says offline, and while a sync of that collection is already running;
// after a failure the next try waits longer (doubling, up to maxBackoffMs); every wait is jittered so that
// schools signed in together do not all ask at the same moment. Stopped per school on sign-out and for all on
// quit. What changed reaches the screens as the engine's data.invalidated (orders_refreshed …), as for any sync.
// Plain logic: the engine, the probe and the accounts are passed in, and tests drive it with fake timers.
import { AppError } from '../../../../shared/errors';
import type { Logger } from '../../log';
import type { EngineClient } from './engine-client';

const SYNCED_COLLECTIONS = ['orders', 'students', 'subscriptions'] as const;
export type SyncedCollectionName = (typeof SYNCED_COLLECTIONS)[number];

/** How often each collection syncs: often enough that a screen opened later is minutes old, cheap for the platform. */
const DEFAULT_SYNC_INTERVAL_MS = 15 * 60_000;
/** The longest wait after repeated failures. */
const DEFAULT_SYNC_MAX_BACKOFF_MS = 4 * 60 * 60_000;
/** Each wait is stretched or shortened by up to this share of itself, at random. */
const SYNC_JITTER = 0.2;

interface CollectionSyncState {
  /** The school has a copy of this collection (in memory or as a snapshot). */
  synced: boolean;
  /** A sync of it is running now (the admin's, or an earlier one of ours). */
  running: boolean;
}

export interface SyncScheduleOptions {
  isOnline(): boolean;
  state(accountId: string, collection: SyncedCollectionName): Promise<CollectionSyncState>;
  /** An incremental sync of the collection; resolves when it is done. */
  sync(accountId: string, collection: SyncedCollectionName): Promise<void>;
  logger: Logger;
  intervalMs?: () => number;
  maxBackoffMs?: number;
  collections?: readonly SyncedCollectionName[];
  /** In [0, 1): the jitter (tests pass a fixed one). */
  random?: () => number;
}

type SyncOutcome = 'synced' | 'offline' | 'running' | 'never_synced' | 'failed';

interface Entry {
  timer: ReturnType<typeof setTimeout> | null;
  failures: number;
  /** Skipped while offline: due again soon after the platform is back. */
  missedOffline: boolean;
  busy: boolean;
}

export interface SyncSchedule {
  /** The signed-in schools now: new ones get timers, the others lose theirs. */
  setAccounts(accountIds: readonly string[]): void;
  /** The platform answers again: what was skipped offline runs within a minute (jittered). */
  online(): void;
  /** The wait after `failures` failures in a row, before jitter. */
  delayAfter(failures: number): number;
  /** Runs one collection's turn now (also what each timer does); says what happened. */
  runNow(accountId: string, collection: SyncedCollectionName): Promise<SyncOutcome>;
  stop(): void;
}

export function createSyncSchedule(options: SyncScheduleOptions): SyncSchedule {
  const interval = options.intervalMs ?? (() => DEFAULT_SYNC_INTERVAL_MS);
  const maxBackoff = options.maxBackoffMs ?? DEFAULT_SYNC_MAX_BACKOFF_MS;
  const collections = options.collections ?? SYNCED_COLLECTIONS;
  const random = options.random ?? Math.random;
  const schools = new Map<string, Map<SyncedCollectionName, Entry>>();
  let stopped = false;

  const jittered = (ms: number) => Math.max(1_000, Math.round(ms * (1 - SYNC_JITTER + 2 * SYNC_JITTER * random())));

  function delayAfter(failures: number): number {
    const base = interval();
    return failures === 0 ? base : Math.min(maxBackoff, base * 2 ** failures);
  }

  function arm(accountId: string, collection: SyncedCollectionName, entry: Entry, ms: number): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void runNow(accountId, collection);
    }, ms);
    entry.timer.unref?.();
  }

  async function runNow(accountId: string, collection: SyncedCollectionName): Promise<SyncOutcome> {
    const entry = schools.get(accountId)?.get(collection);
    if (!entry || stopped) return 'never_synced';
    if (entry.busy) return 'running';
    entry.busy = true;
    let outcome: SyncOutcome;
    try {
      outcome = await turn(accountId, collection, entry);
    } finally {
      entry.busy = false;
    }
    // Signed out or quit meanwhile: no next turn.
    if (!stopped && schools.get(accountId)?.get(collection) === entry) arm(accountId, collection, entry, jittered(delayAfter(entry.failures)));
    return outcome;
  }

  async function turn(accountId: string, collection: SyncedCollectionName, entry: Entry): Promise<SyncOutcome> {
    if (!options.isOnline()) {
      entry.missedOffline = true;
      return 'offline';
    }
    entry.missedOffline = false;
    try {
      const state = await options.state(accountId, collection);
      if (state.running) return 'running';
      if (!state.synced) return 'never_synced';
      await options.sync(accountId, collection);
      entry.failures = 0;
      return 'synced';
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'unknown';
      // Cancelled: the admin or a sign-out stopped it, which is no fault of the platform.
      if (code !== 'cancelled') entry.failures++;
      options.logger.warn('scheduled sync failed', { collection, code, failures: entry.failures });
      return 'failed';
    }
  }

  function drop(accountId: string): void {
    for (const entry of schools.get(accountId)?.values() ?? []) if (entry.timer) clearTimeout(entry.timer);
    schools.delete(accountId);
  }

  return {
    setAccounts(accountIds) {
      if (stopped) return;
      const wanted = new Set(accountIds);
      for (const accountId of [...schools.keys()]) if (!wanted.has(accountId)) drop(accountId);
      for (const accountId of wanted) {
        if (schools.has(accountId)) continue;
        const entries = new Map<SyncedCollectionName, Entry>();
        schools.set(accountId, entries);
        for (const collection of collections) {
          const entry: Entry = { timer: null, failures: 0, missedOffline: false, busy: false };
          entries.set(collection, entry);
          // The first turn somewhere in the last three quarters of the first interval: a start-up with five
          // schools spreads their syncs, and none adds to the syncs the first screens start on opening.
          arm(accountId, collection, entry, Math.max(1_000, Math.round(interval() * (0.25 + 0.75 * random()))));
        }
      }
    },
    online() {
      if (stopped) return;
      for (const [accountId, entries] of schools) {
        for (const [collection, entry] of entries) {
          if (entry.missedOffline && !entry.busy) arm(accountId, collection, entry, Math.max(1_000, Math.round(60_000 * random())));
        }
      }
    },
    delayAfter,
    runNow,
    stop() {
      stopped = true;
      for (const accountId of [...schools.keys()]) drop(accountId);
    },
  };
}

/** The schedule's state and sync, as the engine's methods (status: memory or snapshot, never the platform). */
export function engineSyncTargets(engine: Pick<EngineClient, 'call'>): Pick<SyncScheduleOptions, 'state' | 'sync'> {
  return {
    state: async (accountId, collection) => {
      if (collection === 'orders') {
        const status = await engine.call('orders.status', { accountId });
        return { synced: status.count !== null, running: status.loadingJobId !== null };
      }
      if (collection === 'students') {
        const status = await engine.call('students.status', { accountId });
        return { synced: status.students !== null, running: status.loadingJobId !== null };
      }
      const status = await engine.call('subscriptions.status', { accountId });
      return { synced: status.count !== null, running: status.loadingJobId !== null };
    },
    sync: async (accountId, collection) => {
      if (collection === 'orders') await engine.call('orders.load', { accountId, mode: 'incremental' });
      else if (collection === 'students') await engine.call('students.load', { accountId, mode: 'incremental' });
      else await engine.call('subscriptions.sync', { accountId });
    },
  };
}
