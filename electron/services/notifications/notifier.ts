// The poller: per connected school, on its own timer, asks the platform what changed since the last look
// (only the sources whose scopes were granted; platform/notifications-platform.ts asks and turns the answers
// into candidates) and lets the policy (notification-policy.ts) decide what to deliver. It does nothing while
// the online probe says offline, and backs off (honouring Retry-After) when a school's platform fails.
// Deliveries go out as app.notification events; the desktop adapter and the renderer show them.
import type { AccountView } from '../../../shared/model/accounts';
import { AppError } from '../../../shared/errors';
import type { AppNotification, Attention, NotificationKind, NotificationSettings } from '../../../shared/ipc/notifications';
import type { PlatformCaller } from '../api/platform-caller';
import type { EmitEvent } from '../ipc/handler-types';
import type { Logger } from '../log';
import { commentsSince, lecturerNames, orderChangesSince, pastDueSubscriptions, readLargeSaleThresholds } from '../platform/notifications-platform';
import {
  advanceSince,
  baselineState,
  decideNotifications,
  inQuietHours,
  localMinuteOfDay,
  markSeen,
  mayPoll,
  nextPoll,
  POLL_INTERVAL_MS,
  sourcesToPoll,
  type NotificationCandidate,
  type SchoolNotifyState,
} from './notification-policy';
import type { NotifyStore } from './notify-store';
import type { TraySchool } from './tray-model';
import type { TodayGlance } from '../../../shared/ipc/today';

const THRESHOLD_MAX_AGE_MS = 6 * 60 * 60_000;

interface NotifierOptions {
  caller: PlatformCaller;
  store: NotifyStore;
  accounts: () => AccountView[];
  isOnline: () => boolean;
  settings: () => NotificationSettings;
  emit: EmitEvent;
  logger: Logger;
  intervalMs?: number;
  now?: () => Date;
  random?: () => number;
  /** Today's glance: its sales so far per currency and what needs the admin, the very figures Today shows (today/today-service.ts). */
  glance(accountId: string, signal: AbortSignal): Promise<TodayGlance>;
  /** The time zone of quiet hours (default: the computer's). */
  timeZone?: string;
  /** Runs `task` after `ms` (default setTimeout, unref'd); returns its cancel. Tests record the delays. */
  later?: (task: () => void, ms: number) => () => void;
}

