// Main-side handlers for the dashboards' part of the contract (shared/ipc/data.ts). Placeholder until
// the dashboards work fills it in; the composition root merges it with the other parts.
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { PlatformCaller } from '../api/platform-caller';
import type { SecretCipher } from '../store/secret-cipher';
import type { Logger } from '../log';

export interface DataHandlerDeps {
  caller: PlatformCaller;
  cipher: SecretCipher;
  dataDir: string;
  emit: EmitEvent;
  logger: Logger;
  /** Called by the composition root when an account signs out: drop that school's cache. */
  onAccountRemoved(listener: (accountId: string) => void): void;
}

export function createDataHandlers(_deps: DataHandlerDeps): MethodHandlers<never> {
  return {};
}
