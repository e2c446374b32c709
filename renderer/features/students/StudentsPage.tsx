// Every student of the school, synced by the data engine (first time: progress and Cancel; then only what
// changed). Search as the admin types, filters (course, tag, stalled, last active) and sorting are answered by
// the engine's worker; the table draws only the rows in view and asks for those windows as it scrolls. Rows
// can be selected (checkbox, Space, Shift-click for a range, or every match) for bulk work in SelectionBar.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { t as translate } from '../../../shared/i18n/i18n';
import { DEFAULT_STUDENT_SORT, LAST_ACTIVE_FILTERS, type LastActiveFilter, type StudentFacets, type StudentFilters, type StudentRow, type StudentSort, type StudentSortKey } from '../../../shared/ipc/students';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { Progress } from '../../components/Progress';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Icon } from '../../components/Icon';
import { useActiveAccount } from '../../state/active-account';
import { useStudentRows, useStudentsHead, useStudentsLoad, type StudentsHead } from '../../data/students';
import { useJobProgress } from '../../data/progress';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { PartialSyncNotice } from '../common/PartialSyncNotice';
import { SelectField } from '../common/SelectField';
import { VirtualTable } from '../common/VirtualTable';
import type { Column } from '../common/table-columns';
import { useDebounced } from '../common/use-debounced';
import { useVirtualRows } from '../common/use-virtual-rows';
import { useLocale } from '../common/use-locale';
import { formatCount, formatDateOnly, formatPercent, sortedByName, type Locale } from '../../lib/format';
import { PendingWrite, usePendingWrites } from '../writes/pending-writes';
import type { OutboxItem } from '../../../shared/ipc/writes';
import { ListPanel } from './ListPanel';
import { SelectionBar } from './SelectionBar';
import { StudentsExport } from './StudentsExport';
import './students.css';

const ROW_HEIGHT = 44;

interface FilterForm {
  courseId: string;
  tag: string;
  /** 'week': stalled this week (Today's count links here with ?stalled=week). */
  stalled: '' | 'yes' | 'no' | 'week';
  lastActive: '' | LastActiveFilter;
}
const NO_FILTERS: FilterForm = { courseId: '', tag: '', stalled: '', lastActive: '' };

function toFilters(form: FilterForm, text: string): StudentFilters {
  return {
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(form.courseId ? { courseId: form.courseId } : {}),
    ...(form.tag ? { tag: form.tag } : {}),
    ...(form.stalled === 'week' ? { stalledThisWeek: true as const } : form.stalled ? { stalled: form.stalled === 'yes' } : {}),
    ...(form.lastActive ? { lastActive: form.lastActive } : {}),
  };
}

/** The selected students, each with its e-mail (known from the row or the pick that selected it). */
type Selection = ReadonlyMap<string, string>;

/** `actions`: what the selection bar offers for the selected students (bulk enroll and tag: students/BulkActions.tsx). */
export function StudentsPage({ actions }: { actions?: SelectionActions } = {}) {
  return (
    <DashboardFrame dashboard="students">
      <StudentsDirectory actions={actions} />
    </DashboardFrame>
  );
}

type SelectionActions = (selected: { id: string; email: string }[]) => ReactNode;

