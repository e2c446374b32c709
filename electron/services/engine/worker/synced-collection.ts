// One collection of a school's records as the engine keeps it (orders, students with their enrollments,
// subscriptions), per school: synced from the platform in full once (progress, Cancel), then by the feed's
// updated_since (or in full again where the platform has none), one sync per school at a time; answered from
// memory, or from its sealed snapshot (snapshot-store.ts: atomic, LRU-bounded) after a restart and offline; a
// snapshot that does not open is refused, deleted and rebuilt from the platform; sign-out forgets it all.
// What a record is, how a batch is fetched, merged into the table and encoded stays with each collection
// (CollectionKind); the flow around it is written once here.
import { performance } from 'node:perf_hooks';
import { AppError } from '../../../../shared/errors';
import type { Answer } from '../../../../shared/ipc/data';
import { checkpoint, type JobRegistry } from './jobs';
import type { Logger } from '../../log';
import { WriteQueue } from '../../store/json-file';
import type { EngineEvent, LoadMode, PageRequest } from '../contract/protocol';
import type { SnapshotStore } from './snapshot-store';

export interface EngineHost {
  /** One page of a list operation, through the main process's PlatformCaller (the raw JSON). */
  page(request: PageRequest, signal: AbortSignal): Promise<unknown>;
  emit(event: EngineEvent): void;
  reachable(accountId: string, reachable: boolean): void;
  /** The school's snapshot key; null when the key store cannot be used (nothing is kept then). */
  key(accountId: string): Buffer | null;
  logger: Logger;
  now?: () => number;
}

/** Failures that mean "the platform is not there right now" (as in data/cached-read.ts). */
const UNAVAILABLE = new Set(['offline', 'unreachable', 'server_error', 'timed_out']);
const isUnavailable = (error: unknown): boolean => error instanceof AppError && UNAVAILABLE.has(error.code);

type SyncMode = 'full' | 'incremental' | 'memory' | 'disk';
type InvalidationReason = Extract<EngineEvent, { event: 'data.invalidated' }>['payload']['reason'];

export interface Synced<T> {
  table: T;
  fetchedAt: string;
  fromCache: boolean;
}

/** What makes a collection what it is; the flow (SyncedCollection) is the same for all. */
export interface CollectionKind<T, F, R> {
  /** 'orders', 'students', 'subscriptions': default job ids and log lines. */
  name: string;
  /** The snapshot's name in the store (one file per school and collection). */
  snapshotId(accountId: string): string;
  /** The job's name in a "… was cancelled" message, and the progress labels of a first and a later sync. */
  labels: { job: string; full: string; incremental: string };
  /** The records changed since what `base` holds (all of them when base is null), page by page. */
  fetch(accountId: string, base: T | null, signal: AbortSignal, onPage: (loaded: number, total: number) => void): Promise<F>;
  /** How many records the fetch brought (progress, the answer). */
  fetchedCount(fetched: F): number;
  /** The new table (base itself when nothing changed) and how many records really changed. Honour `signal` in long loops. */
  build(base: T | null, fetched: F, signal: AbortSignal): Promise<{ table: T; changed: number }>;
  encode(table: T, fetchedAt: string): Uint8Array[];
  /** The snapshot's plaintext back as a table; throws when it is not exactly what encode wrote. */
  decode(plain: Buffer): { table: T; fetchedAt: string };
  /** The answer of a load. */
  result(table: T, fetched: number, mode: SyncMode): R;
  /** The event a later sync that changed something sends, so screens refetch. */
  invalidated: InvalidationReason;
}

interface SchoolState<T, R> {
  loaded: Synced<T> | null;
  loading: { jobId: string; promise: Promise<Answer<R>> } | null;
  refreshAfterRestore: boolean;
  /** What the snapshot on disk holds. */
  persisted: { table: T; fetchedAt: string } | null;
  writes: WriteQueue;
  forgotten: boolean;
  writeMs: number | null;
  openMs: number | null;
}

interface CollectionSnapshotInfo<T> {
  table: T;
  fetchedAt: string;
  bytes: number;
  writeMs: number | null;
  openMs: number | null;
}

export class SyncedCollection<T, F, R> {
  readonly #schools = new Map<string, SchoolState<T, R>>();
  readonly #now: () => number;

  constructor(
    private readonly kind: CollectionKind<T, F, R>,
    private readonly host: EngineHost,
    private readonly store: SnapshotStore,
    /** The engine's jobs: Cancel of a sync reaches it by its job id there. */
    private readonly jobs: JobRegistry,
  ) {
    this.#now = host.now ?? Date.now;
  }

