// Electron's net (Chromium's network stack: system/PAC proxy, OS trust store) as the desktop app's fetch.
// What it does differently from Node's fetch is evened out in services/net/chromium-fetch.ts.
import { net } from 'electron';
import { chromiumFetch, type ChromiumNet } from '../services/net/chromium-fetch';

export function desktopFetch(): typeof fetch {
  return chromiumFetch({
    fetch: (input, init) => net.fetch(input, init),
    request: (options) => net.request(options) as unknown as ReturnType<ChromiumNet['request']>,
  });
}
