// A student's profile (#/students/:studentId): enrollments with progress, the section reached and last
// activity per course (stalled ones marked, one definition: shared/model/learning-status.ts), their orders
// with totals per currency, their subscriptions, tags the admin edits, enroll and unenroll. Every change goes
// through useWrite() (confirmation, step-up, done with Undo, activity log, outbox).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatCount, formatDateTime, formatMoney, formatPercent, type Locale } from '../../lib/format';
import { useWrite, type WriteRunner } from '../writes/use-write';
import { PendingWrite, TAG_WRITES, usePendingWrites } from '../writes/pending-writes';
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
  const { t } = useTranslation('people');
  const write = useWrite();
  const query = useInvokeQuery('people.profile', { accountId: account?.id ?? '', studentId }, { enabled: account !== null && studentId !== '' });
  const profile = query.data?.data;
  return (
    <Page
      title={profile?.student.name ?? t('profile.title')}
      description={profile ? t('profile.joined', { email: profile.student.email, date: formatDateTime(profile.student.joinedAt, locale) }) : undefined}
      meta={<FigureAge answer={query.data} />}
      actions={
        profile?.url ? (
          <Button size="sm" onClick={() => void invoke('app.openExternal', { url: profile.url! }).catch(() => undefined)} data-testid="student-site-link">
            {t('profile.openOnSite')}
          </Button>
        ) : undefined
      }
    >
      <QueryState query={query} what={t('profile.what')} label={t('profile.label')}>
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
  const { t } = useTranslation('people');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { student } = profile;
  // A tag change waiting in the outbox shows here; another one made meanwhile joins it there.
  const waiting = usePendingWrites()('student', student.id, TAG_WRITES);

  async function save(tags: string[]) {
    const checked = StudentTags.safeParse(tags);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? t('profile.tags.cannotSave'));
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
      setProblem(tag.error.issues[0]?.message ?? t('profile.tags.enter'));
      return;
    }
    if (student.tags.includes(tag.data)) {
      setProblem(t('profile.tags.already', { name: student.name, tag: tag.data }));
      return;
    }
    // What was typed stays until the write is done.
    if (await save([...student.tags, tag.data])) setDraft('');
  }

  return (
    <Card title={t('profile.tags.title')}>
      {waiting && (
        <p className="card-note" data-testid="tags-pending">
          <PendingWrite item={waiting} />
        </p>
      )}
      <ul className="tag-list" aria-label={t('profile.tags.title')}>
        {student.tags.length === 0 && <li className="muted">{t('profile.tags.none')}</li>}
        {student.tags.map((tag) => (
          <li key={tag} className="tag-chip">
            {tag}
            <button type="button" className="tag-remove" aria-label={t('profile.tags.remove', { tag })} disabled={write.busy} onClick={() => void save(student.tags.filter((other) => other !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="inline-form" onSubmit={(e) => void add(e)}>
        <label htmlFor="new-tag">{t('profile.tags.add')}</label>
        <input id="new-tag" value={draft} maxLength={60} onChange={(e) => setDraft(e.target.value)} aria-invalid={problem !== null} aria-describedby={problem ? 'tag-problem' : undefined} />
        <Button type="submit" size="sm" disabled={write.busy}>
          {t('profile.tags.addButton')}
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
  const { t } = useTranslation('people');
  const now = Date.now();
  const pendingFor = usePendingWrites();
  const pendingEnrollment = (id: string) => pendingFor('enrollment', id);
  const { student } = profile;
  const columns: Column[] = [
    { label: t('profile.enrollments.columns.course') },
    { label: t('profile.enrollments.columns.progress'), numeric: true },
    { label: t('profile.enrollments.columns.reached') },
    { label: t('profile.enrollments.columns.lastActive') },
    { label: t('profile.enrollments.columns.status') },
    { label: t('profile.enrollments.columns.actions'), hidden: true },
  ];
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
    <Card title={t('profile.enrollments.title')} flush>
      {profile.enrollments.length === 0 ? (
        <EmptyState title={t('profile.enrollments.none')}>{t('profile.enrollments.noneHint')}</EmptyState>
      ) : (
        <DataTable label={t('profile.enrollments.title')} testId="enrollments" columns={columns}>
              {profile.enrollments.map((e) => {
                const stalled = isStalled(e, now);
                const pending = pendingEnrollment(e.id);
                return (
                  <tr key={e.id} data-course-id={e.courseId}>
                    <th scope="row">
                      <Link to={`/courses/${encodeURIComponent(e.courseId)}`}>{e.courseTitle}</Link>
                      {e.planName && <div className="muted">{e.planName}</div>}
                    </th>
                    <td className="num">{formatPercent(e.progress, locale.locale)}</td>
                    <td>{e.sectionTitle ?? (e.currentSectionId === null ? t('profile.enrollments.notStarted') : '—')}</td>
                    <td className="cell-nowrap">{e.lastActivityAt ? formatDateTime(e.lastActivityAt, locale) : t('profile.enrollments.never')}</td>
                    <td>
                      {e.completedAt ? (
                        <span className="status-pill status-ok">{t('profile.enrollments.completed')}</span>
                      ) : stalled ? (
                        <span className="status-pill status-warn" data-testid="stalled-marker">
                          {t('profile.enrollments.stalled')}
                        </span>
                      ) : (
                        <span className="status-pill">{t('profile.enrollments.learning')}</span>
                      )}
                    </td>
                    <td>
                      {pending ? (
                        <PendingWrite item={pending} />
                      ) : (
                        <Button size="sm" variant="ghost" onClick={() => unenroll(e)} disabled={write.busy} aria-label={t('profile.enrollments.unenrollFrom', { course: e.courseTitle })}>
                          {t('profile.enrollments.unenroll')}
                        </Button>
                      )}
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

function EnrollForm({ profile, write }: { profile: StudentProfile; write: WriteRunner }) {
  const { t } = useTranslation('people');
  const enrolled = new Set(profile.enrollments.map((e) => e.courseId));
  const open = profile.courses.filter((c) => !enrolled.has(c.id));
  const [courseId, setCourseId] = useState('');
  const [planId, setPlanId] = useState('');
  const course = open.find((c) => c.id === courseId) ?? null;
  if (open.length === 0) return <p className="card-note">{t('profile.enroll.everyCourse')}</p>;

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
    <form className="inline-form card-note" onSubmit={(e) => void submit(e)} aria-label={t('profile.enroll.form')}>
      <label htmlFor="enroll-course">{t('profile.enroll.in')}</label>
      <select id="enroll-course" value={courseId} onChange={(e) => { setCourseId(e.target.value); setPlanId(''); }}>
        <option value="">{t('profile.enroll.choose')}</option>
        {open.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <label htmlFor="enroll-plan">{t('profile.enroll.access')}</label>
      <select id="enroll-plan" value={planId} onChange={(e) => setPlanId(e.target.value)} disabled={!course}>
        <option value="">{t('profile.enroll.free')}</option>
        {course?.plans.map((p) => (
          <option key={p.id} value={p.id}>
            {t('profile.enroll.plan', { plan: p.name })}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="primary" disabled={!course || write.busy}>
        {t('profile.enroll.submit')}
      </Button>
    </form>
  );
}

function OrdersCard({ profile, locale }: { profile: StudentProfile; locale: Locale }) {
  const { t } = useTranslation('people');
  const columns: Column[] = [
    { label: t('profile.orders.columns.order') },
    { label: t('profile.orders.columns.paid') },
    { label: t('profile.orders.columns.state') },
    { label: t('profile.orders.columns.items') },
    { label: t('profile.orders.columns.amount'), numeric: true },
  ];
  return (
    <Card title={t('profile.orders.title')} flush actions={profile.ordersTotal > 0 ? <Link to={`/orders?q=${encodeURIComponent(profile.student.email)}`}>{t('profile.orders.inOrders')}</Link> : undefined}>
      {profile.ordersTotal === 0 ? (
        <EmptyState title={t('profile.orders.none')}>{t('profile.orders.noneHint')}</EmptyState>
      ) : (
        <>
          <ul className="totals-list" aria-label={t('profile.orders.totals')} data-testid="order-totals">
            {profile.orderTotals.map((total) => (
              <li key={total.currency} data-currency={total.currency}>
                <strong>{total.currency}</strong> {t('profile.orders.count', { count: total.count })} · {t('profile.orders.paid', { amount: formatMoney(total.paid, total.currency, locale.locale) })} ·{' '}
                {t('profile.orders.refunded', { amount: formatMoney(total.refunded, total.currency, locale.locale) })} · {t('profile.orders.net')}{' '}
                <span data-testid={`net-${total.currency}`} data-minor={total.net}>{formatMoney(total.net, total.currency, locale.locale)}</span>
              </li>
            ))}
          </ul>
          <DataTable label={t('profile.orders.theirs')} testId="student-orders" columns={columns}>
                {profile.orders.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link to={`/orders/${encodeURIComponent(o.id)}`}>{o.tradeNumber}</Link>
                    </th>
                    <td className="cell-nowrap">{o.paidAt ? formatDateTime(o.paidAt, locale) : t('profile.orders.notPaid')}</td>
                    <td><OrderStateBadge state={o.state} /></td>
                    <td>{o.items.map((item) => item.name).join(', ')}</td>
                    <td className="num cell-nowrap">{formatMoney(o.paidAmount - o.refundedAmount, o.currency, locale.locale)}</td>
                  </tr>
                ))}
          </DataTable>
          {profile.ordersTotal > profile.orders.length && <p className="card-note">{t('profile.orders.newest', { shown: formatCount(profile.orders.length, locale.locale), total: formatCount(profile.ordersTotal, locale.locale) })}</p>}
        </>
      )}
    </Card>
  );
}

function SubscriptionsCard({ profile, locale }: { profile: StudentProfile; locale: Locale }) {
  const { t } = useTranslation('people');
  const { subscriptions } = profile;
  return (
    <Card title={t('profile.subscriptions.title')} flush>
      {subscriptions === null ? (
        <p className="card-note">{t('profile.subscriptions.needScope')}</p>
      ) : subscriptions.length === 0 ? (
        <EmptyState title={t('profile.subscriptions.none')}>{t('profile.subscriptions.noneHint')}</EmptyState>
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
