// The school's activity log (what the admin changed from the app, when, with what result) and its outbox
// (changes made while the platform could not be reached, sent when it is back). Both are kept by the main
// process, encrypted, per school; the log exports as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_RESULT_LABELS, type ActivityEntry, type ActivityResult, type OutboxItem } from '../../../shared/ipc/writes';
import { describeWrite } from '../../../shared/model/writes';
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
        title={t('activity.title')}
        description={t('activity.description', { school: account.school.name })}
        meta={<TimeZoneNote />}
        actions={
          <>
            <Button size="sm" onClick={() => void exportCsv()} disabled={!activity.data || activity.data.length === 0}>
              {t('activity.exportCsv')}
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
        <QueryState query={outbox} what={t('activity.outbox.what')} label={t('activity.outbox.what')}>
          {(items) => <Outbox accountId={accountId} items={items} locale={locale} />}
        </QueryState>
        <QueryState query={activity} what={t('activity.log.what')} label={t('activity.log.what')}>
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

function Outbox({ accountId, items, locale }: { accountId: string; items: OutboxItem[]; locale: Locale }) {
  const online = useAppStatus()?.online ?? true;
  const account = useActiveAccount();
  const { grantScopes } = useBrowserFlowActions();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const { t } = useTranslation('writes', { keyPrefix: 'activity.outbox' });
  const { t: tw } = useTranslation('writes');
  const waiting = items.filter((i) => i.state === 'waiting').length;
  const columns: Column[] = [{ label: t('columns.change') }, { label: t('columns.made') }, { label: t('columns.state') }, { label: t('columns.actions'), hidden: true }];
  const counted = (count: number) => ({ count, formatted: formatCount(count, locale.locale) });

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
      const parts = [
        t('sent', counted(result.sent)),
        result.conflicts ? t('notSent', counted(result.conflicts)) : '',
        result.failed ? t('failed', counted(result.failed)) : '',
        result.waiting ? t('stillWaiting', counted(result.waiting)) : '',
      ];
      setMessage({ tone: result.conflicts || result.failed || result.waiting ? 'error' : 'ok', text: t('result', { parts: parts.filter(Boolean).join(tw('words.listSeparator')) }) });
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
      title={t('title', { formatted: formatCount(items.length, locale.locale) })}
      flush
      data-testid="outbox"
      actions={
        items.length > 0 ? (
          <Button size="sm" variant="primary" busy={busy === 'all'} disabled={waiting === 0 || busy !== null} onClick={() => void send()}>
            {t('sendNow')}
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
          <strong>{t('nothingWaiting')}</strong> {online ? t('emptyWhileUnreachable') : t('emptyWhileOffline')}
        </p>
      ) : (
        <DataTable label={t('table')} columns={columns}>
              {items.map((item) => (
                <tr key={item.id} data-outbox-state={item.state}>
                  <th scope="row">
                    <span className="cell-title">{summaryOf(item)}</span>
                    {item.reason && <span className="cell-sub outbox-reason">{item.reason}</span>}
                  </th>
                  <td className="cell-nowrap">{formatDateTime(item.createdAt, locale)}</td>
                  <td>
                    <span className={`badge ${item.state === 'waiting' ? 'badge-info' : item.state === 'conflict' ? 'badge-warning' : 'badge-danger'}`}>{t(`states.${item.state}`)}</span>
                  </td>
                  <td className="row-actions">
                    {item.request.kind === 'coupon.create' && (
                      <Link className="btn btn-ghost btn-sm" to={`/coupons/new?outbox=${encodeURIComponent(item.id)}`}>
                        {t('edit')}
                      </Link>
                    )}
                    {item.state === 'conflict' ? (
                      <Link className="btn btn-ghost btn-sm" to={recordLink(item)}>
                        {t('review')}
                      </Link>
                    ) : (
                      <Button size="sm" variant="ghost" busy={busy === item.id} disabled={busy !== null} onClick={() => void send(item.id)}>
                        {item.state === 'failed' ? t('tryAgain') : t('send')}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => void drop(item)} aria-label={t('dropLabel', { summary: summaryOf(item) })}>
                      {t('drop')}
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
  const { t } = useTranslation('writes', { keyPrefix: 'activity.log' });
  const columns: Column[] = [{ label: t('columns.when') }, { label: t('columns.change') }, { label: t('columns.result') }];
  return (
    <Card title={t('title')} flush data-testid="activity-log">
      {entries.length === 0 ? (
        <EmptyState title={t('empty')} icon="inbox">
          {t('emptyHint')}
        </EmptyState>
      ) : (
        <DataTable label={t('title')} columns={columns}>
              {entries.map((entry) => (
                <tr key={entry.id} data-result={entry.result}>
                  <td className="cell-nowrap cell-muted">{formatDateTime(entry.at, locale)}</td>
                  <th scope="row">
                    <span className="cell-title">{summaryOf(entry)}</span>
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

/** A change's line in the UI language of the moment, from its request (an entry logged before entries kept it: the line it was logged with). */
function summaryOf(item: { summary: string; request?: OutboxItem['request'] }): string {
  return item.request ? describeWrite(item.request).summary : item.summary;
}
