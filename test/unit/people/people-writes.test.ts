// The People writes: their words (the unenroll confirmation says what happens to the progress), their undo,
// how each is sent, and the bulk runner's summary.
import { describe, expect, it } from 'vitest';
import { describeWrite, inverseOf, WriteRequest } from '../../../shared/model/writes';
import { planWrite } from '../../../electron/services/platform/writes-platform';
import { sameTarget, seenUpdatedAtOf } from '../../../electron/services/writes/write-plan';
import { runBulk, summarize } from '../../../renderer/features/students/bulk-run';

const T = '2026-11-20T10:00:00.000Z';
const unenroll: WriteRequest = { kind: 'student.unenroll', studentId: 'stu_1_4', studentName: 'Ada Lovelace', enrollmentId: 'enr_1_9', courseId: 'crs_1', courseTitle: 'Watercolour basics', planId: 'pln_1', planName: 'Lifetime', progress: 0.649, seenUpdatedAt: T };
const enroll: WriteRequest = { kind: 'student.enroll', studentId: 'stu_1_4', studentName: 'Ada Lovelace', courseId: 'crs_1', courseTitle: 'Watercolour basics', planId: null, planName: null };

describe('people writes', () => {
  it('unenroll: confirmed, says the progress is deleted and that Undo starts from zero', () => {
    const words = describeWrite(unenroll);
    expect(words.confirm).toBe(true);
    expect(words.question).toBe('Unenroll “Ada Lovelace” from “Watercolour basics”?');
    expect(words.consequence).toContain('Their progress (65% of the lectures, and where they stopped) is deleted');
    expect(words.consequence).toContain('starts them from zero');
    expect(describeWrite({ ...unenroll, progress: 0 }).consequence).toContain('no progress to lose');
    expect(words.scope).toBe('students:write');
    expect(words.done).toBe('Unenrolled “Ada Lovelace” from “Watercolour basics”. Undo enrolls them again, but their progress starts from zero.');
  });

  it('undo: enroll ↔ unenroll on the same plan, tags ↔ previous tags, none for a bulk tag', () => {
    expect(inverseOf(unenroll, null)).toEqual({ ...enroll, planId: 'pln_1', planName: 'Lifetime' });
    expect(inverseOf(enroll, T, 'enr_1_77')).toMatchObject({ kind: 'student.unenroll', enrollmentId: 'enr_1_77', progress: 0, seenUpdatedAt: T });
    expect(inverseOf(enroll, T)).toBeNull();
    const tags: WriteRequest = { kind: 'student.setTags', studentId: 'stu_1_4', studentName: 'Ada Lovelace', tags: ['vip', 'b2b'], previousTags: ['vip'], seenUpdatedAt: null };
    expect(inverseOf(tags, T)).toEqual({ ...tags, tags: ['vip'], previousTags: ['vip', 'b2b'], seenUpdatedAt: T });
    expect(inverseOf({ kind: 'student.addTag', studentId: 'stu_1_4', studentName: 'Ada Lovelace', tag: 'x' }, T)).toBeNull();
    expect(describeWrite(enroll).consequence).toContain('with free access');
  });

  it('is sent as the platform wants, compared where a record exists, and validated from the same schema', () => {
    expect(planWrite(enroll)).toMatchObject({ operation: 'enrollStudent', path: { student_id: 'stu_1_4' }, body: { course_id: 'crs_1', plan_id: null }, current: null });
    expect(planWrite(unenroll)).toMatchObject({ operation: 'unenrollStudent', path: { student_id: 'stu_1_4', enrollment_id: 'enr_1_9' }, current: { operation: 'getStudentEnrollment' } });
    expect(planWrite({ kind: 'student.addTag', studentId: 's', studentName: 'S', tag: 'x' })).toMatchObject({ body: { add_tags: ['x'] }, current: null });
    expect(seenUpdatedAtOf(unenroll)).toBe(T);
    expect(seenUpdatedAtOf(enroll)).toBeNull();
    expect(sameTarget(unenroll, { ...unenroll, enrollmentId: 'enr_1_10' })).toBe(false);
    expect(WriteRequest.safeParse({ kind: 'student.setTags', studentId: 's', studentName: 'S', tags: ['  '], previousTags: [], seenUpdatedAt: null }).success).toBe(false);
    expect(WriteRequest.safeParse({ kind: 'student.setTags', studentId: 's', studentName: 'S', tags: Array.from({ length: 21 }, (_, k) => `t${k}`), previousTags: [], seenUpdatedAt: null }).success).toBe(false);
  });
});

describe('bulk runner', () => {
  const people = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id.toUpperCase(), email: `${id}@x.example` }));

  it('sends one by one and sums up what was done, queued, failed and not tried', async () => {
    const sent: string[] = [];
    const result = await runBulk(
      people,
      async (p) => {
        sent.push(p.id);
        if (p.id === 'b') throw new Error('already enrolled');
        return p.id === 'c' ? { status: 'queued', message: 'q', item: {} as never } : { status: 'done', message: 'ok', undo: p.id === 'd' ? unenroll : null, recordId: null };
      },
      { reasonOf: (e) => (e as Error).message },
    );
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    // What the bulk Undo sends: the inverse of each write done that has one.
    expect(result.undo).toEqual([unenroll]);
    expect(result.failed).toEqual([{ target: people[1], reason: 'already enrolled' }]);
    expect(summarize(result, (_, n) => `${n} enrolled`, 'en-US')).toBe('2 enrolled, 1 waiting in the outbox, 1 failed');
  });

  it('stops at an error that would fail the rest the same way', async () => {
    const result = await runBulk(
      people,
      async () => {
        throw Object.assign(new Error('no'), { code: 'insufficient_scope' });
      },
      { reasonOf: () => 'needs permission', stopOn: (e) => (e as { code?: string }).code === 'insufficient_scope' },
    );
    expect(result.failed).toHaveLength(1);
    expect(result.skipped.map((p) => p.id)).toEqual(['b', 'c', 'd']);
    expect(summarize(result, (_, n) => `${n} tagged`, 'en-US')).toBe('0 tagged, 1 failed, 3 not tried');
  });
});
