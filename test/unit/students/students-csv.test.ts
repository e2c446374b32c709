// The Students export's rows, read from the table's columns: quoting and the formula guard on names, e-mails,
// tags and course titles; names in any script; wall-clock times on both sides of a DST switch; every row held
// to a brute force over the raw lists (stalled rule from shared/model/learning-status.ts, times by Intl
// directly); an empty set is the header alone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCsvFile } from '../../../electron/services/engine/worker/csv-file-export';
import { CsvBytes } from '../../../electron/services/engine/worker/orders-csv-columns';
import { studentsCsvHeader, studentsCsvRowWriter } from '../../../electron/services/engine/worker/students-csv';
import { StudentsTable, type StudentsData } from '../../../electron/services/engine/worker/students-table';
import { parseCsv } from '../../../shared/csv';
import { isStalled } from '../../../shared/model/learning-status';
import type { Student, StudentEnrollment } from '../../../shared/model/people';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

function data(students: Student[], enrollments: StudentEnrollment[], courseTitles: Record<string, string>): StudentsData {
  return { students, studentUpdatedAt: students.map((s) => s.joinedAt), enrollments, enrollmentUpdatedAt: enrollments.map((e) => e.enrolledAt), courseTitles };
}

function enrollment(id: string, studentId: string, courseId: string, lastActivityAt: string | null, completedAt: string | null = null): StudentEnrollment {
  return { id, studentId, courseId, enrolledAt: '2026-01-05T10:00:00Z', progress: completedAt ? 1 : 0.4, completedAt, lastActivityAt, currentSectionId: null };
}

/** The whole table as CSV text: header, then every student in table order. */
function csvOf(table: StudentsTable, timeZone: string): string {
  const out = new CsvBytes(64);
  out.text(`${studentsCsvHeader(timeZone).join(',')}\r\n`);
  const row = studentsCsvRowWriter(table.exportColumns(), timeZone, NOW);
  for (let s = 0; s < table.size; s++) row(s, out);
  return out.take().toString('utf8');
}

