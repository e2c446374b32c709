// The only thing the renderer gets from Electron: window.schoolCompanion = { invoke, subscribe }.
// One channel each way, payloads only: never ipcRenderer itself, never Electron's event object.
// (Sandboxed preloads may only require 'electron'; the bundle inlines the two channel names.)
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, PRELOAD_GLOBAL } from '../shared/ipc/channels';
import type { PreloadApi } from '../shared/ipc/channels';
import type { InvokeResult } from '../shared/ipc/wire';

const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, message: { event?: unknown; payload?: unknown }) => {
  if (typeof message?.event !== 'string') return;
  for (const handler of [...(listeners.get(message.event) ?? [])]) handler(message.payload);
});

const api: PreloadApi = {
  invoke: (method: string, input: unknown) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, { method, input }) as Promise<InvokeResult>,
  subscribe: (event: string, handler: (payload: unknown) => void) => {
    if (typeof event !== 'string' || typeof handler !== 'function') throw new TypeError('subscribe(event, handler)');
    const set = listeners.get(event) ?? new Set();
    set.add(handler);
    listeners.set(event, set);
    return () => {
      set.delete(handler);
    };
  },
};

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, Object.freeze(api));
