// A course's stalled learners (one definition: shared/model/learning-status.ts): who stopped, in which
// section, how many days ago they were last active. From the list: tag them (BulkActions), copy their
// e-mails, export the list as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toSerializedError } from '../../lib/app-error';
import { Link } from 'react-router';
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

export function StalledLearners({ courseId, locale }: { courseId: string; locale: Locale }) {
  return (
    <ScopeGate scopes={['students:read']} what="The stalled learners list">
      <StalledCard courseId={courseId} locale={locale} />
    </ScopeGate>
  );
}

function StalledCard({ courseId, locale }: { courseId: string; locale: Locale }) {
  const account = useActiveAccount();
  const query = useInvokeQuery('people.stalled', { accountId: account?.id ?? '', courseId }, { enabled: account !== null });
  const count = query.data?.data.learners.length;
  return (
    <Card title={count === undefined ? 'Stalled learners' : `Stalled learners (${formatCount(count, locale.locale)})`} actions={<FigureAge answer={query.data} />} flush data-testid="stalled-learners">
      <QueryState query={query} what="the stalled learners" label="the stalled learners">
        {(answer) => (account ? <StalledBody list={answer.data} accountId={account.id} locale={locale} /> : null)}
      </QueryState>
    </Card>
  );
}

function stalledCsv(list: StalledList, locale: Locale): string {
  return toCsv(
    ['Name', 'Email', 'Stopped in section', 'Progress', 'Last active', 'Days since active'],
    list.learners.map((l) => [l.name, l.email, l.sectionTitle ?? 'Not started', formatPercent(l.progress, locale.locale), l.lastActivityAt ? formatDateTime(l.lastActivityAt, locale) : 'Never', l.daysSinceActive]),
  );
}

const COLUMNS: Column[] = [{ label: 'Learner' }, { label: 'Stopped in' }, { label: 'Progress', numeric: true }, { label: 'Last active', numeric: true }];

function StalledBody({ list, accountId, locale }: { list: StalledList; accountId: string; locale: Locale }) {
  // The last word of Copy e-mails or Export CSV: what was copied or saved, or why not.
  const [copied, setCopied] = useState<string | null>(null);
  const { t } = useTranslation('people');
  if (list.learners.length === 0) {
    return (
      <EmptyState title="Nobody has stalled" icon="check">
        Every learner of “{list.courseTitle}” completed it or was active in the last {STALLED_AFTER_DAYS} days.
      </EmptyState>
    );
  }
  async function copyEmails() {
    const text = list.learners.map((l) => l.email).join(', ');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Copied ${list.learners.length} e-mail addresses.`);
    } catch {
      setCopied('Could not reach the clipboard: select the addresses in the exported CSV instead.');
    }
  }
  const fileName = `stalled-${list.courseTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'course'}-${list.asOf.slice(0, 10)}.csv`;
  return (
    <>
      <p className="card-note">
        Not completed and not active for more than {STALLED_AFTER_DAYS} days, of {formatCount(list.enrollments, locale.locale)} enrolled; longest inactive first.
      </p>
      <div className="stalled-toolbar">
        <Button size="sm" onClick={() => void copyEmails()}>
          Copy e-mails
        </Button>
        <Button
          size="sm"
          onClick={() =>
            void saveCsvText('stalledLearners', { name: fileName, csv: stalledCsv(list, locale), rows: list.learners.length }, { one: t('stalledRow'), other: t('stalledRows') }, locale.locale)
              .then(setCopied)
              .catch((error: unknown) => {
                const problem = toSerializedError(error);
                if (problem.code !== 'cancelled') setCopied(problem.message);
              })
          }
        >
          Export CSV
        </Button>
        {copied && (
          <span role="status" className="muted">
            {copied}
          </span>
        )}
      </div>
      <div className="stalled-toolbar">
        <BulkActions accountId={accountId} students={list.learners.map((l) => ({ id: l.studentId, name: l.name, email: l.email }))} />
      </div>
      <DataTable label="Stalled learners" frame={{ className: 'table-scroll-short' }} columns={COLUMNS}>
            {list.learners.map((l) => (
              <tr key={l.enrollmentId} data-student-id={l.studentId}>
                <th scope="row">
                  <Link to={`/students/${encodeURIComponent(l.studentId)}`}>{l.name}</Link>
                  <div className="muted">{l.email}</div>
                </th>
                <td>{l.sectionTitle ?? (l.sectionId === null ? 'Not started' : '—')}</td>
                <td className="num">{formatPercent(l.progress, locale.locale)}</td>
                <td className="num cell-nowrap" title={l.lastActivityAt ? formatDateTime(l.lastActivityAt, locale) : 'Never active: counted from enrolling'}>
                  {l.daysSinceActive} days ago
                </td>
              </tr>
            ))}
      </DataTable>
    </>
  );
}
