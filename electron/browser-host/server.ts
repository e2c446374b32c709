// The browser host: the very same main-process services as the desktop app (createAppServices), served
// to a local browser. Bound to 127.0.0.1, on a free port; every request is checked (Host, session cookie,
// and for the contract channel the page key, Origin and JSON) before anything else happens.
import { createReadStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { EventName } from '../../shared/ipc';
import type { InvokeResult } from '../../shared/ipc/wire';
import { createAppServices } from '../services/app-services';
import type { AppServices, AppServicesOptions } from '../services/app-services';
import { DownloadSlots } from '../services/engine/client/export-destination';
import { createEventHub } from '../services/ipc/event-hub';
import type { MethodHandlers } from '../services/ipc/handler-types';
import { createIpcRouter } from '../services/ipc/router';
import { appLogger } from '../services/log';
import type { Logger } from '../services/log';
import { securityHeaders } from '../services/security/csp';
import { resolveStaticFile } from '../services/security/static-files';
import { unsupportedUpdateHandlers } from '../services/updates/handlers';
import { KeyFileCipher } from '../services/store/key-file-cipher';
import type { SecretCipher } from '../services/store/secret-cipher';
import { EventStreams } from './event-stream';
import { LAUNCH_SCRIPT, launchPage, messagePage } from './pages';
import { acceptedLanguages } from '../../shared/i18n/language';
import { checkHost, checkPageKey, checkSameSiteRead, checkStateChanging, findSession } from './request-guard';
import type { GuardContext, GuardVerdict } from './request-guard';
import { LaunchCodes } from './secrets';
import { BrowserSessions, type BrowserSessionRecord } from './sessions';

interface BrowserHostOptions {
  /** Preselected school address (the sandbox in development, or --school). */
  school?: string;
  schoolLabel?: string;
  /** Where that same platform was before (see LaunchArgs.formerSchoolAddresses). */
  formerSchoolAddresses?: string[];
  /** The person named the school on the command line (--school): the app offers it even when signed in. */
  schoolNamed?: boolean;
  dataDir: string;
  /** How the consent page is shown. Default: an app.openUrl event the page opens in a new tab. */
  openExternal?: (url: string) => Promise<void>;
  /** Default 0: a free port. */
  port?: number;
  /** The built renderer. Default dist/renderer of this checkout. */
  rendererDir?: string;
  logger?: Logger;
  version?: string;
  /** Default: the real sign-in and API client. */
  platformAccess?: AppServicesOptions['platformAccess'];
  /** Default: the key file cipher (browser mode has no OS key store). */
  cipher?: (dataDir: string) => Promise<SecretCipher>;
  extraHandlers?: AppServicesOptions['extraHandlers'];
  fetch?: typeof fetch;
  /** The host's clock (session expiry). Default Date.now. */
  now?: () => number;
  /** How often each school is polled for notifications (default 60 s). */
  notifyIntervalMs?: number;
  /** `npm start`'s demo platform, running in this process: Settings can take it offline and back and reset it. */
  demoPlatform?: AppServicesOptions['demoPlatform'];
}

export interface BrowserHost {
  /** Open this once: it signs the browser in and shows the app. Single use, valid 5 minutes. */
  url: string;
  origin: string;
  port: number;
  services: AppServices;
  /** Where streamed exports wait for their one download. */
  downloads: DownloadSlots;
  /** Another single-use launch URL (e.g. for a second browser). */
  issueLaunchUrl(): string;
  /** The browsers signed in (Settings › Browser sessions shows the same). */
  sessions: BrowserSessions;
  /** The host's log (the file in the data folder): npm start sends the process's unhandled errors here. */
  logger: Logger;
  close(): Promise<void>;
}

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
const MAX_RPC_BODY = 1024 * 1024;

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  // Default: details to <dataDir>/logs/school-companion.log, errors to the terminal (see services/log.ts).
  const ownLogger = options.logger ? null : appLogger({ dataDir: options.dataDir, scope: 'browser-host' });
  const logger = options.logger ?? ownLogger!;
  const rendererDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const events = createEventHub({ validate: true });
  const streams = new EventStreams();
  const stopForwarding = events.subscribe((event: EventName, payload) => streams.publish(event, payload));
  const sessions = new BrowserSessions(options.now);
  const stopClosingStreams = sessions.onEnded((sessionId) => {
    streams.closeSession(sessionId);
    logger.info('browser session ended', { session: sessionId });
  });

  const version = options.version ?? (await packageVersion());
  // Streamed CSV exports land here and go to the page once, as a download (GET /download/<token>).
  const downloads = new DownloadSlots(join(options.dataDir, 'exports'));
  await downloads.clear(); // a previous run's exports: no slot of this run can name them
  const services = await createAppServices({
    exportDestination: downloads,
    mode: 'browser',
    version,
    dataDir: options.dataDir,
    cipher: await (options.cipher ?? ((dir: string) => KeyFileCipher.open(dir)))(options.dataDir),
    openExternal: options.openExternal ?? (async (url) => events.emit('app.openUrl', { url })),
    defaultSchool: options.school
      ? { address: options.school, label: options.schoolLabel ?? options.school, formerAddresses: options.formerSchoolAddresses ?? [], named: options.schoolNamed ?? false }
      : null,
    logger,
    // Browser mode has no OS key store: its key file is all there is. The terminal and Settings say so.
    weakProtection: 'accepted',
    ...(options.platformAccess ? { platformAccess: options.platformAccess } : {}),
    events,
    // The About panel asks for updates.status in every mode: browser mode says it cannot update itself.
    extraHandlers: {
      ...unsupportedUpdateHandlers(version, 'browserMode'),
      ...browserSessionHandlers(sessions),
      ...options.extraHandlers,
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.notifyIntervalMs ? { notifyIntervalMs: options.notifyIntervalMs } : {}),
    ...(options.demoPlatform ? { demoPlatform: options.demoPlatform, defaultSchoolRemade: options.demoPlatform.remade === true } : {}),
  });
  /** The language of a page the host writes itself, for the browser that asked. */
  const pageLanguage = (request: IncomingMessage) => services.language.forBrowser(acceptedLanguages(request.headers['accept-language'])).language;
  const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: process.env.NODE_ENV !== 'production' });
  const codes = new LaunchCodes(options.now);
  // Known once the port is: filled in right after listen, before the URL is handed out.
  const bound: { guard?: GuardContext } = {};

  const server = createServer((request, response) => {
    // Answered before the body was read to its end: Node would read the rest, however long. A refused or
    // oversized request (the answer says Connection: close) loses its connection at once, so nobody can make
    // the host read for them; any other may drain a small rest (keep-alive), dropped past 1 MiB.
    const socket = request.socket;
    response.on('finish', () => {
      if (request.complete) return;
      if (response.getHeader('Connection') === 'close') return void socket.destroy();
      let rest = 0;
      request.on('data', (chunk: Buffer) => {
        rest += chunk.length;
        if (rest > MAX_RPC_BODY) socket.destroy();
      });
      request.resume();
    });
    handle(request, response).catch((error: unknown) => {
      logger.error('browser host request failed', { path: pathOf(request), error: error instanceof Error ? error.name : typeof error });
      if (!response.headersSent) send(response, 500, 'text/html; charset=utf-8', messagePage('internal', pageLanguage(request)));
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const context = bound.guard;
    if (!context) return send(response, 503, 'text/plain; charset=utf-8', 'Starting');
    const path = pathOf(request);
    for (const [name, value] of Object.entries(securityHeaders())) response.setHeader(name, value);

    const host = checkHost(request.headers, context);
    if (!host.ok) return refuse(response, request, host);

    if (path === '/launch') return launch(request, response, context);

    const found = findSession(request.headers, context);
    if (!found.ok) return refuse(response, request, found);

    if (path === '/rpc') return rpc(request, response, context, found.session);
    if (path === '/events') return eventStream(request, response, context, found.session);
    if (path.startsWith('/download/')) return download(request, response, context, path.slice('/download/'.length));
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    if (path === '/launch.js') return send(response, 200, 'text/javascript; charset=utf-8', LAUNCH_SCRIPT);
    return staticFile(request, response, path);
  }

  function launch(request: IncomingMessage, response: ServerResponse, context: GuardContext): void {
    response.setHeader('Cache-Control', 'no-store');
    const code = new URL(request.url ?? '/', context.origin).searchParams.get('code');
    if (codes.consume(code)) {
      // Each browser gets its own session: its own secrets, its own expiry, revocable on its own.
      const issued = sessions.create(request.headers['user-agent']);
      response.setHeader('Set-Cookie', `${context.cookieName}=${issued.cookie}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor(sessions.ttlMs / 1000)}`);
      logger.info('browser signed in with a launch code', { session: issued.session.id });
      return send(response, 200, 'text/html; charset=utf-8', launchPage(issued.pageKey, pageLanguage(request)));
    }
    if (findSession(request.headers, context).ok) {
      // This browser is already in: an old launch link just shows the app.
      response.writeHead(303, { Location: '/' });
      response.end();
      return;
    }
    logger.warn('launch code refused');
    send(response, 403, 'text/html; charset=utf-8', messagePage('expired', pageLanguage(request)));
  }

  async function rpc(request: IncomingMessage, response: ServerResponse, context: GuardContext, session: BrowserSessionRecord): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    if (request.method !== 'POST') return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    for (const verdict of [checkStateChanging(request.headers, context), checkPageKey(request.headers, context, session)]) {
      if (!verdict.ok) return refuse(response, request, verdict);
    }
    const body = await readBody(request, MAX_RPC_BODY);
    if (body === null) return refuseTooLarge(response);
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      message = undefined;
    }
    const { method, input } = (typeof message === 'object' && message !== null ? message : {}) as { method?: unknown; input?: unknown };
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort(new Error('the page went away'));
    });
    const result: InvokeResult = await router.route({ method, input, isTrustedSender: () => true, signal: abort.signal, browserSession: session.id });
    send(response, 200, 'application/json; charset=utf-8', JSON.stringify(result));
  }

  function eventStream(request: IncomingMessage, response: ServerResponse, context: GuardContext, session: BrowserSessionRecord): void {
    if (request.method !== 'GET') return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    for (const verdict of [checkSameSiteRead(request.headers, context), checkPageKey(request.headers, context, session)]) {
      if (!verdict.ok) return refuse(response, request, verdict);
    }
    streams.attach(response, session.id);
  }

  async function download(request: IncomingMessage, response: ServerResponse, context: GuardContext, token: string): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    if (request.method !== 'GET') return send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed');
    const verdict = checkSameSiteRead(request.headers, context);
    if (!verdict.ok) return refuse(response, request, verdict);
    const slot = downloads.take(token);
    const size = slot ? (await stat(slot.path).catch(() => null))?.size : undefined;
    if (!slot || size === undefined) return send(response, 404, 'text/html; charset=utf-8', messagePage('downloadGone', pageLanguage(request)));
    response.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${slot.fileName.replace(/[^\w.-]/g, '_')}"`,
    });
    try {
      await pipeline(createReadStream(slot.path), response);
    } finally {
      await rm(slot.path, { force: true });
    }
  }

  async function staticFile(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const resolved = resolveStaticFile(rendererDir, path);
    if (!resolved.ok) return send(response, resolved.status, 'text/plain; charset=utf-8', resolved.status === 404 ? 'Not found' : 'Bad request');
    let content: Buffer;
    try {
      content = await readFile(resolved.path);
    } catch {
      if (resolved.path.endsWith('index.html')) {
        return send(response, 503, 'text/html; charset=utf-8', messagePage('notBuilt', pageLanguage(request)));
      }
      return send(response, 404, 'text/plain; charset=utf-8', 'Not found');
    }
    response.setHeader('Cache-Control', path.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'no-cache');
    send(response, 200, resolved.contentType, request.method === 'HEAD' ? '' : content, content.length);
  }

  function refuse(response: ServerResponse, request: IncomingMessage, verdict: Exclude<GuardVerdict, { ok: true }>): void {
    // Path and reason only: the query may hold a launch code, the headers the session.
    logger.warn('browser host refused a request', { method: request.method, path: pathOf(request), status: verdict.status, reason: verdict.refusal });
    // Nothing more is read from whoever was refused: the connection ends with the answer (see createServer).
    response.setHeader('Connection', 'close');
    send(response, verdict.status, 'text/html; charset=utf-8', messagePage(verdict.status === 401 ? 'signedOut' : 'refused', pageLanguage(request)));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  bound.guard = { host: `127.0.0.1:${port}`, origin, cookieName: `sc_session_${port}`, sessions };
  const issueLaunchUrl = () => `${origin}/launch?code=${codes.issue()}`;

  return {
    url: issueLaunchUrl(),
    origin,
    port,
    services,
    downloads,
    issueLaunchUrl,
    sessions,
    logger,
    async close() {
      stopForwarding();
      stopClosingStreams();
      streams.close();
      await services.close();
      await downloads.clear().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await ownLogger?.close();
    },
  };
}

