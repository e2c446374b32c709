// The renderer's own bridge to a browser host, as a page has it once its launch link was opened: the session
// cookie, the page key and the Origin on every state-changing request (the host's request guard checks them).
import type { BrowserHost } from '../../electron/browser-host/server';
import { createBrowserHostBridge } from '../../renderer/bridge/browser-host-bridge';
import type { Bridge } from '../../shared/ipc';

/** Opens the host's launch link as a browser would, then talks like the page; `openWindow` gets what the app opens. */
export async function pageBridge(host: BrowserHost, openWindow: (url: string) => void): Promise<Bridge> {
  const launch = await fetch(host.url, { redirect: 'manual' });
  const cookie = launch.headers.get('set-cookie')!.split(';')[0]!;
  const pageKey = /content="([^"]+)"/.exec(await launch.text())![1]!;
  const pageFetch: typeof fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    if ((init.method ?? 'GET') === 'POST') headers.set('origin', host.origin);
    return fetch(input, { ...init, headers });
  };
  return createBrowserHostBridge({ origin: host.origin, storage: { getItem: () => pageKey }, fetch: pageFetch, openWindow });
}
