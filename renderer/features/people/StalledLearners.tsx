// A course's stalled learners (one definition: shared/model/learning-status.ts): who stopped, in which
// section, how many days ago they were last active. From the list: tag them (BulkActions), copy their
// e-mails, export the list as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toSerializedError } from '../../lib/app-error';
import { Link } from 'react-router';
import { t as translate } from '../../../shared/i18n/i18n';
import { csvTimeOf } from '../../../shared/zoned-time';
import { toCsv } from '../../../shared/csv';
import { STALLED_AFTER_DAYS } from '../../../shared/model/learning-status';
import type { StalledLearners as StalledList } from '../../../shared/model/student-profile';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ScopeGate } from '../../components/ScopeGate';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { formatCount, formatDateTime, formatPercent, type Locale } from '../../lib/format';
import { saveCsvText } from '../common/ExportCsv';
import { BulkActions } from '../students/BulkActions';
import './people.css';

const STALLED_SCOPES = ['students:read'] as const;

export function StalledLearners({ courseId, locale }: { courseId: string; locale: Locale }) {
  const { t } = useTranslation('people');
  return (
    <ScopeGate scopes={STALLED_SCOPES} what={t('stalled.what')}>
      <StalledCard courseId={courseId} locale={locale} />
    </ScopeGate>
  );
}

function StalledCard({ courseId, locale }: { courseId: string; locale: Locale }) {
  const account = useActiveAccount();
  const query = useInvokeQuery('people.stalled', { accountId: account?.id ?? '', courseId }, { enabled: account !== null });
  const { t } = useTranslation('people');
  const count = query.data?.data.learners.length;
  return (
    <Card title={count === undefined ? t('stalled.title') : t('stalled.titleCount', { n: formatCount(count, locale.locale) })} actions={<FigureAge answer={query.data} />} flush data-testid="stalled-learners">
      <QueryState query={query} what={t('stalled.whatList')} label={t('stalled.whatList')}>
        {(answer) => (account ? <StalledBody list={answer.data} accountId={account.id} courseId={courseId} locale={locale} /> : null)}
      </QueryState>
    </Card>
  );
}

/** The exports' conventions (shared/csv.ts): headers in the UI language, times as the business zone's clock, named in the header. */
function stalledCsv(list: StalledList, locale: Locale): string {
  const c = (key: 'name' | 'email' | 'section' | 'progress' | 'days') => translate(`people:stalled.csv.${key}`);
  return toCsv(
    [c('name'), c('email'), c('section'), c('progress'), translate('people:stalled.csv.lastActive', { zone: locale.timeZone }), c('days')],
    list.learners.map((l) => [
      l.name,
      l.email,
      l.sectionTitle ?? translate('people:stalled.notStarted'),
      formatPercent(l.progress, locale.locale),
      l.lastActivityAt ? csvTimeOf(l.lastActivityAt, locale.timeZone) : translate('people:stalled.csv.never'),
      l.daysSinceActive,
    ]),
  );
}

/** The file's name: the course's title as far as it makes a file name (Chinese titles kept), and the day. */
function stalledFileName(list: StalledList): string {
  const course = list.courseTitle.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || translate('people:stalled.fileCourse');
  return translate('people:stalled.fileName', { course, day: list.asOf.slice(0, 10) });
}

function StalledBody({ list, accountId, courseId, locale }: { list: StalledList; accountId: string; courseId: string; locale: Locale }) {
  const { t } = useTranslation('people');
  // The last word of Copy e-mails or Export CSV: what was copied or saved, or why not.
  const [copied, setCopied] = useState<string | null>(null);
  const columns: Column[] = [
    { label: t('stalled.columns.learner') },
    { label: t('stalled.columns.stoppedIn') },
    { label: t('stalled.columns.progress'), numeric: true },
    { label: t('stalled.columns.lastActive'), numeric: true },
  ];
  if (list.learners.length === 0) {
    return (
      <EmptyState title={t('stalled.none')} icon="check">
        {t('stalled.noneHint', { course: list.courseTitle, days: STALLED_AFTER_DAYS })}
      </EmptyState>
    );
  }
  async function copyEmails() {
    const text = list.learners.map((l) => l.email).join(', ');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('stalled.copied', { count: list.learners.length, n: formatCount(list.learners.length, locale.locale) }));
    } catch {
      setCopied(t('stalled.noClipboard'));
    }
  }
  return (
    <>
      <p className="card-note">
        {t('stalled.note', { days: STALLED_AFTER_DAYS, enrolled: formatCount(list.enrollments, locale.locale) })}
      </p>
      <div className="stalled-toolbar">
        <Button size="sm" onClick={() => void copyEmails()}>
          {t('stalled.copyEmails')}
        </Button>
        <Button
          size="sm"
          onClick={() =>
            void saveCsvText(
              'stalledLearners',
              { name: stalledFileName(list), csv: stalledCsv(list, locale), rows: list.learners.length },
              { one: t('stalled.exportRows', { count: 1 }), other: t('stalled.exportRows', { count: 2 }) },
              locale.locale,
            )
              .then(setCopied)
              .catch((error: unknown) => {
                const problem = toSerializedError(error);
                if (problem.code !== 'cancelled') setCopied(problem.message);
              })
          }
        >
          {t('stalled.exportCsv')}
        </Button>
        {copied && (
          <span role="status" className="muted">
            {copied}
          </span>
        )}
      </div>
      <div className="stalled-toolbar">
        <BulkActions accountId={accountId} students={list.learners.map((l) => ({ id: l.studentId, name: l.name, email: l.email }))} excludeCourseId={courseId} />
      </div>
      <DataTable label={t('stalled.title')} frame={{ className: 'table-scroll-short' }} columns={columns}>
            {list.learners.map((l) => (
              <tr key={l.enrollmentId} data-student-id={l.studentId}>
                <th scope="row">
                  <Link to={`/students/${encodeURIComponent(l.studentId)}`}>{l.name}</Link>
                  <div className="muted">{l.email}</div>
                </th>
                <td>{l.sectionTitle ?? (l.sectionId === null ? t('stalled.notStarted') : '—')}</td>
                <td className="num">{formatPercent(l.progress, locale.locale)}</td>
                <td className="num cell-nowrap" title={l.lastActivityAt ? formatDateTime(l.lastActivityAt, locale) : t('stalled.neverActive')}>
                  {t('stalled.daysAgo', { count: l.daysSinceActive, n: formatCount(l.daysSinceActive, locale.locale) })}
                </td>
              </tr>
            ))}
      </DataTable>
    </>
  );
}
