// The Electron IPC transport, with Electron's ipcMain replaced by a recorder (tests cannot load Electron):
// a call reaches a handler only from our main window's main frame showing our app, and events go to that
// window as payloads.
import { describe, expect, it, vi } from 'vitest';

const ipc = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown, message: unknown) => unknown>() }));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, message: unknown) => unknown) => ipc.handlers.set(channel, handler),
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
}));

const { bindIpcTransport } = await import('../../../electron/adapters/ipc-transport');
const { createEventHub } = await import('../../../electron/services/ipc/event-hub');
const { createIpcRouter } = await import('../../../electron/services/ipc/router');
const { memoryLogger } = await import('../../../electron/services/log');
const { APP_ORIGIN } = await import('../../../electron/services/security/app-origin');
const { DEFAULT_SETTINGS } = await import('../../../shared/ipc/app');
const { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } = await import('../../../shared/ipc/channels');

describe('Electron IPC transport', () => {
  it('routes calls from our main frame only, and sends events to the main window', async () => {
    const mainFrame = { url: `${APP_ORIGIN}/index.html` };
    const sent: unknown[] = [];
    const window = { isDestroyed: () => false, webContents: { mainFrame, send: (channel: string, message: unknown) => sent.push({ channel, message }) } };
    const settingsGet = vi.fn(async () => DEFAULT_SETTINGS);
    const events = createEventHub({ validate: true });
    const stop = bindIpcTransport({
      router: createIpcRouter({ handlers: { 'settings.get': settingsGet }, logger: memoryLogger(), validateOutput: true }),
      events,
      mainWindow: () => window as never,
      appOrigin: APP_ORIGIN,
    });
    const invoke = ipc.handlers.get(IPC_INVOKE_CHANNEL)!;

    expect(await invoke({ senderFrame: mainFrame }, { method: 'settings.get', input: {} })).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    const subframe = { url: `${APP_ORIGIN}/index.html` };
    expect(await invoke({ senderFrame: subframe }, { method: 'settings.get', input: {} })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    const navigatedAway = { isDestroyed: () => false, webContents: { mainFrame: { url: 'https://evil.example.com/' }, send: () => undefined } };
    const stopOther = bindIpcTransport({ router: createIpcRouter({ handlers: { 'settings.get': settingsGet }, logger: memoryLogger() }), events, mainWindow: () => navigatedAway as never, appOrigin: APP_ORIGIN });
    const invokeOther = ipc.handlers.get(IPC_INVOKE_CHANNEL)!;
    expect(await invokeOther({ senderFrame: navigatedAway.webContents.mainFrame }, { method: 'settings.get', input: {} })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    stopOther();
    expect(await invoke({ senderFrame: null }, 'garbage')).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(settingsGet).toHaveBeenCalledTimes(1);

    events.emit('settings.changed', { ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(sent).toEqual([{ channel: IPC_EVENT_CHANNEL, message: { event: 'settings.changed', payload: { ...DEFAULT_SETTINGS, theme: 'dark' } } }]);
    stop();
    expect(ipc.handlers.has(IPC_INVOKE_CHANNEL)).toBe(false);
  });
});
