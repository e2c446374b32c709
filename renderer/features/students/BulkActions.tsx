// Bulk actions on chosen students: tag them all, or enroll them all in a course (a plan or free access).
// Each student is one write through the write service (writes.perform: validation, activity log, outbox);
// the permission is asked once before the first, each bulk action is confirmed once with the count and what
// it does, the admin sees progress with Cancel, then what succeeded and what failed (and why), and Undo for
// what was done (a tag removed from those who did not have it; an enrollment undone, confirmed first).
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { missingScopes } from '../../../shared/app-scopes';
import type { WriteRequest } from '../../../shared/model/writes';
import type { StudentFilters } from '../../../shared/ipc/students';
import { StudentTag } from '../../../shared/model/student-profile';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { formatCount, sortedByName } from '../../lib/format';
import { useAccounts } from '../../state/active-account';
import { useAppStatus } from '../../state/app-status';
import { useBrowserFlowActions } from '../../state/browser-flow-store';
import { useLocale } from '../common/use-locale';
import { refreshAfterWrite } from '../writes/refresh';
import { runBulk, summarize, type BulkResult, type BulkTarget } from './bulk-run';
import '../people/people.css';

interface BulkActionsProps {
  accountId: string;
  students: BulkTarget[];
  /** The course they are all in already (a course's stalled learners): not offered under Enroll in. */
  excludeCourseId?: string;
  /** Leave out, and say so, those the synced copy says already have the tag or the course (the Students page, whose students are synced). */
  leaveOutAlready?: boolean;
}

type DoneWord = 'tagged' | 'untagged' | 'enrolled' | 'undone';
type Job = { what: string; doneWord: DoneWord; finished: number; total: number; result: BulkResult | null; undoable: boolean };
/** `targets`: those the write is for (the selection less those who already have it); `already`: how many were left out. */
type Confirming = { kind: 'tag' | 'untag'; tag: string; targets: BulkTarget[]; already: number } | { kind: 'enroll'; targets: BulkTarget[]; already: number } | { kind: 'undoEnroll'; requests: WriteRequest[]; course: string };

