// StudentsData ⇄ the plaintext of the students' snapshot: one JSON document of columns (one array per field,
// so a hundred thousand students are a few dozen arrays, not a hundred thousand objects to describe), sealed by
// snapshot-store.ts. Decoding checks every column's type and length: a file that authenticates but does not
// hold exactly this layout is refused, never shown.
import { z } from 'zod';
import type { StudentsData } from './students-table';

const STUDENTS_LAYOUT = 'students-columns-1';

const strings = z.array(z.string());
const nullableStrings = z.array(z.string().nullable());
const Snapshot = z.object({
  layout: z.literal(STUDENTS_LAYOUT),
  fetchedAt: z.string(),
  students: z.object({ id: strings, name: strings, email: strings, joinedAt: strings, tags: z.array(strings), updatedAt: strings }),
  enrollments: z.object({
    id: strings, studentId: strings, courseId: strings, enrolledAt: strings, progress: z.array(z.number().min(0).max(1)),
    completedAt: nullableStrings, lastActivityAt: nullableStrings, currentSectionId: nullableStrings, updatedAt: strings,
  }),
  courseTitles: z.record(z.string(), z.string()),
});

export function encodeStudentsSnapshot(data: StudentsData, fetchedAt: string): Uint8Array[] {
  const { students: s, enrollments: e } = data;
  const doc: z.input<typeof Snapshot> = {
    layout: STUDENTS_LAYOUT,
    fetchedAt,
    students: { id: s.map((x) => x.id), name: s.map((x) => x.name), email: s.map((x) => x.email), joinedAt: s.map((x) => x.joinedAt), tags: s.map((x) => x.tags), updatedAt: data.studentUpdatedAt },
    enrollments: {
      id: e.map((x) => x.id), studentId: e.map((x) => x.studentId), courseId: e.map((x) => x.courseId), enrolledAt: e.map((x) => x.enrolledAt),
      progress: e.map((x) => x.progress), completedAt: e.map((x) => x.completedAt), lastActivityAt: e.map((x) => x.lastActivityAt),
      currentSectionId: e.map((x) => x.currentSectionId), updatedAt: data.enrollmentUpdatedAt,
    },
    courseTitles: data.courseTitles,
  };
  return [Buffer.from(JSON.stringify(doc), 'utf8')];
}

export function decodeStudentsSnapshot(plain: Buffer): { data: StudentsData; fetchedAt: string } {
  const doc = Snapshot.parse(JSON.parse(plain.toString('utf8')));
  const s = doc.students;
  const e = doc.enrollments;
  const n = s.id.length;
  if ([s.name, s.email, s.joinedAt, s.tags, s.updatedAt].some((c) => c.length !== n)) throw new Error('student columns of different lengths');
  const m = e.id.length;
  if ([e.studentId, e.courseId, e.enrolledAt, e.progress, e.completedAt, e.lastActivityAt, e.currentSectionId, e.updatedAt].some((c) => c.length !== m)) {
    throw new Error('enrollment columns of different lengths');
  }
  const data: StudentsData = {
    students: s.id.map((id, i) => ({ id, name: s.name[i]!, email: s.email[i]!, joinedAt: s.joinedAt[i]!, tags: s.tags[i]! })),
    studentUpdatedAt: s.updatedAt,
    enrollments: e.id.map((id, i) => ({
      id, studentId: e.studentId[i]!, courseId: e.courseId[i]!, enrolledAt: e.enrolledAt[i]!, progress: e.progress[i]!,
      completedAt: e.completedAt[i]!, lastActivityAt: e.lastActivityAt[i]!, currentSectionId: e.currentSectionId[i]!,
    })),
    enrollmentUpdatedAt: e.updatedAt,
    courseTitles: doc.courseTitles,
  };
  return { data, fetchedAt: doc.fetchedAt };
}
