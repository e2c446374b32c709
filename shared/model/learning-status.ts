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

/** "Stalled this week": the days a newly stalled learner counts as new (Today's count and the Students filter). */
export const NEWLY_STALLED_DAYS = 7;

/** Stalled at `now` but not `NEWLY_STALLED_DAYS` days before: it stalled within the last week. */
export function stalledThisWeek(enrollment: { completedAt: string | null; lastActivityAt: string | null; enrolledAt: string }, now: number): boolean {
  return isStalled(enrollment, now) && !isStalled(enrollment, now - NEWLY_STALLED_DAYS * DAY_MS);
}

/** Whole days since the learner was last active (with no activity: since enrolling). */
export function daysSinceActive(enrollment: { lastActivityAt: string | null; enrolledAt: string }, now: number): number {
  return Math.floor((now - Date.parse(enrollment.lastActivityAt ?? enrollment.enrolledAt)) / DAY_MS);
}
