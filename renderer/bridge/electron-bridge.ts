// The desktop app's bridge: the preload's window.schoolCompanion, typed by the contract.
import type { Bridge } from '../../shared/ipc';
import type { PreloadApi } from '../../shared/ipc/channels';
import { unwrapResult } from './unwrap';

export function createElectronBridge(api: PreloadApi): Bridge {
  return {
    invoke: async (method, input) => unwrapResult(await api.invoke(method, input)) as never,
    subscribe: (event, handler) => api.subscribe(event, (payload) => handler(payload as never)),
  };
}
