// The students table answers every search, filter and sort as a brute force over the raw lists does, with the
// stalled rule taken from shared/model/learning-status.ts itself.
import { describe, expect, it } from 'vitest';
import { mergeStudentsData, StudentsTable, nameCollator, type StudentsData } from '../../../electron/services/engine/worker/students-table';
import { decodeStudentsSnapshot, encodeStudentsSnapshot } from '../../../electron/services/engine/worker/students-snapshot';
import { setUiLocale } from '../../../shared/i18n/i18n';
import { isStalled, stalledThisWeek } from '../../../shared/model/learning-status';
import type { Student, StudentEnrollment } from '../../../shared/model/people';
import { LAST_ACTIVE_FILTERS, STUDENT_SORT_KEYS, type StudentFilters, type StudentSort } from '../../../shared/ipc/students';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

function rng(seed: number) {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

function synthetic(n: number, seed = 7): StudentsData {
  const r = rng(seed);
  const first = ['Ana', 'Ben', 'Chloé', 'dan', 'Émile', 'Fay', 'Gus', 'ana'];
  const last = ['Lee', 'Moss', 'Nunez', 'ortiz', 'Park'];
  const tags = ['vip', 'b2b', 'newsletter', 'alumni'];
  const courses = ['crs_a', 'crs_b', 'crs_c', 'crs_d'];
  const students: Student[] = [];
  const enrollments: StudentEnrollment[] = [];
  for (let s = 0; s < n; s++) {
    const name = `${first[Math.floor(r() * first.length)]} ${last[Math.floor(r() * last.length)]}`;
    students.push({
      id: `stu_${String(s).padStart(6, '0')}`,
      name,
      email: `${name.toLowerCase().replace(/\s/g, '.')}${Math.floor(r() * 50)}@mail.example`,
      joinedAt: new Date(NOW - Math.floor(r() * 40) * DAY).toISOString(),
      tags: tags.filter(() => r() < 0.2),
    });
    for (const course of courses) {
      if (r() < 0.5) continue;
      const enrolledAt = NOW - Math.floor(r() * 200) * DAY - 1000;
      const active = r() < 0.8 ? enrolledAt + Math.floor(r() * (NOW - enrolledAt)) : null;
      const done = r() < 0.2 && active !== null;
      enrollments.push({
        id: `enr_${enrollments.length}`,
        studentId: r() < 0.02 ? 'stu_unknown' : students[s]!.id,
        courseId: course,
        enrolledAt: new Date(enrolledAt).toISOString(),
        progress: done ? 1 : Math.round(r() * 20) / 20,
        completedAt: done ? new Date(active!).toISOString() : null,
        lastActivityAt: active === null ? null : new Date(active).toISOString(),
        currentSectionId: null,
      });
    }
  }
  return { students, studentUpdatedAt: students.map((s) => s.joinedAt), enrollments, enrollmentUpdatedAt: enrollments.map((e) => e.enrolledAt), courseTitles: { crs_a: 'Alpha', crs_b: 'Beta' } };
}

/** The brute force: the rules of shared/ipc/students.ts, over the raw lists. */
function expected(data: StudentsData, filters: StudentFilters, sort: StudentSort): string[] {
  const byStudent = new Map<string, StudentEnrollment[]>();
  for (const e of data.enrollments) byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e]);
  const of = (s: Student) => byStudent.get(s.id) ?? [];
  const last = (s: Student) => {
    const times = of(s).flatMap((e) => (e.lastActivityAt ? [Date.parse(e.lastActivityAt)] : []));
    return times.length ? Math.max(...times) : null;
  };
  const value = (s: Student): number | string | null => {
    const list = of(s);
    switch (sort.key) {
      case 'name': return s.name;
      case 'email': return s.email;
      case 'joined': return Date.parse(s.joinedAt);
      case 'courses': return list.length;
      case 'progress': return list.length ? list.reduce((a, e) => a + e.progress, 0) / list.length : null;
      case 'lastActive': return last(s);
    }
  };
  const text = filters.text?.trim().toLowerCase() ?? '';
  const kept = data.students.map((s, i) => ({ s, i })).filter(({ s }) => {
    if (text && !`${s.name}\n${s.email}`.toLowerCase().includes(text)) return false;
    if (filters.tag && !s.tags.includes(filters.tag)) return false;
    const list = of(s);
    if (filters.courseId) {
      const e = list.find((x) => x.courseId === filters.courseId);
      if (!e) return false;
      if (filters.stalled !== undefined && isStalled(e, NOW) !== filters.stalled) return false;
      if (filters.stalledThisWeek && !stalledThisWeek(e, NOW)) return false;
    } else {
      if (filters.stalled !== undefined && list.some((e) => isStalled(e, NOW)) !== filters.stalled) return false;
      if (filters.stalledThisWeek && !list.some((e) => stalledThisWeek(e, NOW))) return false;
    }
    const l = last(s);
    if (filters.lastActive === 'never' && l !== null) return false;
    if (filters.lastActive && filters.lastActive !== 'never' && (l === null || l < NOW - Number.parseInt(filters.lastActive, 10) * DAY)) return false;
    return true;
  });
  const cmp = (a: number | string, b: number | string) => (typeof a === 'string' ? nameCollator().compare(a, b as string) : a - (b as number));
  const values = new Map(kept.map(({ s }) => [s.id, value(s)]));
  kept.sort((x, y) => {
    const a = values.get(x.s.id)!;
    const b = values.get(y.s.id)!;
    if (a === null || b === null) return a === null && b === null ? x.i - y.i : a === null ? 1 : -1;
    const c = cmp(a, b);
    return (sort.direction === 'asc' ? c : -c) || x.i - y.i;
  });
  return kept.map(({ s }) => s.id);
}

