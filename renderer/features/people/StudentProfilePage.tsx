// A student's profile (#/students/:studentId): enrollments with progress, the section reached and last
// activity per course (stalled ones marked, one definition: shared/model/learning-status.ts), their orders
// with totals per currency, their subscriptions, tags the admin edits, enroll and unenroll. Every change goes
// through useWrite() (confirmation, step-up, done with Undo, activity log, outbox).
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { isStalled } from '../../../shared/model/learning-status';
import { StudentTag, StudentTags, type ProfileEnrollment, type StudentProfile } from '../../../shared/model/student-profile';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { DashboardFrame } from '../common/DashboardFrame';
import { FigureAge } from '../common/FigureAge';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { formatDateTime, formatMoney, formatPercent, type Locale } from '../../lib/format';
import { useWrite, type WriteRunner } from '../writes/use-write';
import { SubscriptionsTable } from '../money/SubscriptionsTable';
import { OrderStateBadge } from '../orders/OrderStateBadge';
import '../writes/writes.css';
import './people.css';

export function StudentProfilePage() {
  return (
    <DashboardFrame dashboard="profile">
      <StudentProfileView />
    </DashboardFrame>
  );
}

function StudentProfileView() {
  const { studentId = '' } = useParams();
  const account = useActiveAccount();
  const locale = useLocale();
  const write = useWrite();
  const query = useInvokeQuery('people.profile', { accountId: account?.id ?? '', studentId }, { enabled: account !== null && studentId !== '' });
  const profile = query.data?.data;
  return (
    <Page
      title={profile?.student.name ?? 'Student'}
      description={profile ? <>{profile.student.email} · joined {formatDateTime(profile.student.joinedAt, locale)}</> : undefined}
      meta={<FigureAge answer={query.data} />}
      actions={
        profile?.url ? (
          <Button size="sm" onClick={() => void invoke('app.openExternal', { url: profile.url! }).catch(() => undefined)} data-testid="student-site-link">
            Open on the school's site
          </Button>
        ) : undefined
      }
    >
      <QueryState query={query} what="this student" label="the student">
        {(answer) => (
          <div className="profile" data-testid="student-profile">
            <TagsCard profile={answer.data} write={write} />
            <EnrollmentsCard profile={answer.data} write={write} locale={locale} />
            <OrdersCard profile={answer.data} locale={locale} />
            <SubscriptionsCard profile={answer.data} locale={locale} />
          </div>
        )}
      </QueryState>
      {write.element}
    </Page>
  );
}

