// The desktop app's HTTP goes through Chromium's network stack (Electron's net), which uses the system or
// PAC proxy and the OS's trust store (company proxies, TLS-inspecting firewalls' certificates); Node's own
// fetch ignores both. Browser mode keeps Node's fetch. Electron-free: the adapter (adapters/chromium-net.ts)
// hands in net.fetch and net.request, and guardedFetch stays on top for timeouts and the body cap.
//
// Two differences from Node's fetch are evened out here:
// - no cookies: net.fetch would send and keep the session's cookies ('same-origin' without an Origin means
//   'include' there); a platform's cookies have no business in our requests, as with Node's fetch.
// - redirect: 'manual': net.fetch rejects ("Redirect was cancelled") where Node's fetch answers with the 3xx
//   and its Location, which discovery, the profile and /openapi.json rely on. Such requests go through
//   net.request, which reports the redirect; the 3xx is answered from it.
import { Readable } from 'node:stream';

/** The subset of Electron's net.request options used here. */
export interface NetRequestOptions {
  method: string;
  url: string;
  redirect: 'manual';
  credentials: 'omit';
}

/** The subset of Electron's IncomingMessage used here: a Node Readable with status and headers. */
interface NetResponseLike extends Readable {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string | string[]>;
}

/** The subset of Electron's ClientRequest used here. */
export interface NetRequestLike {
  setHeader(name: string, value: string): void;
  on(event: 'response', listener: (response: NetResponseLike) => void): this;
  on(event: 'redirect', listener: (statusCode: number, method: string, redirectUrl: string, headers: Record<string, string[]>) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  abort(): void;
  end(): void;
}

export interface ChromiumNet {
  fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  request(options: NetRequestOptions): NetRequestLike;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

export function chromiumFetch(net: ChromiumNet): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.redirect !== 'manual') return net.fetch(request, { credentials: 'omit' });
    if (request.body) throw new TypeError('A request that stops at redirects carries no body here.');
    return manualRedirectRequest(net, request);
  };
}

function toHeaders(raw: Record<string, string | string[]>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

function manualRedirectRequest(net: ChromiumNet, request: Request): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = request.signal;
    if (signal.aborted) return reject(signal.reason);
    const req = net.request({ method: request.method, url: request.url, redirect: 'manual', credentials: 'omit' });
    for (const [name, value] of request.headers) req.setHeader(name, value);
    const onAbort = () => {
      req.abort();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (response: Response) => {
      signal.removeEventListener('abort', onAbort);
      resolve(response);
    };
    req.on('redirect', (statusCode, _method, redirectUrl, headers) => {
      // Not followed: the caller gets the 3xx with its Location, as Node's fetch gives it (then the request ends).
      const responseHeaders = toHeaders(headers);
      if (!responseHeaders.has('location')) responseHeaders.set('location', redirectUrl);
      settle(new Response(null, { status: statusCode, headers: responseHeaders }));
    });
    req.on('response', (response) => {
      const body = NULL_BODY_STATUS.has(response.statusCode) || request.method === 'HEAD' ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>);
      settle(new Response(body, { status: response.statusCode, statusText: response.statusMessage, headers: toHeaders(response.headers) }));
    });
    req.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    req.end();
  });
}
