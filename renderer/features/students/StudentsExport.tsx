// The Students page's Export: the students matching the filters, search and sort on screen, or only the
// selected ones when there is a selection (the label says which), as CSV streamed to a file by the data
// engine (common/ExportCsv.tsx: the Orders page's control, progress with Cancel, where it went).
import { useTranslation } from 'react-i18next';
import type { StudentFilters, StudentSort } from '../../../shared/ipc/students';
import { invoke } from '../../lib/bridge-hooks';
import { ExportCsvControl, useCsvFileExport } from '../common/ExportCsv';
import { formatCount, type Locale } from '../../lib/format';

export function StudentsExport({ accountId, filters, sort, selected, matching, locale }: {
  accountId: string | null;
  filters: StudentFilters;
  sort: StudentSort;
  /** The selected students' ids; empty: export the view. */
  selected: readonly string[];
  /** Students matching the view; null until known. */
  matching: number | null;
  locale: Locale;
}) {
  const { t } = useTranslation('students', { keyPrefix: 'export' });
  const exporter = useCsvFileExport(
    accountId
      ? (jobId) => invoke('data.students.exportCsvFile', { accountId, jobId, filters, sort, ...(selected.length > 0 ? { ids: [...selected] } : {}), timeZone: locale.timeZone, locale: locale.locale })
      : null,
    { one: t('rows', { count: 1 }), other: t('rows', { count: 2 }) },
    locale.locale,
  );
  const label = selected.length > 0
    ? t('selected', { formatted: formatCount(selected.length, locale.locale) })
    : matching === null ? t('all') : t('matching', { count: matching, formatted: formatCount(matching, locale.locale) });
  return <ExportCsvControl state={exporter} label={label} disabled={selected.length === 0 && !matching} />;
}
