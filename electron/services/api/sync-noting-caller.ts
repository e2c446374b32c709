// "Synced {{ago}}" on the status line says when the data on the screens was last read from the platform: the
// screens' reads and the data engine's syncs go through this caller, which notes each read that answered. A
// write, a failed call, the notifier's polls, the probe and the API explorer's calls say nothing about the data
// on screen, so they do not pass here.
import { OPERATIONS, type OperationId } from '../../../shared/platform/endpoints';
import type { PlatformCaller } from './platform-caller';

/** `caller`, noting `synced(accountId)` after each read (a GET) of the platform's data that answered. */
export function syncNotingCaller(caller: PlatformCaller, synced: (accountId: string) => void): PlatformCaller {
  const noted = async <T,>(accountId: string, operation: OperationId, answer: Promise<T>): Promise<T> => {
    const value = await answer;
    if (OPERATIONS[operation].method === 'GET') synced(accountId);
    return value;
  };
  return {
    ...caller,
    call: (accountId, operation, schema, args) => noted(accountId, operation, caller.call(accountId, operation, schema, args)),
    paginate: (accountId, operation, item, args) => noted(accountId, operation, caller.paginate(accountId, operation, item, args)),
    ...(caller.callBytes ? { callBytes: (accountId, operation, args) => noted(accountId, operation, caller.callBytes!(accountId, operation, args)) } : {}),
  };
}
