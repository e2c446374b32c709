// Bulk actions on chosen students: tag them all, or enroll them all in a course (a plan or free access).
// Each student is one write through the write service (writes.perform: validation, activity log, outbox);
// the permission is asked once before the first, enrolling is confirmed once naming the course and how many,
// and the admin sees progress, then what succeeded and what failed (and why).
import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { missingScopes } from '../../../shared/app-scopes';
import { StudentTag } from '../../../shared/model/student-profile';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { useAccounts } from '../../state/active-account';
import { useBrowserFlowActions } from '../../state/browser-flow-store';
import { refreshAfterWrite } from '../writes/refresh';
import { runBulk, summarize, type BulkResult, type BulkTarget } from './bulk-run';
import '../people/people.css';

interface BulkActionsProps {
  accountId: string;
  students: BulkTarget[];
}

type Job = { what: string; doneWord: string; finished: number; total: number; result: BulkResult | null };

export function BulkActions({ accountId, students }: BulkActionsProps) {
  const account = useAccounts().find((a) => a.id === accountId) ?? null;
  const { grantScopes } = useBrowserFlowActions();
  const client = useQueryClient();
  const courses = useInvokeQuery('people.courses', { accountId }, { enabled: account !== null });
  const [tag, setTag] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const [courseId, setCourseId] = useState('');
  const [planId, setPlanId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const stop = useRef(false);
  const course = courses.data?.data.find((c) => c.id === courseId) ?? null;
  const plan = course?.plans.find((p) => p.id === planId) ?? null;
  const running = job !== null && job.result === null;
  const none = students.length === 0;

  async function permitted(): Promise<boolean> {
    if (!account) return false;
    if (missingScopes(account.grantedScopes, ['students:write']).length === 0) return true;
    return (await grantScopes(account, ['students:write'])) !== null;
  }

  async function run(what: string, doneWord: string, send: (s: BulkTarget) => ReturnType<typeof invoke<'writes.perform'>>) {
    if (!(await permitted())) {
      setJob({ what, doneWord, finished: 0, total: students.length, result: { done: [], queued: [], failed: [], skipped: [...students] } });
      return;
    }
    stop.current = false;
    setJob({ what, doneWord, finished: 0, total: students.length, result: null });
    const result = await runBulk(students, send, {
      onProgress: (finished) => setJob((j) => (j ? { ...j, finished } : j)),
      shouldStop: () => stop.current,
      // Signed out or the permission withdrawn: the rest would fail the same way.
      stopOn: (error) => ['insufficient_scope', 'sign_in_needed'].includes(toSerializedError(error).code),
      reasonOf: (error) => toSerializedError(error).message,
    });
    setJob({ what, doneWord, finished: students.length, total: students.length, result });
    await refreshAfterWrite(client, accountId);
  }

  function tagAll(event: FormEvent) {
    event.preventDefault();
    const parsed = StudentTag.safeParse(tag);
    if (!parsed.success) {
      setTagProblem(parsed.error.issues[0]?.message ?? 'Enter a tag.');
      return;
    }
    setTagProblem(null);
    const t = parsed.data;
    void run(`Tag “${t}”`, 'tagged', (s) => invoke('writes.perform', { accountId, request: { kind: 'student.addTag', studentId: s.id, studentName: s.name, tag: t } }));
  }

  function enrollAll() {
    setConfirming(false);
    if (!course) return;
    void run(`Enroll in “${course.title}”`, 'enrolled', (s) =>
      invoke('writes.perform', { accountId, request: { kind: 'student.enroll', studentId: s.id, studentName: s.name, courseId: course.id, courseTitle: course.title, planId: plan?.id ?? null, planName: plan?.name ?? null } }),
    );
  }

  const count = `${students.length} ${students.length === 1 ? 'student' : 'students'}`;
  return (
    <div className="bulk" data-testid="bulk-actions">
      <div className="bulk-actions">
        <form className="inline-form" onSubmit={tagAll} aria-label={`Tag ${count}`}>
          <label htmlFor="bulk-tag">Tag</label>
          <input id="bulk-tag" value={tag} maxLength={60} placeholder="e.g. follow-up" onChange={(e) => setTag(e.target.value)} aria-invalid={tagProblem !== null} />
          <Button type="submit" size="sm" disabled={none || running}>
            Tag {count}
          </Button>
        </form>
        <form
          className="inline-form"
          aria-label={`Enroll ${count}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (course) setConfirming(true);
          }}
        >
          <label htmlFor="bulk-course">Enroll in</label>
          <select id="bulk-course" value={courseId} onChange={(e) => { setCourseId(e.target.value); setPlanId(''); }}>
            <option value="">Choose a course…</option>
            {courses.data?.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          <select aria-label="Access" value={planId} onChange={(e) => setPlanId(e.target.value)} disabled={!course}>
            <option value="">Free access</option>
            {course?.plans.map((p) => (
              <option key={p.id} value={p.id}>
                Plan: {p.name}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" disabled={none || running || !course}>
            Enroll {count}…
          </Button>
        </form>
      </div>
      {tagProblem && (
        <p className="field-error" role="alert">
          {tagProblem}
        </p>
      )}
      {job && <BulkProgress job={job} onStop={() => (stop.current = true)} onClose={() => setJob(null)} />}
      {confirming && course && (
        <Dialog
          open
          onClose={() => setConfirming(false)}
          title={`Enroll ${count} in “${course.title}”?`}
          description={<p>They get access to the course {plan ? `on the plan “${plan.name}”` : 'with free access'} at once; nothing is charged. Anyone already enrolled is left as they are (listed as failed). Each enrollment is logged and can be undone from the student's profile (Unenroll).</p>}
          actions={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)} autoFocus>
                Cancel
              </Button>
              <Button variant="primary" onClick={enrollAll}>
                Enroll {count}
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}

function BulkProgress({ job, onStop, onClose }: { job: Job; onStop(): void; onClose(): void }) {
  const { result } = job;
  if (!result) {
    return (
      <div className="bulk-summary" role="status">
        <progress max={job.total} value={job.finished} aria-label={job.what} /> {job.what}: {job.finished} of {job.total}…{' '}
        <Button size="sm" variant="ghost" onClick={onStop}>
          Stop
        </Button>
      </div>
    );
  }
  return (
    <div className="bulk-summary" role="status" data-testid="bulk-summary">
      <strong>
        {job.what}: {summarize(result, job.doneWord)}.
      </strong>{' '}
      <Button size="sm" variant="ghost" onClick={onClose}>
        Dismiss
      </Button>
      {result.failed.length > 0 && (
        <ul aria-label="Failed">
          {result.failed.map((f) => (
            <li key={f.target.id}>
              {f.target.name}: {f.reason}
            </li>
          ))}
        </ul>
      )}
      {result.skipped.length > 0 && result.done.length + result.queued.length + result.failed.length === 0 && <p>Nothing was changed: the permission to change students was not granted.</p>}
    </div>
  );
}
