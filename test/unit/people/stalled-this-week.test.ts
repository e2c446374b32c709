// "Stalled this week" (shared/model/learning-status.ts): stalled now and not seven days before, at its edges.
import { describe, expect, it } from 'vitest';
import { stalledThisWeek } from '../../../shared/model/learning-status';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const at = (t: number) => new Date(t).toISOString();
const enrollment = (lastActivity: number | null, enrolled = NOW - 100 * DAY, completedAt: string | null = null) => ({
  completedAt,
  lastActivityAt: lastActivity === null ? null : at(lastActivity),
  enrolledAt: at(enrolled),
});

describe('stalledThisWeek', () => {
  it('counts a learner last active between 21 and 14 days ago, and no one else', () => {
    expect(stalledThisWeek(enrollment(NOW - 14 * DAY - 1), NOW)).toBe(true);
    expect(stalledThisWeek(enrollment(NOW - 21 * DAY), NOW)).toBe(true);
    expect(stalledThisWeek(enrollment(NOW - 14 * DAY), NOW)).toBe(false); // not stalled yet
    expect(stalledThisWeek(enrollment(NOW - 21 * DAY - 1), NOW)).toBe(false); // stalled already a week ago
  });

  it('judges a learner never active by the enrollment, and never a completed one', () => {
    expect(stalledThisWeek(enrollment(null, NOW - 15 * DAY), NOW)).toBe(true);
    expect(stalledThisWeek(enrollment(null, NOW - 30 * DAY), NOW)).toBe(false);
    expect(stalledThisWeek(enrollment(NOW - 15 * DAY, NOW - 100 * DAY, at(NOW - 15 * DAY)), NOW)).toBe(false);
  });
});