export function BulkActions({ accountId, students, excludeCourseId, leaveOutAlready = false }: BulkActionsProps) {
  const { t } = useTranslation('students', { keyPrefix: 'bulk' });
  const { locale } = useLocale();
  const account = useAccounts().find((a) => a.id === accountId) ?? null;
  const { grantScopes } = useBrowserFlowActions();
  const online = useAppStatus()?.online ?? true;
  const client = useQueryClient();
  const courses = useInvokeQuery('people.courses', { accountId }, { enabled: account !== null });
  const [tag, setTag] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const [courseId, setCourseId] = useState('');
  const [planId, setPlanId] = useState('');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const stop = useRef(false);
  const course = courses.data?.data.find((c) => c.id === courseId) ?? null;
  const plan = course?.plans.find((p) => p.id === planId) ?? null;
  const running = job !== null && job.result === null;
  const none = students.length === 0;
  const countOf = (n: number) => t('students', { count: n, formatted: formatCount(n, locale) });
  const count = countOf(students.length);
  const n = (value: number) => ({ count: value, formatted: formatCount(value, locale) });

  async function permitted(): Promise<boolean> {
    if (!account) return false;
    // Offline the consent page cannot open: the writes wait in the outbox, and the permission is asked when they are sent.
    if (missingScopes(account.grantedScopes, ['students:write']).length === 0 || !online) return true;
    return (await grantScopes(account, ['students:write'])) !== null;
  }

  async function run(what: string, doneWord: DoneWord, targets: readonly BulkTarget[], send: (s: BulkTarget, k: number) => ReturnType<typeof invoke<'writes.perform'>>, undoable = true) {
    if (!(await permitted())) {
      setJob({ what, doneWord, finished: 0, total: targets.length, undoable, result: { done: [], queued: [], failed: [], skipped: [...targets], undo: [] } });
      return;
    }
    stop.current = false;
    setJob({ what, doneWord, finished: 0, total: targets.length, undoable, result: null });
    const index = new Map(targets.map((target, k) => [target, k]));
    const result = await runBulk(targets, (target) => send(target, index.get(target)!), {
      onProgress: (finished) => setJob((j) => (j ? { ...j, finished } : j)),
      shouldStop: () => stop.current,
      // Signed out or the permission withdrawn: the rest would fail the same way.
      stopOn: (error) => ['insufficient_scope', 'sign_in_needed'].includes(toSerializedError(error).code),
      reasonOf: (error) => toSerializedError(error).message,
    });
    setJob({ what, doneWord, finished: targets.length, total: targets.length, undoable, result });
    await refreshAfterWrite(client, accountId);
  }

  /** The selection less those the synced copy says already match `filters` (have the tag, are in the course), or (`keep`) only those. */
  async function withoutAlready(filters: StudentFilters, keep = false): Promise<BulkTarget[]> {
    if (!leaveOutAlready) return students;
    try {
      const have = new Set((await invoke('data.students.pick', { accountId, filters })).data.ids);
      return students.filter((s) => have.has(s.id) === keep);
    } catch {
      // Not known: all of them are tried; the platform refuses an enrollment that exists.
      return students;
    }
  }

  /** Tag (add) or untag (remove): those who already have it, or do not, are left out. */
  async function askTag(kind: 'tag' | 'untag') {
    const parsed = StudentTag.safeParse(tag);
    if (!parsed.success) {
      setTagProblem(parsed.error.issues[0]?.message ?? t('enterTag'));
      return;
    }
    setTagProblem(null);
    const targets = await withoutAlready({ tag: parsed.data }, kind === 'untag');
    setConfirming({ kind, tag: parsed.data, targets, already: students.length - targets.length });
  }

  async function askEnroll(event: FormEvent) {
    event.preventDefault();
    if (!course) return;
    const targets = await withoutAlready({ courseId: course.id });
    setConfirming({ kind: 'enroll', targets, already: students.length - targets.length });
  }

  function tagAll(value: string, targets: BulkTarget[]) {
    setConfirming(null);
    void run(t('whatTag', { tag: value }), 'tagged', targets, (s) => invoke('writes.perform', { accountId, request: { kind: 'student.addTag', studentId: s.id, studentName: s.name, tag: value } }));
  }

  function untagAll(value: string, targets: BulkTarget[]) {
    setConfirming(null);
    void run(t('whatUntag', { tag: value }), 'untagged', targets, (s) => invoke('writes.perform', { accountId, request: { kind: 'student.removeTag', studentId: s.id, studentName: s.name, tag: value } }));
  }

  function enrollAll(targets: BulkTarget[]) {
    setConfirming(null);
    if (!course) return;
    void run(t('whatEnroll', { course: course.title }), 'enrolled', targets, (s) =>
      invoke('writes.perform', { accountId, request: { kind: 'student.enroll', studentId: s.id, studentName: s.name, courseId: course.id, courseTitle: course.title, planId: plan?.id ?? null, planName: plan?.name ?? null } }),
    );
  }

  /** Sends the inverse of each write done; an unenroll (it deletes what they did since) is confirmed first. */
  function undo(done: Job) {
    const requests = done.result?.undo ?? [];
    const first = requests[0];
    if (!first) return;
    if (first.kind === 'student.unenroll' && confirming?.kind !== 'undoEnroll') {
      setConfirming({ kind: 'undoEnroll', requests, course: first.courseTitle });
      return;
    }
    setConfirming(null);
    const targets = requests.map((r) => ({ id: 'studentId' in r ? r.studentId : '', name: 'studentName' in r ? r.studentName : '', email: '' }));
    void run(t('whatUndo', { what: done.what }), 'undone', targets, (_, k) => invoke('writes.perform', { accountId, request: requests[k]! }), false);
  }

  return (
    <div className="bulk" data-testid="bulk-actions">
      <div className="bulk-actions">
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void askTag('tag');
          }}
          aria-label={t('tagForm', { students: count })}>
          <label htmlFor="bulk-tag">{t('tagLabel')}</label>
          <input id="bulk-tag" value={tag} maxLength={60} placeholder={t('tagPlaceholder')} onChange={(e) => setTag(e.target.value)} aria-invalid={tagProblem !== null} />
          <Button type="submit" size="sm" disabled={none || running}>
            {t('tagButton', { students: count })}
          </Button>
          <Button size="sm" variant="ghost" disabled={none || running} onClick={() => void askTag('untag')}>
            {t('untagButton', { students: count })}
          </Button>
        </form>
        <form
          className="inline-form"
          aria-label={t('enrollForm', { students: count })}
          onSubmit={(e) => void askEnroll(e)}
        >
          <label htmlFor="bulk-course">{t('enrollIn')}</label>
          <select id="bulk-course" value={courseId} onChange={(e) => { setCourseId(e.target.value); setPlanId(''); }}>
            <option value="">{t('chooseCourse')}</option>
            {sortedByName(courses.data?.data.filter((c) => c.id !== excludeCourseId) ?? [], (c) => c.title, locale).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          <select aria-label={t('access')} value={planId} onChange={(e) => setPlanId(e.target.value)} disabled={!course}>
            <option value="">{t('freeAccess')}</option>
            {course?.plans.map((p) => (
              <option key={p.id} value={p.id}>
                {t('plan', { name: p.name })}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" disabled={none || running || !course}>
            {t('enrollButton', { students: count })}
          </Button>
        </form>
      </div>
      {tagProblem && (
        <p className="field-error" role="alert">
          {tagProblem}
        </p>
      )}
      {job && <BulkProgress job={job} locale={locale} onStop={() => (stop.current = true)} onClose={() => setJob(null)} onUndo={() => undo(job)} />}
      {confirming?.kind === 'tag' && (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={t('tagTitle', { students: countOf(confirming.targets.length), tag: confirming.tag })}
          description={<BulkWords body={t('tagBody')} already={confirming.already > 0 ? t('alreadyTagged', n(confirming.already)) : null} empty={confirming.targets.length === 0 ? t('nothingLeft') : null} />}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)} autoFocus>
                {t('cancel')}
              </Button>
              {confirming.targets.length > 0 && (
                <Button variant="primary" onClick={() => tagAll(confirming.tag, confirming.targets)}>
                  {t('tagConfirm', { students: countOf(confirming.targets.length) })}
                </Button>
              )}
            </>
          }
        />
      )}
      {confirming?.kind === 'untag' && (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={t('untagTitle', { students: countOf(confirming.targets.length), tag: confirming.tag })}
          description={<BulkWords body={t('untagBody')} already={confirming.already > 0 ? t('notTagged', n(confirming.already)) : null} empty={confirming.targets.length === 0 ? t('nothingToRemove') : null} />}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)} autoFocus>
                {t('cancel')}
              </Button>
              {confirming.targets.length > 0 && (
                <Button variant="primary" onClick={() => untagAll(confirming.tag, confirming.targets)}>
                  {t('untagConfirm', { students: countOf(confirming.targets.length) })}
                </Button>
              )}
            </>
          }
        />
      )}
      {confirming?.kind === 'enroll' && course && (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={t('enrollTitle', { students: countOf(confirming.targets.length), course: course.title })}
          description={<BulkWords body={plan ? t('enrollBodyPlan', { plan: plan.name }) : t('enrollBodyFree')} already={confirming.already > 0 ? t('alreadyEnrolled', n(confirming.already)) : null} empty={confirming.targets.length === 0 ? t('nothingLeft') : null} />}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)} autoFocus>
                {t('cancel')}
              </Button>
              {confirming.targets.length > 0 && (
                <Button variant="primary" onClick={() => enrollAll(confirming.targets)}>
                  {t('enrollConfirm', { students: countOf(confirming.targets.length) })}
                </Button>
              )}
            </>
          }
        />
      )}
      {confirming?.kind === 'undoEnroll' && job && (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={t('undoTitle', { students: countOf(confirming.requests.length) })}
          description={<p>{t('undoBody', { course: confirming.course })}</p>}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)} autoFocus>
                {t('keep')}
              </Button>
              <Button variant="danger" onClick={() => undo(job)}>
                {t('undoConfirm', { students: countOf(confirming.requests.length) })}
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}

