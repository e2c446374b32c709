// The Students page's export as CSV rows, read straight from the students table's columns (no row object per
// student): name, e-mail, tags, the titles of the courses the student is enrolled in, last active and joined
// as wall-clock times in the business time zone (the exports' one time format, `YYYY-MM-DD HH:mm:ss`, the zone named
// in the header, as the orders export), and the courses the student has stalled in (shared/model/learning-status.ts).
// Every text cell goes through shared/csv.ts (RFC 4180 quoting, formula guard).
import { csvCell } from '../../../../shared/csv';
import type { CsvBytes } from './orders-csv-columns';
import { localMsFormatter } from './fast-local-time';
import type { StudentsExportColumns } from './students-table';

/** Between several tags or course titles in one cell. */
const LIST_SEPARATOR = '; ';

export function studentsCsvHeader(timeZone: string): string[] {
  return ['Name', 'Email', 'Tags', 'Courses', `Last active (${timeZone})`, `Joined (${timeZone})`, 'Stalled courses'];
}

/** Writes student `s` (a position in the table) as one CSV record, CRLF included. */
type StudentCsvRowWriter = (s: number, out: CsvBytes) => void;

/** `now`: the moment "stalled" is judged at (the engine's minute, as the page's own query uses). */
export function studentsCsvRowWriter(c: StudentsExportColumns, timeZone: string, now: number): StudentCsvRowWriter {
  const wallClock = localMsFormatter(timeZone);
  const time = (ms: number) => (Number.isNaN(ms) ? '' : csvCell(wallClock(ms)));
  // A course's title (its id when titles could not be read), once per course code.
  const titles = c.courseDict.map((id) => c.courseTitles[id] ?? id);
  const { students, joinedAt, lastActive, enStart, enList, enCourse } = c;
  return (s, out) => {
    const student = students[s]!;
    let courses = '';
    let stalled = '';
    let stalledCount = 0;
    for (let k = enStart[s]!; k < enStart[s + 1]!; k++) {
      const e = enList[k]!;
      const title = titles[enCourse[e]!]!;
      courses += k === enStart[s] ? title : LIST_SEPARATOR + title;
      if (c.isStalled(e, now)) stalled += stalledCount++ === 0 ? title : LIST_SEPARATOR + title;
    }
    out.text(
      `${csvCell(student.name)},${csvCell(student.email)},${csvCell(student.tags.join(LIST_SEPARATOR))},${csvCell(courses)},${time(lastActive[s]!)},${time(joinedAt[s]!)},${csvCell(stalled)}\r\n`,
    );
  };
}
