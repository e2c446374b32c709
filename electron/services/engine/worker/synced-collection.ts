// One collection of a school's records as the engine keeps it (orders, students with their enrollments,
// subscriptions), per school: synced from the platform in full once (progress, Cancel; the rows so far answer
// queries while it runs, and a stopped first sync goes on where it stopped), then by the feed's updated_since
// (or in full again where the platform has none), one sync per school at a time; answered from memory, or from
// its sealed snapshot (snapshot-store.ts: atomic, LRU-bounded) after a restart and offline; a snapshot that does
// not open is refused, deleted and rebuilt from the platform; sign-out forgets it all. What a record is, how
// the platform's pages become the table and how it is encoded stays with each collection (CollectionKind); the
// flow around it is written once here.
import { performance } from 'node:perf_hooks';
import { AppError } from '../../../../shared/errors';
import { t } from '../../../../shared/i18n/i18n';
import type { Answer } from '../../../../shared/ipc/data';
import { checkpoint, type JobRegistry } from './jobs';
import type { Logger } from '../../log';
import { WriteQueue } from '../../store/json-file';
import type { EngineEvent, LoadMode, PageRequest } from '../contract/protocol';
import type { SnapshotStore } from './snapshot-store';
import { SyncProfile, type SyncProfileData } from './sync-profile';
import type { PageSource } from './page-walks';

