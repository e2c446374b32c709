// Browser mode's bridge: the same contract over the browser host's loopback channel. Calls are POST /rpc
// with the page key the launch page left in this origin's storage; events come from GET /events.
// The host asks the page to open the consent page (app.openUrl): the bridge does that itself, so the UI
// does not need to know which transport it runs on.
import { AppError } from '../../shared/errors';
import type { Bridge, EventName } from '../../shared/ipc';
import { PAGE_KEY_STORAGE } from '../../shared/ipc/channels';
import { openEventStream } from './event-stream';
import { unwrapResult } from './unwrap';

interface BrowserHostBridgeOptions {
  origin?: string;
  storage?: Pick<Storage, 'getItem'>;
  fetch?: typeof fetch;
  openWindow?: (url: string) => void;
  now?: () => number;
}

/** Calls after which the host may ask this tab to open a page (the consent page, a link the admin clicked). */
const OPENS_PAGES: ReadonlySet<string> = new Set(['accounts.connect', 'accounts.signInAgain', 'accounts.grantScopes', 'accounts.relocate', 'app.openExternal']);
/** The event may arrive just after the call's answer (they travel on different connections). */
const OPEN_GRACE_MS = 3_000;

export function createBrowserHostBridge(options: BrowserHostBridgeOptions = {}): Bridge {
  const origin = options.origin ?? window.location.origin;
  const storage = options.storage ?? window.localStorage;
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const openWindow = options.openWindow ?? openInNewTab;
  const now = options.now ?? Date.now;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const headers = (): Record<string, string> => ({ authorization: `Bearer ${storage.getItem(PAGE_KEY_STORAGE) ?? ''}` });

  // Every open tab gets app.openUrl; only the tab whose admin started the sign-in opens the page (it also
  // still has the click's user activation, so the pop-up blocker lets the new tab through).
  let pendingOpeners = 0;
  let lastOpenerDoneAt = Number.NEGATIVE_INFINITY;
  const mayOpenPages = () => pendingOpeners > 0 || now() - lastOpenerDoneAt <= OPEN_GRACE_MS;

  // Listen from the start: the consent page must open even before any screen subscribes.
  openEventStream({
    url: `${origin}/events`,
    headers,
    fetch: doFetch,
    onEvent: (event, payload) => {
      if (event === 'app.openUrl') {
        // A transport matter, handled here once: the UI does not see it (it would open a second tab).
        const url = (payload as { url?: unknown }).url;
        if (typeof url === 'string' && /^https?:\/\//.test(url) && mayOpenPages()) openWindow(url);
        return;
      }
      for (const handler of [...(listeners.get(event) ?? [])]) handler(payload);
    },
  });

  async function call(method: string, input: unknown): Promise<unknown> {
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
    return unwrapResult(await response.json());
  }

  return {
    async invoke(method, input) {
      if (!OPENS_PAGES.has(method)) return (await call(method, input)) as never;
      pendingOpeners += 1;
      try {
        return (await call(method, input)) as never;
      } finally {
        pendingOpeners -= 1;
        lastOpenerDoneAt = now();
      }
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
