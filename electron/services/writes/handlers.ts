// Main-side handlers for the writes part of the contract (shared/ipc/writes.ts).
import type { writeMethods } from '../../../shared/ipc/writes';
import { isValidTimeZone } from '../../../shared/zoned-time';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import type { MethodHandlers } from '../ipc/handler-types';
import { activityToCsv } from './activity-csv';
import type { WriteService } from './write-service';

type WriteMethodName = Extract<keyof typeof writeMethods, string>;

export function createWriteHandlers(service: WriteService, now: () => number = Date.now): MethodHandlers<WriteMethodName> {
  return {
    'writes.perform': async ({ accountId, request }, { signal }) => service.perform(accountId, request, signal),
    'writes.activity': async ({ accountId }) => service.activity(accountId),
    'writes.activityCsv': async ({ accountId, timeZone }) => {
      if (!isValidTimeZone(timeZone)) throw new AppError('invalid_input', t('writes:service.unknownTimeZone', { zone: timeZone }));
      const entries = await service.activity(accountId);
      return { csv: activityToCsv(entries, timeZone), rows: entries.length, fileName: `activity-${new Date(now()).toISOString().slice(0, 10)}.csv` };
    },
    'writes.outbox': async ({ accountId }) => service.outbox(accountId),
    'writes.outboxEdit': async ({ accountId, itemId, request }) => service.edit(accountId, itemId, request),
    'writes.outboxDrop': async ({ accountId, itemId }) => ({ dropped: await service.drop(accountId, itemId) }),
    'writes.outboxSend': async ({ accountId, itemId }) => service.flush(accountId, itemId),
  };
}