function StudentsDirectory({ actions }: { actions?: SelectionActions }) {
  const account = useActiveAccount();
  const accountId = account?.id ?? null;
  const locale = useLocale();
  const resultsRef = useRef<HTMLDivElement>(null);
  const load = useStudentsLoad(accountId);
  const progress = useJobProgress(load.running ? load.jobId : null);
  const { start } = load;
  useEffect(() => {
    start('auto');
  }, [start]);

  // Today's "learners who stalled this week" opens the page with ?stalled=week; changing that filter drops it.
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<FilterForm>(() => (params.get('stalled') === 'week' ? { ...NO_FILTERS, stalled: 'week' } : NO_FILTERS));
  useEffect(() => {
    if (form.stalled !== 'week' && params.has('stalled')) setParams({}, { replace: true });
  }, [form.stalled, params, setParams]);
  const [text, setText] = useState('');
  const debouncedText = useDebounced(text, 200);
  const filters = useMemo(() => toFilters(form, debouncedText), [form, debouncedText]);
  const [sort, setSort] = useState<StudentSort>(DEFAULT_STUDENT_SORT);
  // Rows show once the sync has brought some: the first sync's so far (marked partial), or all.
  const ready = load.result !== null || load.soFar > 0;
  const view = useStudentsHead(accountId, ready, filters, sort, load.running);
  const head = view.head?.data;
  const partial = head?.partial ?? null;

  const [selection, setSelection] = useState<Selection>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const { t } = useTranslation(['students', 'common']);
  const copyEmails = useCallback(async () => {
    const emails = [...selection.values()];
    try {
      await navigator.clipboard.writeText(emails.join('\n'));
      setNotice(translate('students:selection.copied', { count: emails.length, formatted: formatCount(emails.length, locale.locale) }));
    } catch {
      setNotice(translate('students:selection.noClipboard'));
    }
  }, [selection, locale.locale]);
  const selectAllMatching = useCallback(async () => {
    if (!accountId) return;
    try {
      const picked = await invoke('data.students.pick', { accountId, filters });
      setSelection(new Map(picked.data.ids.map((id, k) => [id, picked.data.emails[k] ?? ''])));
      setNotice(null);
    } catch (error) {
      setNotice(toSerializedError(error).message);
    }
  }, [accountId, filters]);

  const initialLoad = load.running && !ready;
  return (
    <Page
      title={t('common:dashboards.titles.students')}
      description={t('page.description')}
      meta={
        <span className="meta-line">
          <FigureAge answer={view.head ?? load.result ?? undefined} />
          {head && <span data-testid="students-loaded">{t('page.synced', { count: head.loaded, formatted: formatCount(head.loaded, locale.locale) })}</span>}
        </span>
      }
      actions={
        <>
          {actions && ready && accountId && (
            <Button size="sm" onClick={() => setListOpen((o) => !o)} aria-expanded={listOpen}>
              {t('list.openPanel')}
            </Button>
          )}
          <Button size="sm" icon={<Icon name="refresh" size={16} />} onClick={() => load.start('full')} disabled={load.running}>
            {t('page.refresh')}
          </Button>
          <StudentsExport accountId={accountId} filters={filters} sort={sort} selected={[...selection.keys()]} matching={partial ? null : (head?.total ?? null)} locale={locale} />
        </>
      }
    >
      {load.running && (
        <Card>
          <Progress
            label={progress?.label ?? t('page.loading')}
            value={progress && progress.total ? progress.loaded : undefined}
            max={progress?.total ?? 1}
            detail={progress ? t(progress.total ? 'page.progressOf' : 'page.progress', { loaded: formatCount(progress.loaded, locale.locale), total: formatCount(progress.total ?? 0, locale.locale) }) : undefined}
            onCancel={initialLoad ? load.cancel : undefined}
          />
        </Card>
      )}
      {load.error && !ready && (
        load.error.code === 'cancelled' ? (
          <EmptyState title={t('page.cancelled.title')} action={<Button variant="primary" onClick={() => load.start('auto')}>{t('page.cancelled.load')}</Button>}>
            {t('page.cancelled.body')}
          </EmptyState>
        ) : (
          <ErrorState error={load.error} what={t('common:dashboards.names.students')} onRetry={() => load.start('auto')} />
        )
      )}
      {load.error && ready && !partial && load.error.code !== 'cancelled' && (
        <p className="field-error" role="alert">{t('page.refreshFailed', { message: load.error.message })}</p>
      )}
      {ready && (
        <>
          {listOpen && accountId && (
            <ListPanel
              accountId={accountId}
              locale={locale.locale}
              onClose={() => setListOpen(false)}
              onSelect={(found) => {
                setSelection(new Map(found.map((f) => [f.id, f.email])));
                setNotice(null);
              }}
            />
          )}
          <Card flush>
            <div className="filter-bar" role="search" aria-label={t('page.filters.region')}>
              <label className="field field-full">
                <span className="visually-hidden">{t('page.filters.search')}</span>
                <input
                  type="search"
                  className="input"
                  placeholder={t('page.filters.searchPlaceholder')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={(e) => {
                    // Down from the search box goes into the results (the table's current row), as in a combobox.
                    if (e.key === 'ArrowDown' && focusCurrentRow(resultsRef.current)) e.preventDefault();
                  }}
                />
              </label>
              <Filters form={form} setForm={setForm} facets={head?.facets} />
              {(text || form !== NO_FILTERS) && (
                <button
                  type="button"
                  className="link-button filter-clear"
                  onClick={() => {
                    setForm(NO_FILTERS);
                    setText('');
                  }}
                >
                  {t('page.filters.clear')}
                </button>
              )}
            </div>
          </Card>
          {head ? (
            <>
              {partial && (
                <PartialSyncNotice
                  partial={partial}
                  loaded={head.loaded}
                  // eslint-disable-next-line i18next/no-literal-string -- which notice, not words
                  what="students"
                  locale={locale}
                  error={load.error}
                  onResume={() => load.start('auto')}
                />
              )}
              <div className="students-summary">
                <p aria-live="polite" className={view.isStale ? 'is-updating' : undefined}>
                  <strong data-testid="students-match-count" data-count={head.total}>{formatCount(head.total, locale.locale)}</strong>{' '}
                  {t('page.matches', { count: head.total })}
                </p>
                {head.total > 0 && (
                  <button type="button" className="link-button" onClick={() => void selectAllMatching()}>
                    {t('page.selectAll', { formatted: formatCount(head.total, locale.locale) })}
                  </button>
                )}
              </div>
              <SelectionBar count={selection.size} locale={locale.locale} onCopyEmails={() => void copyEmails()} onClear={() => { setSelection(new Map()); setNotice(null); }} notice={notice} actions={actions?.([...selection].map(([id, email]) => ({ id, email })))} />
              <div ref={resultsRef}>
              <StudentsTable accountId={accountId} view={view} filters={filters} sort={sort} onSort={setSort} locale={locale} selection={selection} setSelection={setSelection} />
              </div>
            </>
          ) : view.error ? (
            <ErrorState error={view.error} what={t('common:dashboards.names.students')} />
          ) : (
            <div className="loading-block">
              <Spinner size={18} label={t('page.finding')} />
            </div>
          )}
        </>
      )}
    </Page>
  );
}

function Filters({ form, setForm, facets }: { form: FilterForm; setForm: React.Dispatch<React.SetStateAction<FilterForm>>; facets: StudentFacets | undefined }) {
  const { locale } = useLocale();
  const { t } = useTranslation('students', { keyPrefix: 'page.filters' });
  // Today's own words for its link here (?stalled=week).
  const stalledThisWeek = translate(form.courseId ? 'today:filters.stalledThisWeekInCourse' : 'today:filters.stalledThisWeek');
  return (
    <>
      <SelectField label={t('course')} value={form.courseId} onChange={(courseId) => setForm((f) => ({ ...f, courseId }))}>
        <option value="">{t('any')}</option>
        {sortedByName(facets?.courses ?? [], (c) => c.title, locale).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('tag')} value={form.tag} onChange={(tag) => setForm((f) => ({ ...f, tag }))}>
        <option value="">{t('any')}</option>
        {facets?.tags.map((facet) => (
          <option key={facet.tag} value={facet.tag}>
            {facet.tag}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('stalled')} value={form.stalled} onChange={(stalled) => setForm((f) => ({ ...f, stalled: stalled as FilterForm['stalled'] }))}>
        <option value="">{t('any')}</option>
        <option value="yes">{t(form.courseId ? 'stalledInCourse' : 'stalledInAny')}</option>
        <option value="no">{t(form.courseId ? 'notStalledInCourse' : 'notStalled')}</option>
        <option value="week">{stalledThisWeek}</option>
      </SelectField>
      <SelectField label={t('lastActive')} value={form.lastActive} onChange={(lastActive) => setForm((f) => ({ ...f, lastActive: lastActive as FilterForm['lastActive'] }))}>
        <option value="">{t('anyTime')}</option>
        {LAST_ACTIVE_FILTERS.map((k) => (
          <option key={k} value={k}>
            {t(`within.${k}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The table's columns in the current UI language. */
function studentColumns(): Column<StudentSortKey>[] {
  return [
    { label: translate('students:page.columns.selected'), hidden: true },
    { label: translate('students:page.columns.name'), sortKey: 'name' },
    { label: translate('students:page.columns.email'), sortKey: 'email' },
    { label: translate('students:page.columns.joined'), sortKey: 'joined' },
    { label: translate('students:page.columns.courses'), sortKey: 'courses', numeric: true },
    { label: translate('students:page.columns.progress'), sortKey: 'progress', numeric: true },
    { label: translate('students:page.columns.lastActive'), sortKey: 'lastActive' },
    { label: translate('students:page.columns.tags') },
  ];
}

function StudentsTable({
  accountId, view, filters, sort, onSort, locale, selection, setSelection,
}: {
  accountId: string | null;
  view: StudentsHead;
  filters: StudentFilters;
  sort: StudentSort;
  onSort(sort: StudentSort): void;
  locale: Locale;
  selection: Selection;
  setSelection: React.Dispatch<React.SetStateAction<Selection>>;
}) {
  const { t, i18n } = useTranslation('students', { keyPrefix: 'page' });
  const columns = useMemo(() => studentColumns(), [i18n.language]);
  const total = view.head?.data.total ?? 0;
  const virtual = useVirtualRows(total, ROW_HEIGHT);
  const rows = useStudentRows(accountId, view, filters, sort, virtual.first, virtual.last);

  const latest = useRef({ rows, accountId, filters, sort });
  useEffect(() => {
    latest.current = { rows, accountId, filters, sort };
  });
  const anchor = useRef<number | null>(null);
  const toggle = useCallback(
    (index: number, range: boolean) => {
      const from = anchor.current;
      anchor.current = index;
      const row = latest.current.rows.row(index);
      if (!row) return;
      if (!range || from === null || from === index) {
        setSelection((s) => {
          const next = new Map(s);
          if (next.has(row.id)) next.delete(row.id);
          else next.set(row.id, row.email);
          return next;
        });
        return;
      }
      // Shift-click: every row between the last one clicked and this one takes this row's new state.
      const on = !selection.has(row.id);
      const lo = Math.min(from, index);
      const hi = Math.max(from, index);
      const { accountId: id, filters: f, sort: s } = latest.current;
      if (!id) return;
      void (async () => {
        const picked: StudentRow[] = [];
        for (let offset = lo; offset <= hi; offset += 1000) {
          const answer = await invoke('data.students.query', { accountId: id, filters: f, sort: s, offset, limit: Math.min(1000, hi - offset + 1) });
          picked.push(...answer.data.rows);
        }
        setSelection((current) => {
          const next = new Map(current);
          for (const r of picked) {
            if (on) next.set(r.id, r.email);
            else next.delete(r.id);
          }
          return next;
        });
      })().catch(() => undefined);
    },
    [selection, setSelection],
  );

  const onRowKey = useCallback(
    (index: number, e: React.KeyboardEvent<HTMLDivElement>) => {
      if (e.key === ' ') toggle(index, e.shiftKey);
      else if (e.key === 'Enter') e.currentTarget.querySelector<HTMLAnchorElement>('a')?.click();
      else return false;
      return true;
    },
    [toggle],
  );
  // A student with a change waiting in the outbox (a tag, an enrollment) says so in the row.
  const pendingFor = usePendingWrites();
  const cells = useCallback(
    (student: StudentRow, index: number, checked: boolean) => <StudentCells student={student} checked={checked} index={index} locale={locale} onToggle={toggle} pending={pendingFor('student', student.id)} />,
    [locale, toggle, pendingFor],
  );

  if (total === 0) return <EmptyState title={t('noMatch')}>{t('noMatchHint')}</EmptyState>;
  return (
    <VirtualTable
      label={t('table')}
      name="students"
      className="students-table"
      columns={columns}
      sort={sort}
      onSort={onSort}
      virtual={virtual}
      rowHeight={ROW_HEIGHT}
      rowAt={rows.row}
      idOf={studentIdOf}
      idAttribute="student-id"
      selected={(student) => student !== undefined && selection.has(student.id)}
      cells={cells}
      onRowKey={onRowKey}
      busy={view.isFetching || rows.isFetching}
    />
  );
}

const studentIdOf = (student: StudentRow) => student.id;

const StudentCells = memo(function StudentCells({ student, checked, index, locale, onToggle, pending }: { student: StudentRow; checked: boolean; index: number; locale: Locale; onToggle(index: number, range: boolean): void; pending: OutboxItem | undefined }) {
  const { t } = useTranslation('students', { keyPrefix: 'page' });
  const tags = student.tags.join(t('tagSeparator'));
  // A day with its year, as the locale writes it in a column: "Dec 3, 2025" / "2025/12/03" (never wrapping mid-date).
  const day = (iso: string) => formatDateOnly(iso, locale);
  return (
    <>
      <div role="cell" className="cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={t('select', { name: student.name })}
          checked={checked}
          onChange={() => undefined}
          onClick={(e) => onToggle(index, e.shiftKey)}
        />
      </div>
      <div role="cell" className="cell-clip">
        <Link to={`/students/${encodeURIComponent(student.id)}`} tabIndex={-1}>
          {student.name}
        </Link>
      </div>
      <div role="cell" className="cell-email" title={student.email}>
        <EmailLines email={student.email} />
      </div>
      <div role="cell" className="cell-nowrap">{day(student.joinedAt)}</div>
      <div role="cell" className="num">{formatCount(student.coursesCount, locale.locale)}</div>
      <div role="cell" className="num">{student.averageProgress === null ? '–' : formatPercent(student.averageProgress, locale.locale)}</div>
      <div role="cell" className="cell-nowrap">
        {student.lastActiveAt ? day(student.lastActiveAt) : t('never')}
        {student.stalled && <span className="badge badge-warning student-stalled">{t('stalledBadge')}</span>}
      </div>
      <div role="cell" className="cell-tags" title={tags}>
        {pending && <PendingWrite item={pending} compact />}
        <span className="cell-tags-text">{tags}</span>
      </div>
    </>
  );
});

/**
 * An e-mail on at most two lines, broken before the "@" (the name, then the domain): it is what tells apart
 * students who share a name, so it is never cut to a few characters.
 */
function EmailLines({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Focuses the row that holds a table's one Tab stop (the roving tabindex) under `container`; false when none is drawn. */
function focusCurrentRow(container: HTMLElement | null): boolean {
  const row = container?.querySelector<HTMLElement>('[role="row"][tabindex="0"]');
  row?.focus();
  return row !== undefined && row !== null;
}
