// A record with a change waiting in the outbox shows it on every list, in place of the action that would
// make the same change again: "Waiting to be sent: Disable coupon “SPRING”", linking to the outbox. The
// outbox is read once per school (writes.outbox, refetched on writes.changed) and looked up by record.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutboxItem } from '../../../shared/ipc/writes';
import { describeWrite, type WriteRequest } from '../../../shared/model/writes';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import './writes.css';

type RecordType = NonNullable<ReturnType<typeof describeWrite>['target']>['type'];
type PendingLookup = (type: RecordType, id: string, kinds?: readonly WriteRequest['kind'][]) => OutboxItem | undefined;

/** The student's tag changes, for the tags they show (a student's enrollment changes wait on the enrollment). */
export const TAG_WRITES = ['student.setTags', 'student.addTag', 'student.removeTag'] as const satisfies readonly WriteRequest['kind'][];

/** The change waiting for a record (the latest, if several; only those of `kinds` when given), by its type and id. */
export function usePendingWrites(): PendingLookup {
  const account = useActiveAccount();
  const outbox = useInvokeQuery('writes.outbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const byRecord = useMemo(() => {
    const map = new Map<string, OutboxItem[]>();
    for (const item of outbox.data ?? []) {
      if (item.state !== 'waiting') continue;
      const target = describeWrite(item.request).target;
      if (!target) continue;
      const key = `${target.type}:${target.id}`;
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [outbox.data]);
  return useCallback(
    (type, id, kinds) => (byRecord.get(`${type}:${id}`) ?? []).findLast((item) => !kinds || kinds.includes(item.request.kind)),
    [byRecord],
  );
}

/** The marker in a row: what waits, linking to the outbox where it can be edited or dropped. `compact`: a
 *  short badge for a dense row (the whole sentence in its name and tooltip). */
export function PendingWrite({ item, compact = false }: { item: OutboxItem; compact?: boolean }) {
  const { t } = useTranslation('writes');
  const sentence = t('pending.waiting', { summary: describeWrite(item.request).summary });
  return (
    <Link
      to="/activity"
      className={compact ? 'badge badge-pending badge-pending-compact' : 'badge badge-pending'}
      data-pending={item.request.kind}
      title={compact ? `${sentence}. ${t('pending.hint')}` : t('pending.hint')}
      aria-label={compact ? sentence : undefined}
    >
      {compact ? t('pending.short') : sentence}
    </Link>
  );
}
