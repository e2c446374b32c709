// When the app checks for updates, what it does with the answer and what it tells the admin. Electron-free:
// the adapter (electron/adapters/updater.ts) feeds electron-updater's events in and carries `check()` out,
// so every decision here runs in plain Node with an injected clock.
//
// The rules:
// - check a short while after start, then every few hours (4 by default), counted from the last check;
// - never automatically while paused (the admin's persisted setting) or offline (a check that falls due
//   offline runs as soon as the connection is back);
// - after a failure, retry sooner but back off (5 min, 10, 20, ... up to the regular interval);
// - electron-updater downloads in the background; when the download is done the admin sees a quiet banner
//   and the update installs when the app quits, unless updates are paused;
// - "Check now" always runs (the admin asked), except offline or while a check or download is under way.
import { t } from '../../../shared/i18n/i18n';
import type { SerializedAppError } from '../../../shared/errors';
import { AppError } from '../../../shared/errors';
import type { UpdateState, UpdateStatus } from '../../../shared/ipc/updates';
import type { Logger } from '../log';
import { classifyUpdateError } from './update-errors';
import { describeUpdateStatus, type UpdatesUnsupportedReason } from './update-messages';

interface UpdateClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: UpdateClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Where the "pause updates" setting lives between runs. */
export interface PausedSetting {
  load(): Promise<boolean>;
  save(paused: boolean): Promise<void>;
}

export interface UpdatePolicyOptions {
  /** Delay of the first check after start, so start-up work comes first. */
  startDelayMs: number;
  /** Time between automatic checks. */
  intervalMs: number;
  /** First retry delay after a failure; doubles per consecutive failure, capped at `intervalMs`. */
  retryBaseMs: number;
}

const DEFAULT_UPDATE_OPTIONS: UpdatePolicyOptions = {
  startDelayMs: 30_000,
  intervalMs: 4 * 60 * 60_000,
  retryBaseMs: 5 * 60_000,
};

interface UpdatePolicyDeps {
  currentVersion: string;
  /** Asks the update feed; the outcome arrives through the event methods below (and a rejection = failure). */
  check(): Promise<void>;
  isOnline(): boolean;
  pausedSetting: PausedSetting;
  /** Called with every status change (the main process forwards it as updates.changed). */
  onChange(status: UpdateStatus): void;
  logger: Logger;
  clock?: UpdateClock;
  options?: Partial<UpdatePolicyOptions>;
  /** False where the app cannot update itself; then nothing is ever checked and the reason is shown. */
  supported?: boolean;
  unsupportedReason?: UpdatesUnsupportedReason;
}

type Phase = Exclude<UpdateState, 'paused'>;

export class UpdatePolicy {
  private readonly clock: UpdateClock;
  private readonly options: UpdatePolicyOptions;
  private readonly supported: boolean;
  private phase: Phase = 'idle';
  private paused = false;
  private started = false;
  private availableVersion: string | null = null;
  private percent: number | null = null;
  private lastCheckedAt: number | null = null;
  private nextCheckAt: number | null = null;
  private timer: unknown = null;
  private failures = 0;
  private dueWhileOffline = false;
  private error: AppError | null = null;

  constructor(private readonly deps: UpdatePolicyDeps) {
    this.clock = deps.clock ?? systemClock;
    this.options = { ...DEFAULT_UPDATE_OPTIONS, ...deps.options };
    this.supported = deps.supported ?? true;
  }

  /** Loads the pause setting and schedules the first check. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      this.paused = await this.deps.pausedSetting.load();
    } catch (cause) {
      // An unreadable setting must not stop the app; not pausing is the safe default (updates carry fixes).
      this.deps.logger.warn('update setting unreadable, updates not paused', { reason: String(cause) });
      this.paused = false;
    }
    this.schedule(this.options.startDelayMs);
    this.changed();
  }

  stop(): void {
    this.cancelTimer();
    this.started = false;
  }

  status(): UpdateStatus {
    const state: UpdateState = this.paused && (this.phase === 'idle' || this.phase === 'error') ? 'paused' : this.phase;
    const error: SerializedAppError | null = this.phase === 'error' && this.error ? this.error.toJSON() : null;
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const facts = {
      state,
      supported: this.supported,
      paused: this.paused,
      availableVersion: this.availableVersion,
      percent: this.phase === 'downloading' ? this.percent : null,
      lastCheckedAt: iso(this.lastCheckedAt),
      error,
    };
    return {
      ...facts,
      currentVersion: this.deps.currentVersion,
      nextCheckAt: iso(this.nextCheckAt),
      ...describeUpdateStatus({ ...facts, unsupportedReason: this.deps.unsupportedReason ?? 'development' }),
    };
  }

  /** Whether quitting now should install the downloaded update. */
  installOnQuit(): boolean {
    return this.supported && this.phase === 'ready' && !this.paused;
  }

