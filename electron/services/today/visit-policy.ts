// "Since you last looked": when a look at Today is a new visit, and what it compares with. A visit goes on
// while the admin keeps coming back to Today within the hour in the same run of the app (clicking through its
// counts and back keeps the marks); after an hour away, or after a restart, the next look is a new visit,
// and what is new is measured from the end of the last one. Plain logic, tested with a given clock.

const VISIT_GAP_MS = 60 * 60_000;

export interface VisitMark {
  /** The end of the previous visit: items after it are new. Null on the first visit ever. */
  since: string | null;
  /** The last moment Today was shown in this visit. */
  seenAt: string;
  /** The app run the visit belongs to. */
  session: string;
}

/** The mark after a look at Today at `now` in app run `session`. */
export function nextVisit(stored: VisitMark | null, now: number, session: string): VisitMark {
  const seenAt = new Date(now).toISOString();
  if (!stored) return { since: null, seenAt, session };
  const last = Date.parse(stored.seenAt);
  if (stored.session === session && now - last < VISIT_GAP_MS) {
    // The same visit: the mark stays; a clock set back never moves it backwards.
    return { since: stored.since, seenAt: now > last ? seenAt : stored.seenAt, session };
  }
  return { since: stored.seenAt, seenAt, session };
}
