// Main-side handlers for the updates part of the contract (shared/ipc/updates.ts). The composition root
// merges them with the other parts; the browser host uses `unsupportedUpdateHandlers` (it cannot update).
import type { MethodHandlers } from '../ipc/handler-types';
import type { UpdatesUnsupportedReason } from './update-messages';
import { UpdatePolicy } from './update-policy';

export type UpdateMethodName = 'updates.status' | 'updates.checkNow' | 'updates.setPaused';

export function createUpdateHandlers(policy: UpdatePolicy): MethodHandlers<UpdateMethodName> {
  return {
    'updates.status': async () => policy.status(),
    'updates.checkNow': async () => policy.checkNow(),
    'updates.setPaused': async ({ paused }) => policy.setPaused(paused),
  };
}

/** For a process that cannot update itself (browser mode, development): the panel shows `reason`. */
export function unsupportedUpdateHandlers(currentVersion: string, reason: UpdatesUnsupportedReason): MethodHandlers<UpdateMethodName> {
  let paused = false;
  const policy = new UpdatePolicy({
    currentVersion,
    supported: false,
    unsupportedReason: reason,
    check: () => Promise.reject(new Error('updates are not supported here')),
    isOnline: () => false,
    pausedSetting: { load: async () => paused, save: async (value) => { paused = value; } },
    onChange: () => undefined,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  return createUpdateHandlers(policy);
}