  /** The admin's "Check now". Returns at once; the outcome follows as status changes. */
  checkNow(): UpdateStatus {
    if (!this.supported || this.phase === 'checking' || this.phase === 'available' || this.phase === 'downloading' || this.phase === 'ready') {
      return this.status();
    }
    if (!this.deps.isOnline()) {
      this.dueWhileOffline = true;
      this.fail(new AppError('offline', t('main:updates.errors.offline')), false);
      return this.status();
    }
    this.runCheck();
    return this.status();
  }

  async setPaused(paused: boolean): Promise<UpdateStatus> {
    await this.deps.pausedSetting.save(paused);
    if (paused === this.paused) return this.status();
    this.paused = paused;
    if (paused) {
      this.cancelTimer();
    } else if (this.started && (this.phase === 'idle' || this.phase === 'error')) {
      this.failures = 0;
      this.schedule(this.options.startDelayMs);
    }
    this.changed();
    return this.status();
  }

  /** The main process's online probe changed. */
  setOnline(online: boolean): void {
    if (online && this.dueWhileOffline && this.started && !this.paused && (this.phase === 'idle' || this.phase === 'error')) {
      this.dueWhileOffline = false;
      this.runCheck();
    }
  }

  // ---- events from electron-updater ----------------------------------------------------------------

  checking(): void {
    // Our own runCheck already said "checking"; the updater's echo of it is not news.
    if (this.phase === 'ready' || this.phase === 'checking') return;
    this.phase = 'checking';
    this.changed();
  }

  updateAvailable(version: string): void {
    this.lastCheckedAt = this.clock.now();
    this.failures = 0;
    this.availableVersion = version;
    this.phase = 'available';
    this.changed();
  }

  updateNotAvailable(): void {
    this.checkSucceeded();
  }

  downloadProgress(percent: number): void {
    if (this.phase !== 'available' && this.phase !== 'downloading') return;
    const next = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
    // One change per whole percent is plenty for a progress line and spares the IPC channel.
    const visibleChange = this.phase !== 'downloading' || Math.floor(next) !== Math.floor(this.percent ?? -1);
    this.phase = 'downloading';
    this.percent = next;
    if (visibleChange) this.changed();
  }

  downloaded(version: string): void {
    this.availableVersion = version;
    this.phase = 'ready';
    this.percent = null;
    this.error = null;
    this.failures = 0;
    // Nothing more to check for until the app restarts into the new version.
    this.cancelTimer();
    this.changed();
  }

  failed(cause: unknown): void {
    // electron-updater reports a failed check both as a rejection and as an 'error' event: count it once.
    if (this.phase !== 'checking' && this.phase !== 'available' && this.phase !== 'downloading') return;
    this.fail(cause instanceof AppError ? cause : classifyUpdateError(cause), true);
  }

  // ---- internals -------------------------------------------------------------------------------------

  private runCheck(): void {
    this.cancelTimer();
    this.phase = 'checking';
    this.error = null;
    this.changed();
    this.deps.check().then(
      () => {
        // No event moved us on (e.g. the feed had nothing, or the updater is inactive): up to date.
        if (this.phase === 'checking') this.checkSucceeded();
      },
      (cause: unknown) => this.failed(cause),
    );
  }

  private checkSucceeded(): void {
    this.lastCheckedAt = this.clock.now();
    this.failures = 0;
    this.error = null;
    this.availableVersion = null;
    this.phase = 'idle';
    this.schedule(this.options.intervalMs);
    this.changed();
  }

  private fail(error: AppError, countsAsFailure: boolean): void {
    this.phase = 'error';
    this.error = error;
    this.percent = null;
    if (countsAsFailure) {
      this.failures += 1;
      this.deps.logger.warn('update check failed', { code: error.code, reason: error.cause instanceof Error ? error.cause.message : String(error.cause ?? '') });
      this.schedule(this.retryDelay());
    }
    this.changed();
  }

  private retryDelay(): number {
    return Math.min(this.options.retryBaseMs * 2 ** (this.failures - 1), this.options.intervalMs);
  }

  private schedule(delayMs: number): void {
    this.cancelTimer();
    if (!this.supported || !this.started || this.paused || this.phase === 'ready') return;
    this.nextCheckAt = this.clock.now() + delayMs;
    this.timer = this.clock.setTimeout(() => this.due(), delayMs);
  }

  private due(): void {
    this.timer = null;
    this.nextCheckAt = null;
    if (this.paused || this.phase === 'ready' || this.phase === 'checking' || this.phase === 'downloading' || this.phase === 'available') return;
    if (!this.deps.isOnline()) {
      this.dueWhileOffline = true;
      this.changed();
      return;
    }
    this.runCheck();
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.nextCheckAt = null;
  }

  private changed(): void {
    this.deps.onChange(this.status());
  }
}
