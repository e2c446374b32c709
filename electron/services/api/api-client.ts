// The one place platform calls happen for the UI: bearer header, timeouts, retries with backoff and jitter
// (network errors and 5xx for reads, 429 for all, honouring Retry-After), one refresh-and-retry on 401,
// missing scopes on 403, pagination, and zod validation. Every failure is an AppError the UI can show.
import * as oauth from 'oauth4webapi';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { OPERATIONS, type OperationId } from '../../../shared/platform/endpoints';
import { pageOf } from '../../../shared/platform/resources';
import type { TokenSource } from '../auth/auth-service';
import { guardedFetch, hostOf } from '../net/guarded-fetch';
import { oauthOptions } from '../auth/oauth-options';
import type { Logger } from '../log';
import { fetchOpenApi, openApiAddresses } from './openapi-fetch';
import { OperationScopeCatalog } from './operation-scopes';
import type { CallArgs, DescribedOperation, PlatformCaller } from './platform-caller';
import { businessUrl } from '../net/business-url';

interface ApiClientOptions {
  logger: Logger;
  fetch?: typeof fetch;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  maxBodyBytes?: number;
  /** Longest wait the client accepts from Retry-After or backoff before giving up with rate_limited (default 60 s). */
  maxRetryDelayMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

const BASE_DELAY_MS = 250;
const MAX_OPENAPI_CHARS = 5 * 1024 * 1024;
const MAX_BACKOFF_MS = 8_000;

export class ApiClient implements PlatformCaller {
  private readonly http: typeof fetch;
  private readonly scopes: OperationScopeCatalog;
  private readonly maxRetries: number;
  /** Accounts whose platform could not be reached on the last call, after retries. */
  private readonly unreachable = new Set<string>();
  private readonly maxRetryDelayMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly tokens: TokenSource, private readonly options: ApiClientOptions) {
    this.http = guardedFetch({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    });
    this.scopes = new OperationScopeCatalog(this.http);
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  call<S extends z.ZodType>(accountId: string, operation: OperationId, schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    return this.request(accountId, described(operation), args, (response, url) => parseBody(response, schema, url));
  }

  /** The same call, its JSON answer handed back unparsed (content type checked, size capped by the guarded fetch). */
  callBytes(accountId: string, operation: OperationId, args: CallArgs = {}): Promise<Uint8Array> {
    return this.request(accountId, described(operation), args, readJsonBytes);
  }

  /**
   * One call of an operation the platform's own /openapi.json describes (the explorer's), with every rule of
   * call(): the path comes from that document, never from the renderer, and stays on the API's origin.
   */
  callOperation<S extends z.ZodType>(accountId: string, spec: DescribedOperation, schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    return this.request(accountId, spec, args, (response, url) => parseBody(response, schema, url));
  }

  private async request<T>(accountId: string, spec: DescribedOperation, args: CallArgs, read: (response: Response, url: string) => Promise<T>): Promise<T> {
    const operation = spec.operationId;
    const apiBase = this.tokens.apiBase(accountId);
    const url = buildUrl(apiBase, spec.path, args);
    const idempotent = spec.method === 'GET';
    let token = await this.tokenFor(accountId, () => this.tokens.accessToken(accountId, args.signal));
    let refreshed = false;

    for (let attempt = 0; ; attempt++) {
      throwIfAborted(args.signal);
      let response: Response;
      /** The Bearer challenge of a 401/403, as oauth4webapi parsed it (RFC 9110 §11.6.1, RFC 6750 §3). */
      let challenge: oauth.WWWAuthenticateChallengeParameters | null = null;
      try {
        const headers = new Headers({ accept: 'application/json', ...(args.body !== undefined ? { 'content-type': 'application/json' } : {}) });
        const body = args.body !== undefined ? JSON.stringify(args.body) : null;
        response = await oauth.protectedResourceRequest(token, spec.method, url, headers, body, oauthOptions(url, this.http, args.signal));
      } catch (error) {
        if (error instanceof oauth.WWWAuthenticateChallengeError) {
          response = error.response;
          challenge = error.cause.find((c) => c.scheme === 'bearer')?.parameters ?? null;
        } else {
          const appError = error instanceof AppError ? error : new AppError('offline', `${hostOf(url.href)} could not be reached.`, { cause: error });
          if (appError.code === 'cancelled') throw appError;
          if (appError.code !== 'unreachable') throw appError; // bad_response: oversized
          // The account was re-pointed while this read was under way (its platform moved): ask the new address.
          if (idempotent && this.tokens.apiBase(accountId) !== apiBase) return this.request(accountId, spec, args, read);
          // Retries ride out a blip; once the platform is known to be away, fail at once so the offline
          // cache answers without the admin waiting out the backoff on every screen.
          if (idempotent && attempt < this.maxRetries && !this.unreachable.has(accountId)) {
            await this.sleep(this.backoff(attempt), args.signal).catch(() => throwIfAborted(args.signal));
            continue;
          }
          this.unreachable.add(accountId);
          this.tokens.reportReachable(accountId, false, apiBase);
          throw new AppError('offline', `${hostOf(url.href)} cannot be reached right now.`, { cause: appError });
        }
      }
      this.unreachable.delete(accountId); // it answered: the next network failure is a blip again

      if (response.status === 401 && !refreshed) {
        if (!challenge?.error || challenge.error === 'invalid_token') {
          refreshed = true;
          const rejected = token;
          token = await this.tokenFor(accountId, () => this.tokens.refreshAfterRejection(accountId, rejected));
          attempt--; // the retry after a refresh is not one of the backoff retries
          continue;
        }
      }
      if (response.status === 429 || (response.status >= 500 && idempotent) || response.status === 503) {
        const wait = response.status === 429 || response.status === 503 ? retryAfterMs(response.headers.get('retry-after'), this.now()) : null;
        const delay = wait ?? this.backoff(attempt);
        if (attempt < this.maxRetries && delay <= this.maxRetryDelayMs) {
          this.options.logger.warn('platform call will be retried', { operation, status: response.status, attempt: attempt + 1, delayMs: Math.round(delay) });
          await this.sleep(delay, args.signal).catch(() => throwIfAborted(args.signal));
          continue;
        }
      }
      if (!response.ok) throw await this.failure(accountId, spec, apiBase, response, challenge, refreshed);

      this.tokens.reportReachable(accountId, true, apiBase);
      return read(response, url.href);
    }
  }

  async paginate<S extends z.ZodType>(
    accountId: string,
    operation: OperationId,
    item: S,
    args: CallArgs & { onPage?: (loaded: number, total: number) => void } = {},
  ): Promise<z.output<S>[]> {
    const { onPage, ...callArgs } = args;
    const page = pageOf(item);
    const out: z.output<S>[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined = typeof callArgs.query?.cursor === 'string' ? callArgs.query.cursor : undefined;
    for (;;) {
      const result = await this.call(accountId, operation, page, { ...callArgs, query: { ...callArgs.query, cursor } });
      out.push(...(result.data as z.output<S>[]));
      onPage?.(out.length, Math.max(result.meta.total, out.length));
      const next = result.meta.next_cursor;
      if (next === null || result.data.length === 0) return out;
      if (seen.has(next)) throw new AppError('bad_response', `${hostOf(this.tokens.apiBase(accountId))} sent the same page twice, so loading stopped.`);
      seen.add(next);
      cursor = next;
    }
  }

  /** A token, with a refresh that could not reach the platform reported like any other network failure. */
  private async tokenFor(accountId: string, get: () => Promise<string>): Promise<string> {
    try {
      return await get();
    } catch (error) {
      if (error instanceof AppError && error.code === 'unreachable') {
        this.tokens.reportReachable(accountId, false);
        throw new AppError('offline', `${hostOf(this.tokens.apiBase(accountId))} cannot be reached to renew the sign-in.`, { cause: error });
      }
      throw error;
    }
  }

  private backoff(attempt: number): number {
    // Full jitter (AWS architecture blog): spreads clients that failed together.
    return this.random() * Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  }

  /**
   * The platform's /openapi.json for the account's API, unauthenticated, through the same guarded fetch
   * (timeout, size cap) and on the API's own origin (redirects too): the API's path first, then the origin's.
   */
  async openApiDocument(accountId: string, signal?: AbortSignal): Promise<unknown> {
    const apiBase = this.tokens.apiBase(accountId);
    let last: AppError | null = null;
    for (const url of openApiAddresses(apiBase)) {
      let response: Response;
      try {
        response = await fetchOpenApi(this.http, url, signal);
      } catch (error) {
        const appError = error instanceof AppError ? error : new AppError('offline', `${hostOf(url)} could not be reached.`, { cause: error });
        if (appError.code === 'unreachable') {
          this.tokens.reportReachable(accountId, false, apiBase);
          throw new AppError('offline', `${hostOf(url)} cannot be reached right now.`, { cause: appError });
        }
        throw appError;
      }
      if (response.ok) {
        const text = await response.text();
        // An API description is tens of kilobytes; a far larger one is not parsed on the main process.
        if (text.length > MAX_OPENAPI_CHARS) throw new AppError('bad_response', `${hostOf(url)} sent an /openapi.json larger than ${MAX_OPENAPI_CHARS / 1024 / 1024} MB.`);
        try {
          return JSON.parse(text) as unknown;
        } catch (cause) {
          last = new AppError('bad_response', `${hostOf(url)} sent an /openapi.json that is not JSON.`, { cause });
          continue;
        }
      }
      last = new AppError(response.status === 404 ? 'not_found' : 'bad_response', `${hostOf(url)} has no /openapi.json (${response.status}).`);
    }
    throw last ?? new AppError('not_found', `${hostOf(apiBase)} has no /openapi.json.`);
  }

  private async failure(
    accountId: string,
    spec: DescribedOperation,
    apiBase: string,
    response: Response,
    challenge: oauth.WWWAuthenticateChallengeParameters | null,
    refreshed: boolean,
  ): Promise<AppError> {
    const operation = spec.operationId;
    const host = hostOf(apiBase);
    const body = await readErrorBody(response);
    const said = body.description ? ` ${body.description}` : '';
    switch (true) {
      case response.status === 401:
        if (refreshed) return new AppError('sign_in_needed', `${host} did not accept the renewed sign-in; sign in again to continue.`);
        return new AppError('request_refused', `${host} refused the request (${challenge?.error ?? body.error ?? 401}).${said}`);
      case response.status === 403 && (challenge?.error === 'insufficient_scope' || body.error === 'insufficient_scope'): {
        const named = (challenge?.scope ?? '').split(' ').filter(Boolean);
        const needed = named.length > 0 ? named : await this.scopes.scopesFor(apiBase, operation, spec.method, spec.path);
        const granted = new Set(this.tokens.grantedScopes(accountId));
        const missing = needed.filter((scope) => !granted.has(scope));
        const missingScopes = missing.length > 0 ? missing : needed.length > 0 ? needed : [spec.scope];
        return new AppError('insufficient_scope', `This needs more access to ${host}: ${missingScopes.join(', ')}.`, { missingScopes });
      }
      case response.status === 403:
        return new AppError('request_refused', `${host} does not allow this.${said}`);
      case response.status === 404:
        return new AppError('not_found', `${host} has no such item (any more).${said}`);
      case response.status === 429: {
        const wait = retryAfterMs(response.headers.get('retry-after'), this.now());
        return new AppError('rate_limited', `${host} is limiting requests; try again ${wait ? `in ${Math.ceil(wait / 1000)} s` : 'shortly'}.`, wait !== null ? { retryAfterSeconds: Math.ceil(wait / 1000) } : {});
      }
      case response.status >= 500:
        return new AppError('server_error', `${host} had a problem (${response.status}); try again later.`);
      default:
        return new AppError('request_refused', `${host} refused the request (${body.error ?? response.status}).${said}`);
    }
  }
}

/** A path parameter of only dots ("." or ".."), even encoded, is a dot segment the URL parser resolves: it would reach another API path. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** A contract operation described the way the platform's own document describes one. */
function described(operation: OperationId): DescribedOperation {
  return { operationId: operation, ...OPERATIONS[operation] };
}

function buildUrl(apiBase: string, template: string, args: CallArgs): URL {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args.path?.[name];
    if (value === undefined || value === '') throw new AppError('invalid_input', `The request is missing its "${name}".`);
    if (DOT_SEGMENT.test(value)) throw new AppError('invalid_input', `The "${name}" of this request is not a valid identifier.`);
    // encodeURIComponent leaves "." alone; encoded, a dot never joins a neighbour into a dot segment.
    return encodeURIComponent(value).replace(/\./g, '%2E');
  });
  const url = businessUrl(apiBase, path);
  for (const [name, value] of Object.entries(args.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url;
}

function requireJson(response: Response, host: string): void {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json' && !type?.endsWith('+json')) throw new AppError('bad_response', `${host} answered with ${type ?? 'no content type'} instead of JSON.`);
}

async function readJsonBytes(response: Response, url: string): Promise<Uint8Array> {
  requireJson(response, hostOf(url));
  return new Uint8Array(await response.arrayBuffer());
}

async function parseBody<S extends z.ZodType>(response: Response, schema: S, url: string): Promise<z.output<S>> {
  const host = hostOf(url);
  requireJson(response, host);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new AppError('bad_response', `${host} sent malformed JSON.`, { cause });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(the answer itself)';
    // The path and the kind of problem only: the body may hold personal data and must not reach logs or the UI.
    throw new AppError('bad_response', `${host} sent data the app does not understand (at ${where}: ${issue?.code ?? 'invalid'}).`, { cause: parsed.error.issues.map((i) => ({ path: i.path, code: i.code })) });
  }
  return parsed.data;
}

async function readErrorBody(response: Response): Promise<{ error: string | null; description: string | null }> {
  try {
    const json = (await response.json()) as { error?: unknown; error_description?: unknown };
    return {
      error: typeof json.error === 'string' ? json.error.slice(0, 100) : null,
      description: typeof json.error_description === 'string' ? json.error_description.slice(0, 300) : null,
    };
  } catch {
    return { error: null, description: null };
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AppError('cancelled', 'Cancelled.', { cause: signal.reason });
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