/** Settings › Browser sessions: the router passes which browser session is asking. */
function browserSessionHandlers(sessions: BrowserSessions): Partial<MethodHandlers> {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    'security.browserSessions.list': async (_input, context) =>
      sessions.list().map((s) => ({ id: s.id, label: s.label, createdAt: iso(s.createdAt), lastSeenAt: iso(s.lastSeenAt), expiresAt: iso(s.expiresAt), current: s.id === context.browserSession })),
    'security.browserSessions.revoke': async ({ sessionId }) => ({ revoked: sessions.revoke(sessionId) }),
    'security.browserSessions.revokeOthers': async (_input, context) => ({ revoked: sessions.revokeOthers(context.browserSession) }),
  };
}

/** The raw (still percent-encoded) path: the static-file resolver decodes it itself and refuses dot segments. */
function pathOf(request: IncomingMessage): string {
  const raw = (request.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  return raw.startsWith('/') ? raw : '/';
}

function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer, length?: number): void {
  response.statusCode = status;
  response.setHeader('Content-Type', contentType);
  response.setHeader('Content-Length', length ?? Buffer.byteLength(body));
  response.end(body);
}

/** The body, or null as soon as it is known to pass `limit` (declared or counted): the rest is never read. */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      request.pause();
      resolve(null);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** 413, then the connection is closed (see createServer): the rest of the body is never read. */
function refuseTooLarge(response: ServerResponse): void {
  response.setHeader('Connection', 'close');
  send(response, 413, 'text/plain; charset=utf-8', 'Request too large');
}

async function packageVersion(): Promise<string> {
  const text = await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}
