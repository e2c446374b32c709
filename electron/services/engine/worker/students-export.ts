// The Students page's view streamed to a file, in the engine's worker: the students matching the page's
// filters in its sort order, or only the selected ones (in the same sort order, whatever the filters), written
// by csv-file-export.ts from the table's columns (students-csv.ts), with progress and Cancel.
import type { Answer } from '../../../../shared/ipc/data';
import type { StudentFilters, StudentSort } from '../../../../shared/ipc/students';
import { writeCsvFile } from './csv-file-export';
import type { EngineEvent, StudentsExportArgs } from '../contract/protocol';
import { studentsCsvHeader, studentsCsvRowWriter } from './students-csv';
import type { StudentsTable } from './students-table';


/** Positions of the students to export, in the page's order. */
function studentsToExport(table: StudentsTable, filters: StudentFilters, sort: StudentSort, ids: readonly string[] | undefined, now: number): Uint32Array {
  if (!ids) return table.select(filters, sort, now);
  const chosen = new Uint8Array(table.size);
  for (const id of ids) {
    const s = table.indexOf(id);
    if (s !== undefined) chosen[s] = 1;
  }
  const all = table.select({}, sort, now);
  const out = new Uint32Array(all.length);
  let count = 0;
  for (const s of all) if (chosen[s] === 1) out[count++] = s;
  return out.slice(0, count);
}

export async function exportStudentsCsvFile(
  loaded: { table: StudentsTable; fetchedAt: string; fromCache: boolean },
  args: StudentsExportArgs,
  now: number,
  signal: AbortSignal,
  emit: (event: EngineEvent) => void,
): Promise<Answer<{ rows: number; bytes: number }>> {
  const { accountId, jobId, timeZone, path } = args;
  const positions = studentsToExport(loaded.table, args.filters, args.sort, args.ids, now);
  const total = positions.length;
  const row = studentsCsvRowWriter(loaded.table.exportColumns(), timeZone, now);
  const bytes = await writeCsvFile({
    path, header: studentsCsvHeader(timeZone), total, signal,
    row: (k, out) => row(positions[k]!, out),
    progress: (done, finished) => emit({ event: 'data.progress', payload: { jobId, accountId, loaded: done, total, label: 'Exporting students', done: finished } }),
  });
  return { data: { rows: total, bytes }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
}
