// Are we online? navigator.onLine only knows about a network interface; the app cares whether the schools
// it talks to answer. So the main process asks them: a GET of each connected platform's protected-resource
// metadata (any HTTP answer, even an error status, means reachable), with a timeout, on an interval.
// It is the app's one answer to "online?": app.status asks it afresh, and evidence from elsewhere (a
// platform call that could not connect) only makes it look again, never overrides it.
import type { Logger } from '../log';

interface OnlineProbeOptions {
  /** The URLs to try; the probe is online when any of them answers. None → considered online. */
  targets: () => string[];
  onChange: (online: boolean) => void;
  fetch?: typeof fetch;
  intervalMs?: number;
  timeoutMs?: number;
  logger?: Logger;
}

export interface OnlineProbe {
  readonly online: boolean;
  /** Probes now (coalesced with a probe already running) and returns the result. */
  check(): Promise<boolean>;
  start(): void;
  stop(): void;
}

export function protectedResourceMetadataUrl(issuerOrAddress: string): string {
  const url = new URL(issuerOrAddress);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

export function createOnlineProbe(options: OnlineProbeOptions): OnlineProbe {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let online = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<boolean> | undefined;

  async function reachable(url: string): Promise<boolean> {
    try {
      const response = await doFetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      await response.body?.cancel().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  }

  async function probe(): Promise<boolean> {
    const targets = [...new Set(options.targets())];
    const result = targets.length === 0 ? true : (await Promise.all(targets.map(reachable))).some(Boolean);
    if (result !== online) {
      online = result;
      options.logger?.info(result ? 'platforms reachable again' : 'no platform reachable', { targets: targets.length });
      options.onChange(result);
    }
    return result;
  }

  return {
    get online() {
      return online;
    },
    check() {
      running ??= probe().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void this.check(), options.intervalMs ?? 30_000);
      timer.unref?.();
      void this.check();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