function TagsCard({ profile, write }: { profile: StudentProfile; write: WriteRunner }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { student } = profile;

  async function save(tags: string[]) {
    const checked = StudentTags.safeParse(tags);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'These tags cannot be saved.');
      return false;
    }
    setProblem(null);
    const outcome = await write.run({ kind: 'student.setTags', studentId: student.id, studentName: student.name, tags: checked.data, previousTags: student.tags, seenUpdatedAt: profile.updatedAt });
    return outcome !== null;
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const tag = StudentTag.safeParse(draft);
    if (!tag.success) {
      setProblem(tag.error.issues[0]?.message ?? 'Enter a tag.');
      return;
    }
    if (student.tags.includes(tag.data)) {
      setProblem(`${student.name} already has the tag “${tag.data}”.`);
      return;
    }
    // What was typed stays until the write is done.
    if (await save([...student.tags, tag.data])) setDraft('');
  }

  return (
    <Card title="Tags">
      <ul className="tag-list" aria-label="Tags">
        {student.tags.length === 0 && <li className="muted">No tags yet.</li>}
        {student.tags.map((tag) => (
          <li key={tag} className="tag-chip">
            {tag}
            <button type="button" className="tag-remove" aria-label={`Remove tag ${tag}`} disabled={write.busy} onClick={() => void save(student.tags.filter((t) => t !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={(e) => void add(e)}>
        <label htmlFor="new-tag">Add a tag</label>
        <input id="new-tag" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} aria-invalid={problem !== null} aria-describedby={problem ? 'tag-problem' : undefined} />
        <Button type="submit" size="sm" disabled={write.busy}>
          Add
        </Button>
      </form>
      {problem && (
        <p id="tag-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Card>
  );
}

function EnrollmentsCard({ profile, write, locale }: { profile: StudentProfile; write: WriteRunner; locale: Locale }) {
  const now = Date.now();
  const { student } = profile;
  const unenroll = (e: ProfileEnrollment) =>
    void write.run({
      kind: 'student.unenroll',
      studentId: student.id,
      studentName: student.name,
      enrollmentId: e.id,
      courseId: e.courseId,
      courseTitle: e.courseTitle,
      planId: e.planId,
      planName: e.planName,
      progress: e.progress,
      seenUpdatedAt: e.updatedAt,
    });
  return (
    <Card title="Enrollments" flush>
      {profile.enrollments.length === 0 ? (
        <EmptyState title="Not enrolled in any course">Enroll them below.</EmptyState>
      ) : (
        <DataTable label="Enrollments" testId="enrollments" columns={ENROLLMENT_COLUMNS}>
              {profile.enrollments.map((e) => {
                const stalled = isStalled(e, now);
                return (
                  <tr key={e.id} data-course-id={e.courseId}>
                    <th scope="row">
                      <Link to={`/courses/${encodeURIComponent(e.courseId)}`}>{e.courseTitle}</Link>
                      {e.planName && <div className="muted">{e.planName}</div>}
                    </th>
                    <td className="num">{formatPercent(e.progress, locale.locale)}</td>
                    <td>{e.sectionTitle ?? (e.currentSectionId === null ? 'Not started' : '—')}</td>
                    <td className="cell-nowrap">{e.lastActivityAt ? formatDateTime(e.lastActivityAt, locale) : 'Never'}</td>
                    <td>
                      {e.completedAt ? (
                        <span className="status-pill status-ok">Completed</span>
                      ) : stalled ? (
                        <span className="status-pill status-warn" data-testid="stalled-marker">
                          Stalled
                        </span>
                      ) : (
                        <span className="status-pill">Learning</span>
                      )}
                    </td>
                    <td>
                      <Button size="sm" variant="ghost" onClick={() => unenroll(e)} disabled={write.busy} aria-label={`Unenroll from ${e.courseTitle}`}>
                        Unenroll
                      </Button>
                    </td>
                  </tr>
                );
              })}
        </DataTable>
      )}
      <EnrollForm profile={profile} write={write} />
    </Card>
  );
}

const ENROLLMENT_COLUMNS: Column[] = [
  { label: 'Course' },
  { label: 'Progress', numeric: true },
  { label: 'Reached' },
  { label: 'Last active' },
  { label: 'Status' },
  { label: 'Actions', hidden: true },
];
const ORDER_COLUMNS: Column[] = [{ label: 'Order' }, { label: 'Paid' }, { label: 'State' }, { label: 'Items' }, { label: 'Amount', numeric: true }];

function EnrollForm({ profile, write }: { profile: StudentProfile; write: WriteRunner }) {
  const enrolled = new Set(profile.enrollments.map((e) => e.courseId));
  const open = profile.courses.filter((c) => !enrolled.has(c.id));
  const [courseId, setCourseId] = useState('');
  const [planId, setPlanId] = useState('');
  const course = open.find((c) => c.id === courseId) ?? null;
  if (open.length === 0) return <p className="card-note">Enrolled in every course of the school.</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!course) return;
    const plan = course.plans.find((p) => p.id === planId) ?? null;
    const outcome = await write.run({ kind: 'student.enroll', studentId: profile.student.id, studentName: profile.student.name, courseId: course.id, courseTitle: course.title, planId: plan?.id ?? null, planName: plan?.name ?? null });
    if (outcome) {
      setCourseId('');
      setPlanId('');
    }
  }

  return (
    <form className="inline-form card-note" onSubmit={(e) => void submit(e)} aria-label="Enroll in a course">
      <label htmlFor="enroll-course">Enroll in</label>
      <select id="enroll-course" value={courseId} onChange={(e) => { setCourseId(e.target.value); setPlanId(''); }}>
        <option value="">Choose a course…</option>
        {open.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <label htmlFor="enroll-plan">Access</label>
      <select id="enroll-plan" value={planId} onChange={(e) => setPlanId(e.target.value)} disabled={!course}>
        <option value="">Free access</option>
        {course?.plans.map((p) => (
          <option key={p.id} value={p.id}>
            Plan: {p.name}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="primary" disabled={!course || write.busy}>
        Enroll…
      </Button>
    </form>
  );
}

function OrdersCard({ profile, locale }: { profile: StudentProfile; locale: Locale }) {
  return (
    <Card title="Orders" flush actions={profile.ordersTotal > 0 ? <Link to={`/orders?q=${encodeURIComponent(profile.student.email)}`}>In Orders</Link> : undefined}>
      {profile.ordersTotal === 0 ? (
        <EmptyState title="No orders">No order of theirs among the school's loaded orders.</EmptyState>
      ) : (
        <>
          <ul className="totals-list" aria-label="Totals per currency" data-testid="order-totals">
            {profile.orderTotals.map((t) => (
              <li key={t.currency} data-currency={t.currency}>
                <strong>{t.currency}</strong> {t.count} {t.count === 1 ? 'order' : 'orders'} · paid {formatMoney(t.paid, t.currency, locale.locale)} · refunded {formatMoney(t.refunded, t.currency, locale.locale)} · net{' '}
                <span data-testid={`net-${t.currency}`} data-minor={t.net}>{formatMoney(t.net, t.currency, locale.locale)}</span>
              </li>
            ))}
          </ul>
          <DataTable label="Their orders" testId="student-orders" columns={ORDER_COLUMNS}>
                {profile.orders.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link to={`/orders/${encodeURIComponent(o.id)}`}>{o.tradeNumber}</Link>
                    </th>
                    <td className="cell-nowrap">{o.paidAt ? formatDateTime(o.paidAt, locale) : 'Not paid'}</td>
                    <td><OrderStateBadge state={o.state} /></td>
                    <td>{o.items.map((item) => item.name).join(', ')}</td>
                    <td className="num cell-nowrap">{formatMoney(o.paidAmount - o.refundedAmount, o.currency, locale.locale)}</td>
                  </tr>
                ))}
          </DataTable>
          {profile.ordersTotal > profile.orders.length && <p className="card-note">The newest {profile.orders.length} of {profile.ordersTotal}; the totals count all of them.</p>}
        </>
      )}
    </Card>
  );
}

function SubscriptionsCard({ profile, locale }: { profile: StudentProfile; locale: Locale }) {
  const { subscriptions } = profile;
  return (
    <Card title="Subscriptions" flush>
      {subscriptions === null ? (
        <p className="card-note">Their subscriptions need the permission to read members and subscriptions.</p>
      ) : subscriptions.length === 0 ? (
        <EmptyState title="No subscriptions">They do not subscribe to a membership plan.</EmptyState>
      ) : (
        <SubscriptionsTable
          subscriptions={subscriptions}
          locale={locale}
          plan={(s) => <Link to={`/subscriptions/members/${encodeURIComponent(s.memberId)}`}>{s.planName ?? s.planId}</Link>}
        />
      )}
    </Card>
  );
}
