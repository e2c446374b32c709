// Electron IPC for the contract: one channel for calls (ipcMain.handle), one for events (webContents.send).
// Every call goes through the router, with a sender check that only our main window's main frame, showing
// our own page, passes. The renderer gets payloads only, never Electron's event object.
import { ipcMain } from 'electron';
import type { BrowserWindow } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/channels';
import type { EventHub } from '../services/ipc/event-hub';
import type { IpcRouter } from '../services/ipc/router';
import { isTrustedSender } from '../services/security/sender-check';

export function bindIpcTransport(options: { router: IpcRouter; events: EventHub; mainWindow: () => BrowserWindow | null; appOrigin: string }): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, (event, message: unknown) => {
    const { method, input } = (typeof message === 'object' && message !== null ? message : {}) as { method?: unknown; input?: unknown };
    const window = options.mainWindow();
    return options.router.route({
      method,
      input,
      isTrustedSender: () =>
        isTrustedSender({ senderFrame: event.senderFrame, mainFrame: window?.webContents.mainFrame, senderUrl: event.senderFrame?.url }, options.appOrigin),
    });
  });
  const stop = options.events.subscribe((name, payload) => {
    const window = options.mainWindow();
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, { event: name, payload });
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
    stop();
  };
}
