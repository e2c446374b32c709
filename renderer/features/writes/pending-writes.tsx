// A record with a change waiting in the outbox shows it on every list, in place of the action that would
// make the same change again: "Waiting to be sent: Disable coupon “SPRING”", linking to the outbox. The
// outbox is read once per school (writes.outbox, refetched on writes.changed) and looked up by record.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutboxItem } from '../../../shared/ipc/writes';
import { describeWrite } from '../../../shared/model/writes';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';

type RecordType = NonNullable<ReturnType<typeof describeWrite>['target']>['type'];

/** The change waiting for a record (the latest, if several), by its type and id. */
export function usePendingWrites(): (type: RecordType, id: string) => OutboxItem | undefined {
  const account = useActiveAccount();
  const outbox = useInvokeQuery('writes.outbox', { accountId: account?.id ?? '' }, { enabled: account !== null });
  const byRecord = useMemo(() => {
    const map = new Map<string, OutboxItem>();
    for (const item of outbox.data ?? []) {
      if (item.state !== 'waiting') continue;
      const target = describeWrite(item.request).target;
      if (target) map.set(`${target.type}:${target.id}`, item);
    }
    return map;
  }, [outbox.data]);
  return (type, id) => byRecord.get(`${type}:${id}`);
}

/** The marker in a row: what waits, linking to the outbox where it can be edited or dropped. */
export function PendingWrite({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('writes');
  return (
    <Link to="/activity" className="badge badge-pending" data-pending={item.request.kind} title={t('pending.hint')}>
      {t('pending.waiting', { summary: item.summary })}
    </Link>
  );
}
