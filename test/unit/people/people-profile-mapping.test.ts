// Stalled learners from a course's enrollments: only the stalled ones (the shared definition), longest
// inactive first, with their section's title; a profile enrollment with its course title, plan and section.
import { describe, expect, it } from 'vitest';
import { courseFactsOf, toProfileEnrollment, toStalledLearners } from '../../../electron/services/platform/people-profile-mapping';
import type { Course, Enrollment } from '../../../shared/platform/resources';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const day = (n: number) => new Date(NOW - n * 86_400_000).toISOString();
const base = (id: string, over: Partial<Enrollment>): Enrollment => ({
  id, student_id: `stu_${id}`, course_id: 'crs_1', enrolled_at: day(100), progress: 0.3, completed_at: null, last_activity_at: day(20), current_section_id: 'sec_2', updated_at: day(20),
  student: { id: `stu_${id}`, name: `Learner ${id}`, email: `${id}@x.example` }, ...over,
});

describe('people profile mapping', () => {
  it('lists only stalled learners, the most recently stalled first, with the section title', () => {
    const list = toStalledLearners(
      [
        base('a', {}),
        base('b', { last_activity_at: day(3) }), // active
        base('c', { completed_at: day(30), last_activity_at: day(30) }), // completed
        base('d', { last_activity_at: null, current_section_id: null, progress: 0 }), // never started: counted from enrolling
        base('e', { last_activity_at: day(14) }), // exactly 14 days: not yet
      ],
      new Map([['sec_2', 'Colour mixing']]),
      NOW,
    );
    expect(list.map((l) => [l.studentId, l.daysSinceActive, l.sectionTitle])).toEqual([
      ['stu_a', 20, 'Colour mixing'],
      ['stu_d', 100, null],
    ]);
    expect(list[0]).toMatchObject({ name: 'Learner a', email: 'a@x.example' });
  });

  it("maps a student's enrollment with its course's title, plan name and section title", () => {
    const course = { id: 'crs_1', title: 'Watercolour basics', pricing_plans: [{ id: 'pln_1', kind: 'one_time', name: 'Lifetime', price: 100, currency: 'USD', interval: null }] } as unknown as Course;
    const facts = courseFactsOf([course], new Map([['crs_1', { course_id: 'crs_1', sections: [{ id: 'sec_2', title: 'Colour mixing', position: 1, lectures: [] }] }]]));
    expect(toProfileEnrollment(base('a', { plan_id: 'pln_1', updated_at: day(20) }), facts)).toMatchObject({ courseTitle: 'Watercolour basics', planName: 'Lifetime', sectionTitle: 'Colour mixing', updatedAt: day(20), studentId: 'stu_a' });
    expect(toProfileEnrollment(base('b', { course_id: 'crs_gone' }), facts)).toMatchObject({ courseTitle: 'crs_gone', sectionTitle: null, planId: null });
  });
});
