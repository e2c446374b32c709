// Step 3a, the redirect target: an HTTP listener on 127.0.0.1 only (RFC 8252 §7.3), on a free port, that
// accepts exactly one valid callback on its exact path and answers the browser with a small page of its own.
// A request that is not this sign-in's callback (another path or method, too early, a wrong or missing
// `state`) is answered and ignored: any local process can reach the port, and must not be able to end the
// admin's sign-in. A callback carrying our state that reports a problem ends the wait with a typed error:
// a sign-in that went wrong must never reach the token step.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../../shared/errors';
import { currentUiLanguage, t } from '../../../shared/i18n/i18n';
import type { Logger } from '../log';

export const DEFAULT_CALLBACK_PATH = '/oauth/callback';
export const DEFAULT_RECEIVER_TIMEOUT_MS = 5 * 60 * 1000;

export interface ReceiverOptions {
  path?: string;
  /** Try this port first (the one the client was registered with), else any free port. */
  preferredPort?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  logger?: Logger;
}

/** Checks the callback's query (state, iss, error) and returns the parameters for the token step, or throws an AppError. */
export type CallbackValidator = (params: URLSearchParams) => URLSearchParams | Promise<URLSearchParams>;

type Outcome = { ok: true; params: URLSearchParams } | { ok: false; error: AppError };

export class LoopbackRedirectReceiver {
  private settled: Outcome | null = null;
  private waiter: ((outcome: Outcome) => void) | null = null;
  private validator: CallbackValidator | null = null;
  private readonly pending: Outcome[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly server: Server,
    readonly redirectUri: string,
    private readonly path: string,
    private readonly logger: Logger | undefined,
  ) {}

  static async listen(options: ReceiverOptions = {}): Promise<LoopbackRedirectReceiver> {
    const path = options.path ?? DEFAULT_CALLBACK_PATH;
    if (!path.startsWith('/')) throw new AppError('internal', t('errors:auth.callbackPath'));
    if (options.signal?.aborted) throw new AppError('cancelled', t('errors:main.signInCancelled'));
    let receiver: LoopbackRedirectReceiver | null = null;
    const server = createServer((request, response) => {
      if (receiver) receiver.handle(request, response);
      else response.destroy();
    });
    const port = await listenOn(server, options.preferredPort ?? 0).catch((error: NodeJS.ErrnoException) => {
      // Taken, or not ours to use: any free port will do (the platform accepts any loopback port).
      if (options.preferredPort && (error.code === 'EADDRINUSE' || error.code === 'EACCES')) return listenOn(server, 0);
      throw error;
    }).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw new AppError('internal', t('errors:auth.noListen'), { cause: error });
    });
    receiver = new LoopbackRedirectReceiver(server, `http://127.0.0.1:${port}${path}`, path, options.logger);
    receiver.arm(options.timeoutMs ?? DEFAULT_RECEIVER_TIMEOUT_MS, options.signal);
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Resolves with the validated parameters of the one good callback, or rejects with the first problem. */
  waitForCallback(validate: CallbackValidator): Promise<URLSearchParams> {
    if (this.waiter || this.validator) throw new AppError('internal', t('errors:auth.alreadyWaiting'));
    this.validator = validate;
    return new Promise<URLSearchParams>((resolve, reject) => {
      const deliver = (outcome: Outcome) => (outcome.ok ? resolve(outcome.params) : reject(outcome.error));
      if (this.settled) return deliver(this.settled);
      this.waiter = deliver;
    });
  }

  /** Stops listening at once; open browser connections are let go in the background. Safe to call more than once. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    this.closed = true;
    this.settle({ ok: false, error: new AppError('cancelled', t('errors:main.signInCancelled')) });
    this.server.close();
    // Let the browser finish reading the page it was just sent (answers carry `Connection: close`), then cut the rest.
    this.server.closeIdleConnections();
    setTimeout(() => this.server.closeAllConnections(), 1_000).unref();
  }

  private arm(timeoutMs: number, signal: AbortSignal | undefined): void {
    this.timer = setTimeout(() => {
      this.settle({ ok: false, error: new AppError('timed_out', t('errors:auth.notInTime')) });
      void this.close();
    }, timeoutMs);
    this.timer.unref();
    signal?.addEventListener('abort', () => {
      this.settle({ ok: false, error: new AppError('cancelled', t('errors:main.signInCancelled'), { cause: signal.reason }) });
      void this.close();
    }, { once: true });
  }

  private settle(outcome: Outcome): boolean {
    if (this.settled) return false;
    this.settled = outcome;
    this.waiter?.(outcome);
    return true;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/favicon.ico') return page(response, 404, t('main:loopback.notFound'), '');
    if (this.settled) {
      return page(response, 409, t('main:loopback.usedTitle'), t('main:loopback.usedRetry'));
    }
    if (url.pathname !== this.path) return this.ignore(response, 404, 'not the callback path');
    if (request.method !== 'GET') return this.ignore(response, 405, 'not a GET');
    const validate = this.validator;
    if (!validate) return this.ignore(response, 409, 'before the sign-in started');
    Promise.resolve()
      .then(() => validate(url.searchParams))
      .then(
        (params) => {
          if (!this.settle({ ok: true, params })) return page(response, 409, t('main:loopback.usedTitle'), t('main:loopback.usedReturn'));
          page(response, 200, t('main:loopback.signedInTitle'), t('main:loopback.signedIn'));
        },
        (error: unknown) => {
          const appError = error instanceof AppError ? error : new AppError('authorization_failed', t('errors:auth.uncheckable'), { cause: error });
          // Without our state the request proves nothing, not even that something went wrong.
          if (appError.code === 'state_mismatch') return this.ignore(response, 400, 'state mismatch');
          this.fail(response, appError.code === 'access_denied' ? 403 : 400, appError);
        },
      );
  }

  /** Not this sign-in's callback: answered, logged, and the wait goes on for the real one. */
  private ignore(response: ServerResponse, status: number, reason: string): void {
    this.logger?.warn('ignored a request to the sign-in receiver', { status, reason });
    page(response, status, t('main:loopback.notOursTitle'), t('main:loopback.notOurs'));
  }

  private fail(response: ServerResponse, status: number, error: AppError): void {
    this.logger?.warn('sign-in callback refused', { code: error.code, status });
    const first = this.settle({ ok: false, error });
    page(response, status, first ? t('main:loopback.failedTitle') : t('main:loopback.usedTitle'), t('main:loopback.failed', { message: error.message }));
  }
}

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    // 127.0.0.1 and never `localhost` (which may resolve elsewhere) or all interfaces.
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function page(response: ServerResponse, status: number, title: string, message: string): void {
  // In the app's UI language: the admin reads this page in the browser, then goes back to the app.
  const body = `<!doctype html><html lang="${currentUiLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>`
    + '<meta name="viewport" content="width=device-width, initial-scale=1">'
    + '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>'
    + `</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  response.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