export interface EngineHost {
  /** One page of a list operation, through the main process's PlatformCaller: its bytes (platform/page-request.ts RawPage) or, from a stand-in, its JSON. */
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

/** What a collection's sync works with. */
export interface SyncContext<T, S> {
  accountId: string;
  /** What is held: the sync brings what changed since. Null: a first (or full) sync, everything. */
  base: T | null;
  /** What a first sync that stopped (Cancel, a failure) had, to go on from. */
  resume: S | null;
  signal: AbortSignal;
  profile: SyncProfile;
  page: PageSource;
  progress(loaded: number, total: number | null): void;
  /** A first sync's table so far: queries answer from it, marked partial, until the sync ends. */
  publish(table: T, loaded: number, expected: number | null): void;
  /** What a first sync has so far, kept when it stops so the next one goes on from it. */
  keep(state: S): void;
}

/** What a sync brought: the new table (base itself when nothing changed), how many records really changed, how many were read. */
export interface SyncOutcome<T> {
  table: T;
  changed: number;
  fetched: number;
  /**
   * The same table in its final layout, made once the load has answered (queries answer from `table`
   * meanwhile); the snapshot is written from it. A first sync's table shares the memory it was filled in, so that
   * narrowing and joining its columns (40 ms of the end of a 65,000-order sync) keeps nobody waiting.
   */
  settled?: () => Promise<T>;
}

/** What makes a collection what it is; the flow (SyncedCollection) is the same for all. */
export interface CollectionKind<T, R, S = never> {
  /**
   * Default job ids and log lines; in the UI language, the job's name in a "… was cancelled" message and the
   * progress labels of a first and a later sync (engine:sync.<name>).
   */
  name: 'orders' | 'students' | 'subscriptions';
  /** The snapshot's name in the store (one file per school and collection). */
  snapshotId(accountId: string): string;
  /** Brings the table up to date from the platform (all of it when `base` is null). Honour `signal` in long loops. */
  sync(context: SyncContext<T, S>): Promise<SyncOutcome<T>>;
  encode(table: T, fetchedAt: string): Uint8Array[];
  /** The snapshot's plaintext back as a table; throws when it is not exactly what encode wrote. */
  decode(plain: Buffer): { table: T; fetchedAt: string };
  /** The answer of a load. */
  result(table: T, fetched: number, mode: SyncMode): R;
  /** The event a later sync that changed something sends, so screens refetch. */
  invalidated: InvalidationReason;
}

/** A first sync's rows so far, which queries answer from until it ends. */
interface PartialCopy<T> {
  table: T;
  loaded: number;
  /** How many records the sync expects in all, when known. */
  expected: number | null;
  /** False once the sync stopped before the end (Cancel, a failure): the next load goes on from it. */
  running: boolean;
  fetchedAt: string;
}

/** What queries answer from: the synced copy, or a first sync's rows so far (`partial`). */
interface Answering<T> {
  synced: Synced<T>;
  partial: Omit<PartialCopy<T>, 'table' | 'fetchedAt'> | null;
}

interface SchoolState<T, R, S> {
  loaded: Synced<T> | null;
  loading: { jobId: string; promise: Promise<Answer<R>> } | null;
  partial: PartialCopy<T> | null;
  /** Resolves when the next partial copy is published or the running load ends. */
  published: { promise: Promise<void>; resolve(): void };
  resume: S | null;
  profile: SyncProfile | null;
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

function publication(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export class SyncedCollection<T, R, S = never> {
  readonly #schools = new Map<string, SchoolState<T, R, S>>();
  readonly #now: () => number;

  constructor(
    private readonly kind: CollectionKind<T, R, S>,
    private readonly host: EngineHost,
    private readonly store: SnapshotStore,
    /** The engine's jobs: Cancel of a sync reaches it by its job id there. */
    private readonly jobs: JobRegistry,
  ) {
    this.#now = host.now ?? Date.now;
  }

  #school(accountId: string): SchoolState<T, R, S> {
    let state = this.#schools.get(accountId);
    if (!state) {
      state = {
        loaded: null, loading: null, partial: null, published: publication(), resume: null, profile: null,
        refreshAfterRestore: false, persisted: null, writes: new WriteQueue(), forgotten: false, writeMs: null, openMs: null,
      };
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
   * A change the app itself made, put into the copy held (memory, else the snapshot) without asking the
   * platform: `change` answers the new table and how many records changed. The copy keeps its fetchedAt (it
   * is as complete as its last sync); the snapshot is written again and the screens are told. 0: nothing held.
   */
  async apply(accountId: string, change: (table: T) => { table: T; changed: number }): Promise<number> {
    const state = this.#school(accountId);
    // A sync under way may have read these records before the write: its copy gets the change too.
    if (state.loading) void state.loading.promise.then(() => this.apply(accountId, change)).catch(() => undefined);
    const held = await this.opened(accountId);
    if (!held || state.forgotten) return 0;
    const { table, changed } = change(held.table);
    if (changed === 0) return 0;
    // A sync that finishes later replaces this copy with the platform's, which holds the change too.
    state.loaded = { ...held, table };
    this.#persist(accountId, state);
    this.host.emit({ event: 'data.invalidated', payload: { accountId, reason: this.kind.invalidated } });
    return changed;
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
    if (!state.loaded) throw new AppError('internal', t('engine:errors.notLoaded', { what: t(`engine:lists.${this.kind.name}`) }));
    return state.loaded;
  }

  /**
   * What queries answer from: the synced copy; else the rows a first sync has brought so far (it runs, or it
   * stopped and waits to go on); else a sync is started (or joined) and this waits for its first rows or its end.
   */
  async answering(accountId: string): Promise<Answering<T>> {
    const state = this.#school(accountId);
    for (;;) {
      if (state.loaded) return { synced: state.loaded, partial: null };
      if (state.partial) {
        const { table, fetchedAt, ...partial } = state.partial;
        return { synced: { table, fetchedAt, fromCache: false }, partial };
      }
      const loading = state.loading?.promise ?? this.load(accountId, 'auto');
      const published = state.published.promise;
      // The load's failure is the answer's, unless it left rows to show.
      await Promise.race([loading.then(() => undefined, (error: unknown) => (state.partial || state.loaded ? undefined : Promise.reject(error))), published]);
    }
  }

  /** How the last sync (or the one running) spent its time. */
  profile(accountId: string): SyncProfileData | null {
    return this.#schools.get(accountId)?.profile?.data() ?? null;
  }

  /**
   * One sync per school at a time: a second caller joins the one in flight. A caller with its own job id (a page
   * showing progress and Cancel) gets that sync's progress under its id, and its Cancel stops it, even when the
   * sync was started in the background (Today's counts, a search).
   */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<R>> {
    const state = this.#school(accountId);
    if (state.loading) {
      if (jobId) this.jobs.join(jobId, state.loading.jobId);
      return state.loading.promise;
    }
    const id = jobId ?? `${this.kind.name}.load:${accountId}:${this.#now()}`;
    const promise = this.jobs
      .run(id, (job) => this.#load(accountId, state, mode, job.id, job.signal), t(`engine:sync.${this.kind.name}.job`))
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

  async #load(accountId: string, state: SchoolState<T, R, S>, mode: LoadMode, jobId: string, signal: AbortSignal): Promise<Answer<R>> {
    const { kind } = this;
    const inMemory = state.loaded !== null;
    if (!state.loaded && !state.partial && mode !== 'full') {
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
    // Only a sync with nothing held shows its rows as they come and can go on after it stops.
    const first = state.loaded === null;
    const startedAt = new Date(this.#now()).toISOString();
    const label = t(base ? `engine:sync.${kind.name}.incremental` : `engine:sync.${kind.name}.full`);
    const progress = (loaded: number, total: number | null, done: boolean) => {
      // Also under the ids of pages that joined it (JobRegistry.join), which show its progress.
      for (const id of [jobId, ...this.jobs.joinedTo(jobId)]) this.host.emit({ event: 'data.progress', payload: { jobId: id, accountId, loaded, total, label, done } });
    };
    progress(0, null, false);
    const profile = new SyncProfile();
    state.profile = profile;
    if (state.partial) state.partial = { ...state.partial, running: true };

    let outcome: SyncOutcome<T>;
    try {
      outcome = await kind.sync({
        accountId,
        base: base?.table ?? null,
        resume: first ? state.resume : null,
        signal,
        profile,
        page: (request, pageSignal) => this.host.page(request, pageSignal),
        progress: (loaded, total) => progress(loaded, total, false),
        publish: (table, loaded, expected) => {
          if (!first) return;
          state.partial = { table, loaded, expected, running: true, fetchedAt: startedAt };
          const published = state.published;
          state.published = publication();
          published.resolve();
        },
        keep: (kept) => {
          if (first) state.resume = kept;
        },
      });
    } catch (error) {
      profile.end();
      progress(0, null, true);
      if (state.partial) state.partial = { ...state.partial, running: false };
      if (!signal.aborted && isUnavailable(error)) {
        const fallback = state.loaded ?? (state.partial ? null : await this.#restore(accountId, state));
        if (fallback) {
          state.loaded = { ...fallback, fromCache: true };
          this.host.reachable(accountId, false);
          this.host.logger.info(`${kind.name} answered from the offline snapshot`, {});
          return { data: kind.result(fallback.table, 0, inMemory ? 'memory' : 'disk'), fetchedAt: fallback.fetchedAt, fromCache: true };
        }
      }
      throw error;
    } finally {
      state.published.resolve();
      state.published = publication();
    }
    profile.end();
    this.host.reachable(accountId, true);
    await checkpoint(signal);
    if (state.forgotten) throw new AppError('cancelled', t('engine:errors.signedOut'));

    const { table, changed, fetched } = outcome;
    state.loaded = { table, fetchedAt: startedAt, fromCache: false };
    state.partial = null;
    state.resume = null;
    progress(fetched, fetched, true);
    if (base && changed > 0) this.host.emit({ event: 'data.invalidated', payload: { accountId, reason: kind.invalidated } });
    this.#persist(accountId, state, outcome.settled);
    return { data: kind.result(table, fetched, base ? 'incremental' : 'full'), fetchedAt: startedAt, fromCache: false };
  }

  /**
   * Writes the snapshot in the background, one write after another per school; a table still to be settled
   * (SyncOutcome.settled) first takes its final layout's place, unless a newer copy took it meanwhile.
   */
  #persist(accountId: string, state: SchoolState<T, R, S>, settled?: () => Promise<T>): void {
    if (!state.loaded || state.forgotten) return;
    let loaded: Synced<T> = state.loaded;
    const id = this.kind.snapshotId(accountId);
    void state.writes.run(async () => {
      if (settled && state.loaded === loaded && !state.forgotten) {
        try {
          const table: T = await settled();
          if (state.loaded === loaded) state.loaded = loaded = { ...loaded, table };
        } catch (error) {
          // The table answered keeps answering, and is what the snapshot holds.
          this.host.logger.warn(`${this.kind.name} not settled`, { error: (error as Error).message });
        }
      }
      if (state.loaded !== loaded || state.forgotten) return; // a newer load (or a change the app made) writes its own
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
  async #restore(accountId: string, state: SchoolState<T, R, S>): Promise<Synced<T> | null> {
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
      state.partial = null;
      state.resume = null;
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