describe('students CSV rows', () => {
  const tricky: Student[] = [
    { id: 's1', name: '=HYPERLINK("http://evil.example","click")', email: '+1@mail.example', joinedAt: '2026-03-08T06:30:00Z', tags: ['vip', '-5%', 'a,b'] },
    { id: 's2', name: 'Zoë "Zo" O\'Brien, Jr.', email: 'zoe@mail.example', joinedAt: '2026-03-08T07:30:00Z', tags: [] },
    { id: 's3', name: '王小明', email: 'xiaoming@例え.jp', joinedAt: '2026-11-01T05:30:00Z', tags: ['学生'] },
    { id: 's4', name: 'Line\nbreak', email: '@handle', joinedAt: '2025-12-31T23:59:59.999Z', tags: ['\ttabbed'] },
  ];
  const courses = { c1: 'Intro, part 1', c2: '@mentions & "quotes"', c3: 'Café crème' };
  const enrollments = [
    enrollment('e1', 's1', 'c1', '2026-11-01T06:30:00Z'), // New York: the day DST ends, 01:30 EDT
    enrollment('e2', 's1', 'c2', '2026-11-01T05:30:00Z', '2026-11-01T05:30:00Z'), // 01:30 EDT too, an hour earlier; completed
    enrollment('e3', 's3', 'c3', null), // never active: stalled since enrolling
    enrollment('e4', 's3', 'c1', new Date(NOW - 2 * DAY).toISOString()),
    enrollment('e5', 'unknown', 'c1', null), // a student not synced: no row
  ];
  const table = new StudentsTable(data(tricky, enrollments, courses));

  it('quotes and guards every text cell, keeps names in any script, and reads back exactly', () => {
    const text = csvOf(table, 'America/New_York');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Name', 'Email', 'Tags', 'Courses', 'Last active (America/New_York)', 'Joined (America/New_York)', 'Stalled courses']);
    expect(rows).toHaveLength(4);
    // Formula guard: a leading ' on = + - @ tab, so a spreadsheet shows the text and runs nothing.
    expect(rows[0]!.slice(0, 4)).toEqual(["'=HYPERLINK(\"http://evil.example\",\"click\")", "'+1@mail.example", 'vip; -5%; a,b', 'Intro, part 1; @mentions & "quotes"']);
    expect(rows[1]![0]).toBe('Zoë "Zo" O\'Brien, Jr.');
    expect(rows[2]!.slice(0, 4)).toEqual(['王小明', 'xiaoming@例え.jp', '学生', 'Café crème; Intro, part 1']);
    expect(rows[3]!.slice(0, 3)).toEqual(['Line\nbreak', "'@handle", "'\ttabbed"]);
    // Quoted in the bytes themselves, RFC 4180 style.
    expect(text).toContain('"Zoë ""Zo"" O\'Brien, Jr."');
    expect(text).toContain('"vip; -5%; a,b"');
  });

  it('writes wall-clock times in the zone on both sides of a DST switch, empty when never active', () => {
    const [, ...rows] = parseCsv(csvOf(table, 'America/New_York'));
    // Joined: 2026-03-08 is the day New York springs forward at 02:00 EST → 03:00 EDT.
    expect(rows[0]![5]).toBe('2026-03-08 01:30:00');
    expect(rows[1]![5]).toBe('2026-03-08 03:30:00');
    // Last active: the latest activity (06:30Z on the day DST ends = 01:30 EDT, the first 01:30).
    expect(rows[0]![4]).toBe('2026-11-01 01:30:00');
    expect(rows[1]![4]).toBe('');
    // Whole seconds, as the other exports: 23:59:59.999Z is 18:59:59 in New York.
    expect(rows[3]![5]).toBe('2025-12-31 18:59:59');
    const [, ...berlin] = parseCsv(csvOf(table, 'Europe/Berlin'));
    expect(berlin[0]![5]).toBe('2026-03-08 07:30:00');
    expect(berlin[3]![5]).toBe('2026-01-01 00:59:59');
  });

  it('names the courses a student has stalled in (not completed, not active for 14 days), by title', () => {
    const [, ...rows] = parseCsv(csvOf(table, 'UTC'));
    expect(rows[0]![6]).toBe('Intro, part 1'); // c2 is completed
    expect(rows[1]![6]).toBe('');
    expect(rows[2]![6]).toBe('Café crème'); // c1 active two days ago
  });

  it('matches a brute force over the raw lists for 500 synthetic students in a DST zone', () => {
    let x = 11;
    const r = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const students: Student[] = [];
    const list: StudentEnrollment[] = [];
    const titles: Record<string, string> = { a: 'Alpha', b: 'Beta, the sequel', c: '=C' }; // d: no title, its id stands in
    for (let s = 0; s < 500; s++) {
      students.push({ id: `s${s}`, name: `Ünïcode ${s} ${r() < 0.1 ? '"q"' : ''}`, email: `p${s}@mail.example`, joinedAt: new Date(NOW - Math.floor(r() * 900 * DAY)).toISOString(), tags: ['vip', 'b2b'].filter(() => r() < 0.3) });
      for (const course of ['a', 'b', 'c', 'd']) {
        if (r() < 0.5) continue;
        const active = r() < 0.8 ? new Date(NOW - Math.floor(r() * 400 * DAY)).toISOString() : null;
        list.push(enrollment(`e${list.length}`, `s${s}`, course, active, active && r() < 0.2 ? active : null));
      }
    }
    const zone = 'America/Santiago';
    const exact = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const wall = (ms: number) => exact.format(new Date(ms)).replace(', ', ' ');
    const [, ...rows] = parseCsv(csvOf(new StudentsTable(data(students, list, titles)), zone));
    expect(rows).toHaveLength(students.length);
    students.forEach((st, s) => {
      const mine = list.filter((e) => e.studentId === st.id);
      const title = (e: StudentEnrollment) => titles[e.courseId] ?? e.courseId;
      const times = mine.flatMap((e) => (e.lastActivityAt ? [Date.parse(e.lastActivityAt)] : []));
      const guard = (t: string) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t);
      expect(rows[s]).toEqual([
        st.name, st.email, st.tags.join('; '), guard(mine.map(title).join('; ')),
        times.length ? wall(Math.max(...times)) : '', wall(Date.parse(st.joinedAt)),
        guard(mine.filter((e) => isStalled(e, NOW)).map(title).join('; ')),
      ]);
    });
  });
});

describe('streaming the rows to a file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'students-csv-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  });

  it('an empty set is the header alone', async () => {
    const path = join(dir, 'none.csv');
    const progress: [number, boolean][] = [];
    const bytes = await writeCsvFile({ path, header: studentsCsvHeader('Asia/Taipei'), total: 0, row: () => { throw new Error('no rows'); }, signal: new AbortController().signal, progress: (d, f) => progress.push([d, f]) });
    const text = await readFile(path, 'utf8');
    expect(text).toBe('\uFEFFName,Email,Tags,Courses,Last active (Asia/Taipei),Joined (Asia/Taipei),Stalled courses\r\n');
    expect(bytes).toBe(Buffer.byteLength(text));
    expect(progress).toEqual([[0, false], [0, true]]);
  });
});
