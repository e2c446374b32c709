// "5 min ago", "2 h old": how old data is, in the short words an admin scans in a status line.
// Pure (takes "now"), so the words are tested without a clock.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A short age: "just now", "5 min", "2 h", "3 days". Future times (clock skew) count as "just now". */
export function formatAge(fromMs: number, nowMs: number): string {
  const age = nowMs - fromMs;
  if (!Number.isFinite(age) || age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h`;
  const days = Math.floor(age / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}

/** "updated just now", "updated 5 min ago". */
export function describeUpdated(fromMs: number, nowMs: number): string {
  const age = formatAge(fromMs, nowMs);
  return age === 'just now' ? 'updated just now' : `updated ${age} ago`;
}

/** What a data-age line says, online or from the offline cache. */
export function describeDataAge(updatedAt: string | number | Date | null | undefined, nowMs: number, offline: boolean): string {
  const fromMs = toMs(updatedAt);
  if (fromMs === null) return offline ? 'offline: nothing saved yet' : 'not loaded yet';
  if (offline) {
    const age = formatAge(fromMs, nowMs);
    return age === 'just now' ? 'offline: shown from cache, saved just now' : `offline: shown from cache, ${age} old`;
  }
  return describeUpdated(fromMs, nowMs);
}

/** A figure answered from the saved copy while the app is online (the platform failed, the session ended). */
export function describeSavedCopyAge(fromMs: number, nowMs: number): string {
  const age = formatAge(fromMs, nowMs);
  return age === 'just now' ? 'shown from the saved copy, saved just now' : `shown from the saved copy, ${age} old`;
}

export function toMs(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
