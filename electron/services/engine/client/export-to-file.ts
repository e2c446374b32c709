// What every "export to a file" handler does around the engine's work (orders, students): check the format
// asked for, let the admin pick where the file goes (export-destination.ts: the Save dialog, or browser
// mode's one-time download), run the engine's export into it, and forget the slot when that fails.
import { AppError } from '../../../../shared/errors';
import { isValidTimeZone } from '../../../../shared/zoned-time';
import { t } from '../../../../shared/i18n/i18n';
import type { Answer, CsvFileExport } from '../../../../shared/ipc/data';
import type { ExportDestination, ExportSubject } from './export-destination';

/** A bad time zone or locale is refused before anything is written. */
export function checkExportFormat(timeZone: string, locale: string): void {
  if (!isValidTimeZone(timeZone)) throw new AppError('invalid_input', t('engine:errors.unknownTimeZone', { zone: timeZone }));
  try {
    new Intl.NumberFormat(locale);
  } catch (error) {
    throw new AppError('invalid_input', t('engine:errors.unknownLocale', { locale }), { cause: error });
  }
}

/** "orders-2026-11-23.csv": what the file is and the (UTC) day it was made. */
export function exportFileName(what: string, now: number): string {
  return `${what}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** Null destination: this app has nowhere to put a file (a caller without one). */
export async function exportToChosenFile(
  destination: ExportDestination | null,
  subject: ExportSubject,
  fileName: string,
  write: (path: string) => Promise<Answer<{ rows: number; bytes: number }>>,
): Promise<Answer<CsvFileExport>> {
  if (!destination) throw new AppError('invalid_input', t('engine:errors.exportUnavailable'));
  const target = await destination.choose(fileName, subject);
  if (!target) throw new AppError('cancelled', t('engine:errors.exportCancelled'));
  try {
    const answer = await write(target.path);
    return { ...answer, data: { ...answer.data, fileName, savedTo: target.savedTo, downloadUrl: target.downloadUrl } };
  } catch (error) {
    target.release();
    throw error;
  }
}
