// The school's activity log (what the admin changed from the app, when, with what result) and its outbox
// (changes made while the platform could not be reached, sent when it is back). Both are kept by the main
// process, encrypted, per school; the log exports as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_RESULT_LABELS, type ActivityEntry, type ActivityResult, type OutboxItem } from '../../../shared/ipc/writes';
import { Page } from '../../components/Page';
import { Card } from '../../components/Card';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { invoke, useInvokeQuery } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { useActiveAccount } from '../../state/active-account';
import { useBrowserFlowActions } from '../../state/browser-flow-store';
import { useAppStatus } from '../../state/app-status';
import { OfflineBanner } from '../common/OfflineBanner';
import { QueryState } from '../common/QueryState';
import { DataTable, type Column } from '../common/DataTable';
import { useLocale } from '../common/use-locale';
import { TimeZoneNote } from '../common/TimeZoneNote';
import { formatCount, formatDateTime, type Locale } from '../../lib/format';
import { saveCsvText } from '../common/ExportCsv';
import './writes.css';

const RESULT_TONES: Record<ActivityResult, string> = {
  done: 'badge-positive', sent: 'badge-positive', failed: 'badge-danger', conflict: 'badge-warning', queued: 'badge-info', dropped: '', edited: 'badge-info', rolled_back: 'badge-warning',
};
const OUTBOX_LABELS: Record<OutboxItem['state'], string> = { waiting: 'Waiting', conflict: 'Not sent: changed on the platform', failed: 'Failed' };

export function ActivityPage() {
  const account = useActiveAccount();
  const locale = useLocale();
  const accountId = account?.id ?? '';
  const outbox = useInvokeQuery('writes.outbox', { accountId }, { enabled: account !== null });
  const activity = useInvokeQuery('writes.activity', { accountId }, { enabled: account !== null });
  const [exportError, setExportError] = useState<string | null>(null);
  const [exportNotice, setExportNotice] = useState<string | null>(null);
  const { t } = useTranslation('writes');
  if (!account) return null;

  async function exportCsv() {
    setExportError(null);
    setExportNotice(null);
    try {
      const answer = await invoke('writes.activityCsv', { accountId, timeZone: locale.timeZone });
      const file = { name: answer.fileName, csv: answer.csv, rows: answer.rows };
      setExportNotice(await saveCsvText('activity', file, { one: t('activityRows', { count: 1 }), other: t('activityRows', { count: 2 }) }, locale.locale));
    } catch (error) {
      const problem = toSerializedError(error);
      if (problem.code !== 'cancelled') setExportError(problem.message);
    }
  }

  return (
    <div className="dashboard" data-dashboard="activity">
      <OfflineBanner />
      <Page
        title="Activity"
        description={<>What you changed in {account.school.name} from this app, and what waits to be sent. Kept on this computer, encrypted.</>}
        meta={<TimeZoneNote />}
        actions={
          <>
            <Button size="sm" onClick={() => void exportCsv()} disabled={!activity.data || activity.data.length === 0}>
              Export CSV
            </Button>
            {exportError && (
              <span className="field-error" role="alert">
                {exportError}
              </span>
            )}
            {exportNotice && (
              <span className="muted" role="status">
                {exportNotice}
              </span>
            )}
          </>
        }
      >
        <QueryState query={outbox} what="the outbox" label="the outbox">
          {(items) => <Outbox accountId={accountId} items={items} locale={locale} />}
        </QueryState>
        <QueryState query={activity} what="the activity log" label="the activity log">
          {(entries) => <ActivityLog entries={entries} locale={locale} />}
        </QueryState>
      </Page>
    </div>
  );
}

function recordLink(item: OutboxItem): string {
  switch (item.request.kind) {
    case 'course.setPublished':
      return `/courses/${encodeURIComponent(item.request.courseId)}`;
    case 'coupon.create':
    case 'coupon.setEnabled':
      return '/coupons';
    case 'subscription.cancel':
      return '/subscriptions';
    case 'event.update':
      return `/events/${encodeURIComponent(item.request.eventId)}`;
    case 'student.setTags':
    case 'student.addTag':
    case 'student.removeTag':
    case 'student.enroll':
    case 'student.unenroll':
      return `/students/${encodeURIComponent(item.request.studentId)}`;
    case 'record.update':
      return `/explore/${item.request.area}`;
  }
}

const OUTBOX_COLUMNS: Column[] = [{ label: 'Change' }, { label: 'Made' }, { label: 'State' }, { label: 'Actions', hidden: true }];
const ACTIVITY_COLUMNS: Column[] = [{ label: 'When' }, { label: 'Change' }, { label: 'Result' }];

