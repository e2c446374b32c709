// What "active student" means, once, for every figure that shows it (Course.stats, the learning report and
// so every screen of the app): a student with an enrollment whose last activity falls in the 30 days that
// end at the figure's moment. The platform keeps only each enrollment's last activity, so the window always
// ends at a moment the figure names (the range's end, or now), never anywhere else.
import { DAY_MS } from './time-zone';

const ACTIVE_WINDOW_DAYS = 30;

/** True when an enrollment last active at `lastActivity` (ms, NaN for never) counts as active at `at`: [at − 30 days, at). */
export function isActiveAt(lastActivity: number, at: number): boolean {
  return lastActivity >= at - ACTIVE_WINDOW_DAYS * DAY_MS && lastActivity < at;
}