  #school(accountId: string): SchoolState<T, R> {
    let state = this.#schools.get(accountId);
    if (!state) {
      state = { loaded: null, loading: null, refreshAfterRestore: false, persisted: null, writes: new WriteQueue(), forgotten: false, writeMs: null, openMs: null };
      this.#schools.set(accountId, state);
    }
    return state;
  }

  /** What memory holds now, without opening or asking anything. */
  inMemory(accountId: string): Synced<T> | null {
    return this.#schools.get(accountId)?.loaded ?? null;
  }

  loadingJobId(accountId: string): string | null {
    return this.#schools.get(accountId)?.loading?.jobId ?? null;
  }

  /** What memory holds, else the snapshot opened (unless a sync is running, which opens it itself); never the platform. */
  async opened(accountId: string): Promise<Synced<T> | null> {
    const state = this.#school(accountId);
    if (!state.loaded && !state.loading) {
      // Opening the snapshot is what the next step does anyway, and it takes well under a second.
      const restored = await this.#restore(accountId, state);
      if (restored) state.loaded = restored;
    }
    return state.loaded;
  }

  /**
   * What is held (memory, else the snapshot), never waiting on the platform; null when nothing is. A copy from
   * the snapshot, or older than `maxAgeMs`, is brought up to date in the background (only what changed), and
   * data.invalidated tells the screens when something did.
   */
  async held(accountId: string, maxAgeMs: number): Promise<Synced<T> | null> {
    const synced = await this.opened(accountId);
    if (synced && !this.loadingJobId(accountId) && (synced.fromCache || this.#now() - Date.parse(synced.fetchedAt) > maxAgeMs)) {
      this.load(accountId, 'incremental').catch((error: unknown) => {
        this.host.logger.info(`the synced ${this.kind.name} were not refreshed`, { code: (error as AppError).code ?? 'unknown' });
      });
    }
    return synced;
  }

  async ensureLoaded(accountId: string): Promise<Synced<T>> {
    const state = this.#school(accountId);
    if (state.loaded) return state.loaded;
    if (state.loading) await state.loading.promise;
    else await this.load(accountId, 'auto');
    if (!state.loaded) throw new AppError('internal', `The ${this.kind.name} could not be loaded.`);
    return state.loaded;
  }

  /** One sync per school at a time: a second caller joins the one in flight. */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<R>> {
    const state = this.#school(accountId);
    if (state.loading) return state.loading.promise;
    const id = jobId ?? `${this.kind.name}.load:${accountId}:${this.#now()}`;
    const promise = this.jobs
      .run(id, (job) => this.#load(accountId, state, mode, job.id, job.signal), this.kind.labels.job)
      .finally(() => {
        state.loading = null;
        if (state.refreshAfterRestore && !state.forgotten) {
          state.refreshAfterRestore = false;
          this.load(accountId, 'incremental').catch((error: unknown) => {
            this.host.logger.warn(`refreshing the saved ${this.kind.name} failed`, { code: (error as AppError).code ?? 'unknown' });
          });
        }
      });
    state.loading = { jobId: id, promise };
    return promise;
  }

  async #load(accountId: string, state: SchoolState<T, R>, mode: LoadMode, jobId: string, signal: AbortSignal): Promise<Answer<R>> {
    const { kind } = this;
    const inMemory = state.loaded !== null;
    if (!state.loaded && mode !== 'full') {
      const restored = await this.#restore(accountId, state);
      if (restored) {
        state.loaded = restored;
        if (mode === 'auto') {
          // Answer from the snapshot now; the refresh follows in the background (load's finally).
          state.refreshAfterRestore = true;
          return { data: kind.result(restored.table, 0, 'disk'), fetchedAt: restored.fetchedAt, fromCache: true };
        }
      }
    }
    const base = mode === 'full' ? null : state.loaded;
    const startedAt = new Date(this.#now()).toISOString();
    const label = base ? kind.labels.incremental : kind.labels.full;
    const progress = (loaded: number, total: number | null, done: boolean) =>
      this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded, total, label, done } });
    progress(0, null, false);

    let fetched: F;
    try {
      fetched = await kind.fetch(accountId, base?.table ?? null, signal, (loaded, total) => progress(loaded, total, false));
    } catch (error) {
      progress(0, null, true);
      if (!signal.aborted && isUnavailable(error)) {
        const fallback = state.loaded ?? (await this.#restore(accountId, state));
        if (fallback) {
          state.loaded = { ...fallback, fromCache: true };
          this.host.reachable(accountId, false);
          this.host.logger.info(`${kind.name} answered from the offline snapshot`, {});
          return { data: kind.result(fallback.table, 0, inMemory ? 'memory' : 'disk'), fetchedAt: fallback.fetchedAt, fromCache: true };
        }
      }
      throw error;
    }
    this.host.reachable(accountId, true);
    const { table, changed } = await kind.build(base?.table ?? null, fetched, signal);
    await checkpoint(signal);
    if (state.forgotten) throw new AppError('cancelled', 'The school was signed out.');
    state.loaded = { table, fetchedAt: startedAt, fromCache: false };
    const count = kind.fetchedCount(fetched);
    progress(count, count, true);
    if (base && changed > 0) this.host.emit({ event: 'data.invalidated', payload: { accountId, reason: kind.invalidated } });
    this.#persist(accountId, state);
    return { data: kind.result(table, count, base ? 'incremental' : 'full'), fetchedAt: startedAt, fromCache: false };
  }

  /** Writes the snapshot in the background, one write after another per school. */
  #persist(accountId: string, state: SchoolState<T, R>): void {
    const loaded = state.loaded;
    if (!loaded || state.forgotten) return;
    const id = this.kind.snapshotId(accountId);
    void state.writes.run(async () => {
      if (state.loaded !== loaded || state.forgotten) return; // a newer load writes its own
      const key = this.host.key(accountId);
      if (!key) return;
      try {
        const started = performance.now();
        await this.store.write(id, key, this.kind.encode(loaded.table, loaded.fetchedAt));
        state.writeMs = performance.now() - started;
        state.persisted = { table: loaded.table, fetchedAt: loaded.fetchedAt };
      } catch (error) {
        this.host.logger.warn(`${this.kind.name} snapshot not written`, { error: (error as Error).message });
      }
      if (state.forgotten) await this.store.remove(id);
    });
  }

  /** The snapshot, opened; null when there is none, or when it is refused (deleted: the platform is asked again). */
  async #restore(accountId: string, state: SchoolState<T, R>): Promise<Synced<T> | null> {
    const key = this.host.key(accountId);
    if (!key) return null;
    const id = this.kind.snapshotId(accountId);
    try {
      const started = performance.now();
      const plain = await this.store.read(id, key);
      if (!plain) return null;
      const { table, fetchedAt } = this.kind.decode(plain);
      state.persisted = { table, fetchedAt };
      state.openMs = performance.now() - started;
      return { table, fetchedAt, fromCache: true };
    } catch (error) {
      this.host.logger.warn(`${this.kind.name} snapshot refused, loading from the platform`, { error: (error as Error).message });
      await this.store.remove(id);
      return null;
    }
  }

  /** What the snapshot on disk holds (opened if nothing is known of it yet), once pending writes are done. */
  async snapshotInfo(accountId: string): Promise<CollectionSnapshotInfo<T> | null> {
    const state = this.#school(accountId);
    await state.writes.run(async () => undefined);
    const bytes = await this.store.sizeOf(this.kind.snapshotId(accountId));
    if (bytes === null) return null;
    if (!state.persisted) {
      const restored = await this.#restore(accountId, state);
      if (restored && !state.loaded) state.loaded = restored;
    }
    return state.persisted ? { table: state.persisted.table, fetchedAt: state.persisted.fetchedAt, bytes, writeMs: state.writeMs, openMs: state.openMs } : null;
  }

  /** Sign-out: stop its sync, wait for its writes, drop it from memory and delete its snapshot. */
  async forget(accountId: string): Promise<void> {
    const state = this.#schools.get(accountId);
    this.#schools.delete(accountId);
    if (state) {
      state.forgotten = true;
      state.loaded = null;
      if (state.loading) this.jobs.cancel(state.loading.jobId);
      await state.loading?.promise.catch(() => undefined);
      await state.writes.run(async () => undefined);
    }
    await this.store.remove(this.kind.snapshotId(accountId));
  }

  /** Resolves when no snapshot write is pending. */
  async idle(): Promise<void> {
    await Promise.all([...this.#schools.values()].map((s) => s.writes.run(async () => undefined)));
  }
}

/** Cursor pages until the feed says there is no next one; a cursor seen twice stops it (the platform looping). */
export async function pageThrough(signal: AbortSignal, what: string, page: (position: string | null) => Promise<string | null>): Promise<void> {
  const seen = new Set<string>();
  let position: string | null = null;
  for (;;) {
    if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
    const next = await page(position);
    if (next === null) return;
    if (seen.has(next)) throw new AppError('bad_response', `The platform sent the same page of ${what} twice, so loading stopped.`);
    seen.add(next);
    position = next;
  }
}

/** A platform list may repeat a record that changed while it was being paged: the later copy wins, in first-seen order. */
export function latestOfEach<T extends { id: string }>(records: readonly T[]): T[] {
  const at = new Map<string, number>();
  const out: T[] = [];
  for (const record of records) {
    const i = at.get(record.id);
    if (i === undefined) {
      at.set(record.id, out.length);
      out.push(record);
    } else out[i] = record;
  }
  return out;
}