/** A bulk confirmation's words: what it does, and who is left out because they already have it. */
function BulkWords({ body, already, empty }: { body: string; already: string | null; empty: string | null }) {
  return (
    <>
      <p>{empty ?? body}</p>
      {already && <p className="bulk-already" data-testid="bulk-already">{already}</p>}
    </>
  );
}

function BulkProgress({ job, locale, onStop, onClose, onUndo }: { job: Job; locale: string; onStop(): void; onClose(): void; onUndo(): void }) {
  const { t } = useTranslation('students', { keyPrefix: 'bulk' });
  const { result } = job;
  if (!result) {
    return (
      <div className="bulk-summary" role="status">
        <progress max={job.total} value={job.finished} aria-label={job.what} /> {t('progress', { what: job.what, finished: formatCount(job.finished, locale), total: formatCount(job.total, locale) })}{' '}
        <Button size="sm" variant="ghost" onClick={onStop}>
          {t('cancel')}
        </Button>
      </div>
    );
  }
  const doneText = (n: number, formatted: string) => t(`done.${job.doneWord}`, { count: n, formatted });
  return (
    <div className="bulk-summary" role="status" data-testid="bulk-summary">
      <strong>{t('result', { what: job.what, summary: summarize(result, doneText, locale) })}</strong>{' '}
      {job.undoable && result.undo.length > 0 && (
        <Button size="sm" variant="secondary" onClick={onUndo}>
          {t('undo')}
        </Button>
      )}{' '}
      <Button size="sm" variant="ghost" onClick={onClose}>
        {t('dismiss')}
      </Button>
      {result.failed.length > 0 && (
        <ul aria-label={t('failed')}>
          {result.failed.map((f) => (
            <li key={f.target.id}>{t('failedOne', { name: f.target.name, reason: f.reason })}</li>
          ))}
        </ul>
      )}
      {result.skipped.length > 0 && result.done.length + result.queued.length + result.failed.length === 0 && <p>{t('notGranted')}</p>}
    </div>
  );
}