describe('StudentsTable', () => {
  const data = synthetic(2000);
  const table = new StudentsTable(data);

  it('answers random searches, filters and sorts exactly as the brute force over the raw lists', () => {
    const r = rng(99);
    const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
    for (let round = 0; round < 120; round++) {
      const filters: StudentFilters = {};
      if (r() < 0.4) filters.text = pick(['an', 'LEE', ' émile ', 'ortiz1', '@mail', 'zzz']);
      if (r() < 0.4) filters.courseId = pick(['crs_a', 'crs_b', 'crs_c', 'crs_x']);
      if (r() < 0.3) filters.tag = pick(['vip', 'b2b', 'none']);
      if (r() < 0.4) filters.stalled = r() < 0.5;
      if (r() < 0.3) filters.stalledThisWeek = true;
      if (r() < 0.4) filters.lastActive = pick(LAST_ACTIVE_FILTERS);
      const sort: StudentSort = { key: pick(STUDENT_SORT_KEYS), direction: r() < 0.5 ? 'asc' : 'desc' };
      const got = [...table.select(filters, sort, NOW)].map((s) => data.students[s]!.id);
      expect(got, JSON.stringify({ filters, sort })).toEqual(expected(data, filters, sort));
    }
  });

  it('finds the learners who stalled this week: stalled now, not seven days before (and some did)', () => {
    const got = [...table.select({ stalledThisWeek: true }, { key: 'name', direction: 'asc' }, NOW)].map((s) => data.students[s]!.id);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected(data, { stalledThisWeek: true }, { key: 'name', direction: 'asc' }));
    expect(got.length).toBeLessThan([...table.select({ stalled: true }, { key: 'name', direction: 'asc' }, NOW)].length);
  });

  it('sorts names in the order of the UI language: Chinese names by stroke count in 繁體中文, sorted again after a switch', () => {
    const names = ['陳怡君', '林志明', '王小明', '李美玲', '黃雅婷', '張家豪', '吳宗翰'];
    const chinese = new StudentsTable({
      students: names.map((name, k) => ({ id: `stu_${k}`, name, email: `s${k}@mail.example`, joinedAt: new Date(NOW).toISOString(), tags: [] })),
      studentUpdatedAt: names.map(() => '2026-11-20T00:00:00.000Z'),
      enrollments: [],
      enrollmentUpdatedAt: [],
      courseTitles: {},
    });
    const sorted = () => chinese.query({}, { key: 'name', direction: 'asc' }, 0, 10, NOW).rows.map((r) => r.name);
    try {
      setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
      expect(sorted()).toEqual(['王小明', '吳宗翰', '李美玲', '林志明', '張家豪', '陳怡君', '黃雅婷']);
      setUiLocale({ language: 'en', locale: 'en-US' });
      expect(sorted()).not.toEqual(['王小明', '吳宗翰', '李美玲', '林志明', '張家豪', '陳怡君', '黃雅婷']);
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
  });

  it('narrows the last matches as the admin types on, and starts over when the text changes otherwise', () => {
    const sort: StudentSort = { key: 'lastActive', direction: 'desc' };
    for (const text of ['a', 'an', 'ana', 'ana.', 'an', 'ben', 'bent']) {
      const filters: StudentFilters = { text, courseId: 'crs_b' };
      expect([...table.select(filters, sort, NOW)].map((s) => data.students[s]!.id), text).toEqual(expected(data, filters, sort));
    }
  });

  it('derives each row from its enrollments, and windows the selection', () => {
    const answer = table.query({}, { key: 'name', direction: 'asc' }, 10, 5, NOW);
    expect(answer.total).toBe(data.students.length);
    expect(answer.rows).toHaveLength(5);
    for (const row of answer.rows) {
      const list = data.enrollments.filter((e) => e.studentId === row.id);
      expect(row.coursesCount).toBe(list.length);
      expect(row.stalled).toBe(list.some((e) => isStalled(e, NOW)));
      const activity = list.flatMap((e) => (e.lastActivityAt ? [Date.parse(e.lastActivityAt)] : []));
      expect(row.lastActiveAt).toBe(activity.length ? new Date(Math.max(...activity)).toISOString() : null);
      if (list.length) expect(row.averageProgress).toBeCloseTo(list.reduce((a, e) => a + e.progress, 0) / list.length, 10);
      else expect(row.averageProgress).toBeNull();
    }
  });

  it('names courses by title (ids where no title is known) and counts tags', () => {
    const facets = table.facets();
    expect(facets.courses.find((c) => c.id === 'crs_a')?.title).toBe('Alpha');
    expect(facets.courses.find((c) => c.id === 'crs_c')?.title).toBe('crs_c');
    const held = new Set(data.students.map((s) => s.id));
    for (const c of facets.courses) expect(c.students).toBe(data.enrollments.filter((e) => e.courseId === c.id && held.has(e.studentId)).length);
    for (const t of facets.tags) expect(t.students).toBe(data.students.filter((s) => s.tags.includes(t.tag)).length);
  });

  it('merges changes by id and round-trips through the snapshot layout', () => {
    const changed = { ...data.students[0]!, tags: ['new-tag'] };
    const added: Student = { id: 'stu_new', name: 'Zed New', email: 'zed@new.example', joinedAt: new Date(NOW).toISOString(), tags: [] };
    const { data: merged, changed: count } = mergeStudentsData(data, { students: [changed, added, data.students[1]!], studentUpdatedAt: ['2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z', data.studentUpdatedAt[1]!], enrollments: [], enrollmentUpdatedAt: [] }, data.courseTitles);
    expect(count).toBe(2);
    const next = new StudentsTable(merged);
    expect(next.size).toBe(data.students.length + 1);
    expect(next.query({ tag: 'new-tag' }, { key: 'name', direction: 'asc' }, 0, 10, NOW).rows.map((r) => r.id)).toEqual([changed.id]);
    const back = decodeStudentsSnapshot(Buffer.concat(encodeStudentsSnapshot(merged, 'T')));
    expect(back.data).toEqual(merged);
    expect(() => decodeStudentsSnapshot(Buffer.from(JSON.stringify({ layout: 'students-columns-1', fetchedAt: 'T', students: { id: ['a'], name: [], email: [], joinedAt: [], tags: [], updatedAt: [] } })))).toThrow();
  });
});
