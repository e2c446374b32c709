// Every request the main process makes to a platform goes through here: a per-request timeout, a cap on body size (a hostile
// or broken server cannot make us buffer gigabytes), and network failures turned into typed errors.
import { t } from '../../../shared/i18n/i18n';
import { AppError } from '../../../shared/errors';

const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

interface HttpOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

/** The bytes a guarded fetch read for its Response: a caller wanting them raw takes them without copying them again. */
const bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

export function bodyBytes(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(response);
}

/** A fetch that reads the whole body under a size cap before handing back a Response, and never hangs forever. */
export function guardedFetch(options: HttpOptions = {}): typeof fetch {
  const base = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let response: Response;
    try {
      response = await base(input, { ...init, signal });
    } catch (error) {
      throw networkError(error, url, init?.signal ?? undefined);
    }
    const body = await readCapped(response, maxBytes, url, init?.signal ?? undefined);
    const capped = new Response(nullBodyStatus(response.status) ? null : unCopied(body), { status: response.status, statusText: response.statusText, headers: response.headers });
    bodies.set(capped, body);
    return capped;
  };
}

/**
 * The bytes as a body stream of one chunk: a Response made from the bytes themselves copies them (a page of
 * orders is a megabyte, copied and then collected, on the main process, for every page of a sync).
 */
function unCopied(body: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      if (body.byteLength > 0) controller.enqueue(body);
      controller.close();
    },
  });
}

function nullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

async function readCapped(response: Response, maxBytes: number, url: string, callerSignal: AbortSignal | undefined): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url);
  }
  if (!response.body) return new Uint8Array();
  // A declared length the cap allows, on a body not decoded on the way (whose size the header would not bound),
  // is read in one go: the transport ends it at that length. Chunk by chunk costs a page of orders tens of ms.
  const encoding = response.headers.get('content-encoding');
  if (Number.isFinite(declared) && response.headers.has('content-length') && (!encoding || encoding === 'identity')) {
    try {
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw networkError(error, url, callerSignal);
    }
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(url);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw networkError(error, url, callerSignal);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(url: string): AppError {
  return new AppError('bad_response', t('errors:main.tooLarge', { host: hostOf(url) }));
}

function networkError(error: unknown, url: string, callerSignal: AbortSignal | undefined): AppError {
  if (callerSignal?.aborted) return new AppError('cancelled', t('errors:main.cancelled'), { cause: error });
  if (error instanceof Error && (error.name === 'TimeoutError' || (error.cause as Error | undefined)?.name === 'TimeoutError')) {
    return new AppError('unreachable', t('errors:main.noAnswerInTime', { host: hostOf(url) }), { cause: error });
  }
  return new AppError('unreachable', t('errors:main.unreachableCheck', { host: hostOf(url) }), { cause: error });
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return t('errors:main.theServer');
  }
}

/** 127.0.0.0/8, ::1 and localhost: the only places plain http is allowed (the traffic never leaves the machine). */
export function isLoopbackUrl(url: URL | string): boolean {
  const host = (typeof url === 'string' ? new URL(url) : url).hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const parts = host.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

export function assertSecureUrl(url: URL, what: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackUrl(url)) return;
  throw new AppError('insecure_issuer', t('errors:main.notHttps', { what, site: url.origin === 'null' ? url.href : url.origin }));
}

