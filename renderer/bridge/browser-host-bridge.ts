// Browser mode's bridge: the same contract over the browser host's loopback channel. Calls are POST /rpc
// with the page key the launch page left in this origin's storage; events come from GET /events.
// The host asks the page to open the consent page (app.openUrl): the bridge does that itself, so the UI
// does not need to know which transport it runs on.
import { AppError } from '../../shared/errors';
import type { Bridge, EventName } from '../../shared/ipc';
import { PAGE_KEY_STORAGE } from '../../shared/ipc/wire';
import { openEventStream } from './event-stream';
import { unwrapResult } from './unwrap';

export interface BrowserHostBridgeOptions {
  origin?: string;
  storage?: Pick<Storage, 'getItem'>;
  fetch?: typeof fetch;
  openWindow?: (url: string) => void;
}

export function createBrowserHostBridge(options: BrowserHostBridgeOptions = {}): Bridge {
  const origin = options.origin ?? window.location.origin;
  const storage = options.storage ?? window.localStorage;
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const openWindow = options.openWindow ?? openInNewTab;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const headers = (): Record<string, string> => ({ authorization: `Bearer ${storage.getItem(PAGE_KEY_STORAGE) ?? ''}` });

  let stream: { close(): void } | null = null;
  const ensureStream = () => {
    stream ??= openEventStream({
      url: `${origin}/events`,
      headers,
      fetch: doFetch,
      onEvent: (event, payload) => {
        if (event === 'app.openUrl') {
          const url = (payload as { url?: unknown }).url;
          if (typeof url === 'string' && /^https?:\/\//.test(url)) openWindow(url);
        }
        for (const handler of [...(listeners.get(event) ?? [])]) handler(payload);
      },
    });
  };
  // Listen from the start: the consent page must open even before any screen subscribes.
  ensureStream();

  return {
    async invoke(method, input) {
      let response: Response;
      try {
        response = await doFetch(`${origin}/rpc`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ method, input }),
          cache: 'no-store',
        });
      } catch (error) {
        throw new AppError('offline', 'The app is not running: start it again (npm start) and reload this page.', { cause: error });
      }
      if (response.status === 401) throw new AppError('forbidden_sender', 'This tab is not signed in to the app: open the launch link printed by "npm start".');
      if (!response.ok) throw new AppError('internal', `The app refused the request (HTTP ${response.status}).`);
      return unwrapResult(await response.json()) as never;
    },
    subscribe(event: EventName, handler) {
      const set = listeners.get(event) ?? new Set();
      const wrapped = (payload: unknown) => handler(payload as never);
      set.add(wrapped);
      listeners.set(event, set);
      return () => {
        set.delete(wrapped);
      };
    },
  };
}

function openInNewTab(url: string): void {
  const opened = window.open(url, '_blank');
  // A blocked pop-up returns null: the Connect screen's "open the sign-in page" link is the way then.
  if (opened) opened.opener = null;
}
