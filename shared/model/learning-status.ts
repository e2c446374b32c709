// When a learner counts as stalled: one definition for every screen and filter (docs/business-api.md,
// "Stalled learners").

export const STALLED_AFTER_DAYS = 14;
const DAY_MS = 86_400_000;

/** Not completed, and no activity (with none: no enrollment) in the STALLED_AFTER_DAYS days before `now`. */
export function isStalled(enrollment: { completedAt: string | null; lastActivityAt: string | null; enrolledAt: string }, now: number): boolean {
  if (enrollment.completedAt !== null) return false;
  const last = Date.parse(enrollment.lastActivityAt ?? enrollment.enrolledAt);
  return now - last > STALLED_AFTER_DAYS * DAY_MS;
}

/** Whole days since the learner was last active (with no activity: since enrolling). */
export function daysSinceActive(enrollment: { lastActivityAt: string | null; enrolledAt: string }, now: number): number {
  return Math.floor((now - Date.parse(enrollment.lastActivityAt ?? enrollment.enrolledAt)) / DAY_MS);
}
