// The data.students.* part of the contract (shared/ipc/students.ts): each only forwards to the data engine's
// worker, where the students are synced, searched, filtered, sorted and exported. Nothing is computed here.
import type { MethodHandlers } from '../ipc/handler-types';
import type { EngineClient } from '../engine/client/engine-client';
import type { ExportDestination } from '../engine/client/export-destination';
import { checkExportFormat, exportFileName, exportToChosenFile } from '../engine/client/export-to-file';

type EngineStudentsMethod = 'data.students.load' | 'data.students.status' | 'data.students.query' | 'data.students.pick' | 'data.students.exportCsvFile';

/** `destination`: where data.students.exportCsvFile writes (the Save dialog, or browser mode's download slots). */
export function engineStudentsHandlers(engine: EngineClient, destination: ExportDestination | null = null, now: () => number = Date.now): MethodHandlers<EngineStudentsMethod> {
  return {
    'data.students.load': async ({ accountId, jobId, mode }) => engine.call('students.load', { accountId, mode, jobId }),
    'data.students.status': async ({ accountId }) => engine.call('students.status', { accountId }),
    'data.students.query': async ({ accountId, filters, sort, offset, limit, partial }) => engine.call('students.query', { accountId, filters, sort, offset, limit, partial }),
    'data.students.pick': async ({ accountId, ids, emails, filters }) => engine.call('students.pick', { accountId, ids, emails, filters }),
    'data.students.exportCsvFile': async ({ accountId, jobId, filters, sort, ids, timeZone, locale }) => {
      checkExportFormat(timeZone, locale);
      const id = jobId ?? `students.export:${accountId}:${now()}`;
      return exportToChosenFile(destination, 'students', exportFileName('students', now()), (path) =>
        engine.call('students.exportCsvFile', { accountId, jobId: id, filters, sort, ids, timeZone, path }));
    },
  };
}