function Outbox({ accountId, items, locale }: { accountId: string; items: OutboxItem[]; locale: Locale }) {
  const online = useAppStatus()?.online ?? true;
  const account = useActiveAccount();
  const { grantScopes } = useBrowserFlowActions();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const waiting = items.filter((i) => i.state === 'waiting').length;

  async function send(itemId?: string) {
    setBusy(itemId ?? 'all');
    setMessage(null);
    try {
      let result;
      try {
        result = await invoke('writes.outboxSend', { accountId, ...(itemId ? { itemId } : {}) });
      } catch (error) {
        const e = toSerializedError(error);
        // A queued write that needs a permission: step-up now that the admin asked to send it, then send again.
        if (e.code !== 'insufficient_scope' || !account || !(await grantScopes(account, e.missingScopes ?? []))) throw error;
        result = await invoke('writes.outboxSend', { accountId, ...(itemId ? { itemId } : {}) });
      }
      const parts = [`${result.sent} sent`, result.conflicts ? `${result.conflicts} not sent (changed on the platform)` : '', result.failed ? `${result.failed} failed` : '', result.waiting ? `${result.waiting} still waiting: the platform cannot be reached` : ''];
      setMessage({ tone: result.conflicts || result.failed || result.waiting ? 'error' : 'ok', text: parts.filter(Boolean).join(', ') + '.' });
    } catch (error) {
      setMessage({ tone: 'error', text: toSerializedError(error).message });
    } finally {
      setBusy(null);
    }
  }

  async function drop(item: OutboxItem) {
    setBusy(item.id);
    try {
      await invoke('writes.outboxDrop', { accountId, itemId: item.id });
    } catch (error) {
      setMessage({ tone: 'error', text: toSerializedError(error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      title={`Outbox (${formatCount(items.length, locale.locale)})`}
      flush
      data-testid="outbox"
      actions={
        items.length > 0 ? (
          <Button size="sm" variant="primary" busy={busy === 'all'} disabled={waiting === 0 || busy !== null} onClick={() => void send()}>
            Send now
          </Button>
        ) : undefined
      }
    >
      {message && (
        <p className={message.tone === 'ok' ? 'outbox-message' : 'outbox-message field-error'} role="status">
          {message.text}
        </p>
      )}
      {items.length === 0 ? (
        <p className="outbox-empty">
          <strong>Nothing waiting.</strong> Changes you make while {online ? 'the platform cannot be reached' : 'offline'} wait here, and are sent when it is back.
        </p>
      ) : (
        <DataTable label="Outbox" columns={OUTBOX_COLUMNS}>
              {items.map((item) => (
                <tr key={item.id} data-outbox-state={item.state}>
                  <th scope="row">
                    <span className="cell-title">{item.summary}</span>
                    {item.reason && <span className="cell-sub outbox-reason">{item.reason}</span>}
                  </th>
                  <td className="cell-nowrap">{formatDateTime(item.createdAt, locale)}</td>
                  <td>
                    <span className={`badge ${item.state === 'waiting' ? 'badge-info' : item.state === 'conflict' ? 'badge-warning' : 'badge-danger'}`}>{OUTBOX_LABELS[item.state]}</span>
                  </td>
                  <td className="row-actions">
                    {item.request.kind === 'coupon.create' && (
                      <Link className="btn btn-ghost btn-sm" to={`/coupons/new?outbox=${encodeURIComponent(item.id)}`}>
                        Edit
                      </Link>
                    )}
                    {item.state === 'conflict' ? (
                      <Link className="btn btn-ghost btn-sm" to={recordLink(item)}>
                        Review
                      </Link>
                    ) : (
                      <Button size="sm" variant="ghost" busy={busy === item.id} disabled={busy !== null} onClick={() => void send(item.id)}>
                        {item.state === 'failed' ? 'Try again' : 'Send'}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void drop(item)} aria-label={`Drop: ${item.summary}`}>
                      Drop
                    </Button>
                  </td>
                </tr>
              ))}
        </DataTable>
      )}
    </Card>
  );
}

function ActivityLog({ entries, locale }: { entries: ActivityEntry[]; locale: Locale }) {
  return (
    <Card title="Activity log" flush data-testid="activity-log">
      {entries.length === 0 ? (
        <EmptyState title="No changes yet" icon="inbox">
          When you publish a course, create or disable a coupon, or cancel a subscription from the app, it is listed here.
        </EmptyState>
      ) : (
        <DataTable label="Activity log" columns={ACTIVITY_COLUMNS}>
              {entries.map((entry) => (
                <tr key={entry.id} data-result={entry.result}>
                  <td className="cell-nowrap cell-muted">{formatDateTime(entry.at, locale)}</td>
                  <th scope="row">
                    <span className="cell-title">{entry.summary}</span>
                    {entry.detail && <span className="cell-sub">{entry.detail}</span>}
                  </th>
                  <td>
                    <span className={`badge ${RESULT_TONES[entry.result]}`}>{ACTIVITY_RESULT_LABELS[entry.result]}</span>
                  </td>
                </tr>
              ))}
        </DataTable>
      )}
    </Card>
  );
}