function timerLater(task: () => void, ms: number): () => void {
  const timer = setTimeout(task, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}

export interface Notifier {
  start(): void;
  /** No more polls; the one in flight is told to stop, and this resolves once it has (nothing written after). */
  stop(): Promise<void>;
  /** Polls one school now (the timer's own step; tests call it directly). */
  pollNow(accountId: string): Promise<void>;
  /** The platform is reachable again: poll every school now rather than at its next turn. */
  online(): void;
  forget(accountId: string): Promise<void>;
  attention(): Attention;
  markSeen(accountId: string, id?: string): Promise<Attention>;
  /** Per school: unseen count and Today's glance (the tray and the badge). */
  traySchools(): TraySchool[];
  /** After each poll and each markSeen: the tray and the badge redraw. */
  onChange(listener: () => void): () => void;
}

interface SchoolRun {
  cancel?: () => void;
  failures: number;
  running?: Promise<void>;
  thresholds?: { at: number; values: Record<string, number> };
  glance?: TodayGlance;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const later = options.later ?? timerLater;
  const runs = new Map<string, SchoolRun>();
  const changeListeners = new Set<() => void>();
  let started = false;
  /** Aborted by stop(): the glance of a poll in flight gives up instead of reading and caching on. */
  let stopping = new AbortController();

  const runOf = (accountId: string): SchoolRun => {
    let run = runs.get(accountId);
    if (!run) runs.set(accountId, (run = { failures: 0 }));
    return run;
  };

  function schedule(accountId: string, delayMs: number): void {
    const run = runOf(accountId);
    run.cancel?.();
    run.cancel = undefined;
    if (!started) return;
    run.cancel = later(() => void pollNow(accountId), delayMs);
  }

  function offFor(accountId: string): Set<NotificationKind> {
    return new Set(options.settings().off[accountId] ?? []);
  }

  function pollNow(accountId: string): Promise<void> {
    const run = runOf(accountId);
    run.running ??= pollOnce(accountId, run).finally(() => {
      run.running = undefined;
    });
    return run.running;
  }

  async function pollOnce(accountId: string, run: SchoolRun): Promise<void> {
    const account = options.accounts().find((a) => a.id === accountId);
    if (!account) {
      runs.delete(accountId);
      return;
    }
    if (!mayPoll({ online: options.isOnline(), accountStatus: account.status })) {
      // Offline: nothing is asked; online() polls again as soon as the probe sees the platform.
      schedule(accountId, intervalMs);
      return;
    }
    const state = options.store.get(accountId);
    if (!state) {
      // The first look at this school: only what happens from now on is news.
      await options.store.set(accountId, baselineState(now()));
      await refreshGlance(accountId, run);
      schedule(accountId, intervalMs);
      return;
    }
    try {
      const { candidates, since } = await fetchCandidates(account, state, run);
      const settings = options.settings();
      const quiet = inQuietHours(settings.quietHours, localMinuteOfDay(now(), options.timeZone));
      const decided = decideNotifications({ ...state, since }, candidates, { off: offFor(accountId), quiet });
      await options.store.set(accountId, decided.state);
      for (const { candidate, silent } of decided.deliver) options.emit('app.notification', toNotification(account, candidate, silent));
      if (decided.deliver.length > 0) {
        options.logger.info('notifications found', { delivered: decided.deliver.length, silent: decided.deliver.filter((d) => d.silent).length });
        announceAttention();
      }
      await refreshGlance(accountId, run);
      const next = nextPoll({ ok: true, failures: run.failures }, intervalMs, options.random);
      run.failures = next.failures;
      schedule(accountId, next.delayMs);
    } catch (error) {
      const retryAfterMs = error instanceof AppError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : null;
      const next = nextPoll({ ok: false, failures: run.failures, retryAfterMs }, intervalMs, options.random);
      run.failures = next.failures;
      options.logger.warn('notification poll failed; will try again', { code: error instanceof AppError ? error.code : 'unexpected', failures: next.failures, delayMs: next.delayMs });
      schedule(accountId, next.delayMs);
    }
  }

  /** Today's glance, from the engine's synced copy and the offline cache; when it cannot say, the last one stays. */
  async function refreshGlance(accountId: string, run: SchoolRun): Promise<void> {
    run.glance = (await options.glance(accountId, stopping.signal).catch(() => null)) ?? run.glance;
    changed();
  }

  async function fetchCandidates(account: AccountView, state: SchoolNotifyState, run: SchoolRun): Promise<{ candidates: NotificationCandidate[]; since: SchoolNotifyState['since'] }> {
    const sources = new Set(sourcesToPoll(account.grantedScopes, offFor(account.id)));
    const since = { ...state.since };
    const candidates: NotificationCandidate[] = [];
    const id = account.id;
    if (sources.has('orders')) {
      let thresholds: Record<string, number> = {};
      if (sources.has('largeSaleThreshold')) {
        if (!run.thresholds || now().getTime() - run.thresholds.at > THRESHOLD_MAX_AGE_MS) {
          const values = await readLargeSaleThresholds(options.caller, id, now());
          run.thresholds = { at: now().getTime(), values };
        }
        thresholds = run.thresholds.values;
      }
      const from = since.orders ?? state.baseline;
      const orders = await orderChangesSince(options.caller, id, from, thresholds);
      candidates.push(...orders.candidates);
      since.orders = advanceSince(from, orders.seenAt);
    }
    if (sources.has('subscriptions')) {
      candidates.push(...(await pastDueSubscriptions(options.caller, id)));
    }
    if (sources.has('comments')) {
      const from = since.comments ?? state.baseline;
      const staff = new Set([account.admin.name.trim().toLowerCase()]);
      if (account.grantedScopes.includes('lecturers:read')) {
        for (const name of await lecturerNames(options.caller, id)) staff.add(name.trim().toLowerCase());
      }
      const comments = await commentsSince(options.caller, id, from, staff);
      candidates.push(...comments.candidates);
      since.comments = advanceSince(from, comments.seenAt);
    }
    return { candidates, since };
  }

  function toNotification(account: AccountView, candidate: NotificationCandidate, silent: boolean): AppNotification {
    return {
      id: candidate.key,
      accountId: account.id,
      schoolName: account.school.name,
      kind: candidate.kind,
      title: candidate.title,
      body: candidate.body,
      route: candidate.route,
      at: new Date(candidate.at).toISOString(),
      silent,
    };
  }

  function attention(): Attention {
    const accounts = options.accounts();
    const schools = accounts.map((account) => ({ accountId: account.id, schoolName: account.school.name, unseen: options.store.get(account.id)?.unseen.length ?? 0 }));
    return { schools, total: schools.reduce((sum, s) => sum + s.unseen, 0) };
  }

  function announceAttention(): void {
    options.emit('notifications.attentionChanged', attention());
    changed();
  }

  function changed(): void {
    for (const listener of [...changeListeners]) listener();
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = new AbortController();
      for (const account of options.accounts()) schedule(account.id, 0);
    },
    async stop() {
      started = false;
      stopping.abort();
      for (const run of runs.values()) run.cancel?.();
      await Promise.allSettled([...runs.values()].map((run) => run.running));
    },
    pollNow,
    online() {
      if (!started) return;
      for (const account of options.accounts()) {
        const run = runOf(account.id);
        // A school still in backoff keeps waiting: the probe seeing the platform does not undo a Retry-After.
        if (run.failures === 0) schedule(account.id, 0);
      }
    },
    async forget(accountId) {
      runs.get(accountId)?.cancel?.();
      runs.delete(accountId);
      await options.store.drop(accountId);
      announceAttention();
    },
    attention,
    async markSeen(accountId, id) {
      const state = options.store.get(accountId);
      if (state) await options.store.set(accountId, markSeen(state, id));
      announceAttention();
      return attention();
    },
    traySchools() {
      return options.accounts().map((account) => ({
        accountId: account.id,
        schoolName: account.school.name,
        unseen: options.store.get(account.id)?.unseen.length ?? 0,
        glance: runs.get(account.id)?.glance ?? null,
      }));
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
}

/** New accounts (connected while running) get a timer too: call when the account list changes. */
export function syncNotifierAccounts(notifier: Notifier, known: Set<string>, accounts: AccountView[]): void {
  for (const account of accounts) {
    if (!known.has(account.id)) {
      known.add(account.id);
      void notifier.pollNow(account.id);
    }
  }
}
