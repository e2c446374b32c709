// The activity log as CSV for a spreadsheet: one row per entry, the time in the business time zone (and in UTC,
// unambiguous), the result as the screen labels it, headers and words in the UI language of the export.
import { toCsv } from '../../../shared/csv';
import { ACTIVITY_RESULT_LABELS, type ActivityEntry } from '../../../shared/ipc/writes';
import { t } from '../../../shared/i18n/i18n';
import { describeWrite } from '../../../shared/model/writes';


export function activityToCsv(entries: readonly ActivityEntry[], timeZone: string): string {
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return toCsv(
    (['time', 'timeUtc', 'change', 'result', 'detail', 'recordType', 'recordId', 'record'] as const).map((column) => t(`exports:activity.${column}`)),
    // The change worded in the export's language where the entry keeps its request.
    entries.map((e) => [local.format(new Date(e.at)), e.at, e.request ? describeWrite(e.request).summary : e.summary, ACTIVITY_RESULT_LABELS[e.result], e.detail ?? '', e.target?.type ?? '', e.target?.id ?? '', e.target?.name ?? '']),
  );
}
