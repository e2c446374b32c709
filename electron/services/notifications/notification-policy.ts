// The notification policy, as pure functions: which events a poll found become notifications (never one
// twice, nothing from before the school was first polled, nothing of a kind the admin turned off), whether
// quiet hours hold them back, which sources a school may be polled for (granted scopes only: notifications
// never ask for more access), and when to poll next (interval, exponential backoff, Retry-After).
// The poller (notifier.ts) only fetches, applies these decisions and persists the state they return.
import type { NotificationKind, QuietHours } from '../../../shared/ipc/notifications';
import type { NotificationCandidate } from '../../../shared/model/notifications';

export type { NotificationCandidate };


/** What is kept per school across restarts. */
export interface SchoolNotifyState {
  /** The first poll's time: nothing before it is ever notified. */
  baseline: string;
  /** Per source, the platform time to ask "changed since" from next (the newest change seen). */
  since: Partial<Record<NotificationSource, string>>;
  /** Dedup keys already decided on, oldest first (bounded). */
  seen: string[];
  /** Notifications delivered and not opened yet (the attention count). */
  unseen: string[];
}

export const MAX_SEEN_KEYS = 5_000;
const MAX_UNSEEN = 999;

export function baselineState(now: Date): SchoolNotifyState {
  const at = now.toISOString();
  return { baseline: at, since: {}, seen: [], unseen: [] };
}

interface Delivery {
  candidate: NotificationCandidate;
  /** In quiet hours: counted in the badge, never popped up. */
  silent: boolean;
}

interface DecideContext {
  /** Kinds the admin turned off for this school. */
  off: ReadonlySet<NotificationKind>;
  quiet: boolean;
}

/**
 * The candidates of one poll → what to deliver, and the state to keep. A candidate is dropped when it
 * happened before the baseline, when its key was decided on before (this poll or an earlier one, also
 * before a restart), or when its kind is off: an event found while its kind was off is remembered as
 * decided, so turning the kind on later does not bring back a backlog.
 */
export function decideNotifications(state: SchoolNotifyState, candidates: readonly NotificationCandidate[], context: DecideContext): { deliver: Delivery[]; state: SchoolNotifyState } {
  const seen = new Set(state.seen);
  const added: string[] = [];
  const deliver: Delivery[] = [];
  const baseline = Date.parse(state.baseline);
  for (const candidate of [...candidates].sort((a, b) => a.at.localeCompare(b.at))) {
    if (seen.has(candidate.key)) continue;
    const at = Date.parse(candidate.at);
    if (!Number.isFinite(at) || at < baseline) continue;
    seen.add(candidate.key);
    added.push(candidate.key);
    if (context.off.has(candidate.kind)) continue;
    deliver.push({ candidate, silent: context.quiet });
  }
  const keys = [...state.seen, ...added];
  const unseen = [...state.unseen, ...deliver.map((d) => d.candidate.key)];
  return {
    deliver,
    state: { ...state, seen: keys.slice(Math.max(0, keys.length - MAX_SEEN_KEYS)), unseen: unseen.slice(Math.max(0, unseen.length - MAX_UNSEEN)) },
  };
}

/** The admin opened one notification (id) or looked at all of a school's (no id). */
export function markSeen(state: SchoolNotifyState, key?: string): SchoolNotifyState {
  return { ...state, unseen: key === undefined ? [] : state.unseen.filter((k) => k !== key) };
}

/** The newest of the current watermark and the times just seen: where the next "changed since" starts. */
export function advanceSince(current: string | undefined, times: readonly string[]): string | undefined {
  let best = current;
  for (const time of times) if (best === undefined || Date.parse(time) > Date.parse(best)) best = time;
  return best;
}

// ---- Quiet hours --------------------------------------------------------------------------------------

function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * Is `minuteOfDay` (0..1439, local time) within quiet hours? [start, end): 22:00–07:00 crosses midnight
 * (quiet from 22:00 to 06:59); start = end means all day.
 */
export function inQuietHours(quiet: QuietHours, minuteOfDay: number): boolean {
  if (!quiet.enabled) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return true;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/** The local minute of the day of `now` in `timeZone` (default: the computer's). */
export function localMinuteOfDay(now: Date, timeZone?: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

// ---- What to poll ---------------------------------------------------------------------------------------

type NotificationSource = 'orders' | 'subscriptions' | 'comments' | 'largeSaleThreshold';

/** The scopes each source needs; a source whose scopes were not granted is skipped, never asked for. */
const SOURCE_SCOPES: Record<NotificationSource, readonly string[]> = {
  orders: ['orders:read'],
  subscriptions: ['subscriptions:read'],
  comments: ['comments:read'],
  largeSaleThreshold: ['analytics:read'],
};

/** The kinds each source can find. */
const SOURCE_KINDS: Record<NotificationSource, readonly NotificationKind[]> = {
  orders: ['refund', 'paymentProblem', 'largeSale'],
  subscriptions: ['paymentProblem'],
  comments: ['comment'],
  largeSaleThreshold: ['largeSale'],
};

/** Sources worth polling for a school: scopes granted and at least one of their kinds on. */
export function sourcesToPoll(granted: readonly string[], off: ReadonlySet<NotificationKind>): NotificationSource[] {
  const have = new Set(granted);
  return (Object.keys(SOURCE_SCOPES) as NotificationSource[]).filter(
    (source) => SOURCE_SCOPES[source].every((scope) => have.has(scope)) && SOURCE_KINDS[source].some((kind) => !off.has(kind)),
  );
}

// ---- When to poll next --------------------------------------------------------------------------------

export const POLL_INTERVAL_MS = 60_000;
export const MAX_BACKOFF_MS = 30 * 60_000;

interface PollOutcome {
  ok: boolean;
  /** Consecutive failures before this outcome. */
  failures: number;
  /** The platform's Retry-After (ms) when it limited the rate. */
  retryAfterMs?: number | null;
}

/**
 * The wait before the next poll and the failure count to carry: the interval after a success; after a
 * failure the interval doubled per consecutive failure (capped at 30 min), jittered down by up to a quarter
 * so schools that failed together do not retry together, and never sooner than a Retry-After.
 */
export function nextPoll(outcome: PollOutcome, intervalMs = POLL_INTERVAL_MS, random: () => number = Math.random): { delayMs: number; failures: number } {
  if (outcome.ok) return { delayMs: intervalMs, failures: 0 };
  const failures = outcome.failures + 1;
  const backoff = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures);
  const jittered = backoff * (1 - random() * 0.25);
  return { delayMs: Math.round(Math.max(jittered, outcome.retryAfterMs ?? 0)), failures };
}

/** Whether a school is polled at all right now. */
export function mayPoll(input: { online: boolean; accountStatus: string }): boolean {
  return input.online && (input.accountStatus === 'signed_in' || input.accountStatus === 'refreshing');
}
