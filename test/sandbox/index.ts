// startSandbox(): the local course platform in one call, for tests, benchmarks and the CLI.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createBusinessRoutes } from './api';
import { BusinessHost, type ServedPage } from './business-host';
import type { SandboxContext } from './context';
import { createDemoPlatform, type DemoPlatform } from './data';
import type { BusinessRoute } from './http/business-route';
import { KnobsStore, type Knobs } from './knobs';
import { ClientRegistry } from './oauth/clients';
import { createIdTokenSigner, type IdTokenSigner } from './oauth/jwks';
import { restoreOAuthState, saveOAuthState, type SavedOAuthState } from './oauth/saved-state';
import { TokenStore } from './oauth/tokens-store';
import { RateLimiter } from './rate-limit';
import { createSandboxServer } from './server';
import { RequestStats } from './stats';
import { recordOrderEvent, RecordOrderEvent } from './order-events';
import { journaledRoutes, replayJournal, type ChangeJournal, type ReplayResult } from './change-journal';

export type { Knobs } from './knobs';
export type { ServedPage } from './business-host';
export type { DemoPlatform } from './data';

export interface SandboxOptions {
  /** Default 127.0.0.1 and 0 (a free port). */
  port?: number;
  host?: string;
  /** Passed to createDemoPlatform; orders default 20_000 (tests use ~2_000). */
  seed?: number;
  orders?: number;
  /** Passed to createDemoPlatform: students in each school (default 42 % of its orders). */
  studentsPerSchool?: number;
  /** Anchors the demo data's last day (default today, UTC midnight). */
  dataNow?: Date;
  accessTokenTtlSeconds?: number;
  latencyMs?: number;
  /** 0..1: that share of business requests answers 503. */
  errorRate?: number;
  /** Per access token (or per IP when anonymous); null = off (default). */
  rateLimitPerMinute?: number | null;
  /** No request logging (default false: one line per request on stderr, or to `log`). */
  quiet?: boolean;
  log?: (line: string) => void;
  /** The platform's clock in ms, for tests that expire tokens and codes without sleeping. Default Date.now. */
  clock?: () => number;
  /** Random source for the error-rate knob. Default Math.random. */
  random?: () => number;
  /**
   * Operation ids its /openapi.json leaves out, as a platform of an older or smaller plan would describe
   * itself (the routes still answer: the app must not call what the document does not offer).
   */
  openApiOmit?: readonly string[];
  /**
   * Its /openapi.json defines schemas, parameters, request bodies and responses under `components` and refers
   * to them with `$ref` (objects composed with `allOf`), as generated documents do; default: all inline.
   */
  openApiComponents?: boolean;
  /**
   * Operation ids this platform does not have at all: their routes answer 404 and /openapi.json leaves them
   * out. The report operations (getSalesReport …) are the sandbox's own, not the platform spec's: leaving them
   * out is the platform as the spec describes it.
   */
  withoutOperations?: readonly string[];
  /** Replaces the demo business API (the core's own tests host probe routes through the same seam). */
  businessRoutes?: (platform: DemoPlatform) => BusinessRoute[];
  /**
   * Started on an explicit port where an earlier in-process sandbox was closed: the same issuer coming back,
   * so it keeps that one's registered clients, grants, tokens and signing key (default true). The demo data
   * is generated again from the options. false starts with no OAuth state, like a fresh `npm run sandbox`.
   */
  resume?: boolean;
  /**
   * OAuth state saved by an earlier process (Sandbox.saveOAuthState): registered clients, grants and token
   * digests come back, bound to this sandbox's address. `npm start`'s demo platform uses it across restarts.
   */
  savedOAuthState?: SavedOAuthState;
  /** Called after a client, grant or token changed, so the caller can save the state. */
  onOAuthChange?: () => void;
  /**
   * The platform's change journal (change-journal.ts): its entries are replayed over the generated data before
   * the platform listens, and every business write accepted from then on is recorded. `npm start`'s demo
   * platform keeps it on disk, so what the admin changed survives a restart.
   */
  journal?: ChangeJournal;
}

interface OAuthState {
  clients: ClientRegistry;
  tokens: TokenStore;
  signer: IdTokenSigner;
}

/** OAuth state of closed sandboxes that listened on an explicit port, by host:port (see `resume`). */
const closedStates = new Map<string, OAuthState>();

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) = issuer = protected resource. */
  url: string;
  port: number;
  platform: DemoPlatform;
  knobs: { set(patch: Partial<Knobs>): void; get(): Knobs; forgetClient(clientId: string): void; forgetAllClients(): void };
  /** For POST /__sandbox/knobs and /__sandbox/forget-client (header X-Sandbox-Admin). */
  adminSecret: string;
  /** Calls `listener` after each list page is sent (a test changes the data between an app's pages); returns the way to stop. */
  onListPage(listener: (page: ServedPage) => void): () => void;
  /** Holds every page of a list operation (e.g. 'listOrders') unanswered until the returned release, or close. */
  holdList(operationId: string): () => void;
  stats: { requests: number; byPath(): Record<string, number>; reset(): void };
  /** The platform serves this API too (a school's own site in front of it): listed in its metadata, accepted as `resource`. */
  serveResource(url: string): void;
  /** The OAuth state to keep (see SandboxOptions.savedOAuthState): no token in it, only digests. */
  saveOAuthState(): SavedOAuthState;
  /** What replaying SandboxOptions.journal did; null without one. */
  replayed: ReplayResult | null;
  /** Whether it stopped listening (an outage): connections are refused until listenAgain(). */
  readonly offline: boolean;
  /** Stops listening and drops open connections, keeping everything in memory: the platform is unreachable. */
  stopListening(): Promise<void>;
  /** Listens again on the same address: the platform is back, with its data and tokens as they were. */
  listenAgain(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const now = options.clock ?? Date.now;
  // Replaying the journal sets the platform's clock back to each entry's time; otherwise it is `now`.
  let pinned: number | null = null;
  const platformClock = () => pinned ?? now();
  const platform = createDemoPlatform({ seed: options.seed, orders: options.orders ?? 20_000, ...(options.studentsPerSchool !== undefined ? { studentsPerSchool: options.studentsPerSchool } : {}), clock: platformClock, ...(options.dataNow ? { now: options.dataNow } : {}) });
  const knobs = new KnobsStore({
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    latencyMs: options.latencyMs,
    errorRate: options.errorRate,
    rateLimitPerMinute: options.rateLimitPerMinute,
  });
  const address = options.port ? `${host}:${options.port}` : null;
  const resumed = address && options.resume !== false ? closedStates.get(address) : undefined;
  if (address) closedStates.delete(address);
  const oauth: OAuthState = resumed ?? { clients: new ClientRegistry(), tokens: new TokenStore(now), signer: await createIdTokenSigner() };
  oauth.tokens.now = now;
  const ctx: SandboxContext = { baseUrl: '' /* known once listening */, otherResources: new Set(), identity: platform, ...oauth, knobs, now };
  const without = new Set(options.withoutOperations ?? []);
  const plainRoutes = (options.businessRoutes ?? createBusinessRoutes)(platform).filter((route) => !without.has(route.operationId));
  const { journal } = options;
  const replayed = journal
    ? await replayJournal(journal.entries, plainRoutes, (entry) => recordOrderEvent(platform, RecordOrderEvent.parse(entry.body)), (at) => (pinned = at))
    : null;
  const routes = journal ? journaledRoutes(plainRoutes, platformClock, (entry) => journal.record(entry)) : plainRoutes;
  const recordEvent = (input: RecordOrderEvent) => {
    const at = platformClock();
    const answer = recordOrderEvent(platform, input);
    // Kept with the ids it resolved ("the newest paid order" is another one after more writes).
    const resolved: RecordOrderEvent = { kind: input.kind, school_id: answer.school_id, ...(answer.order_id ? { order_id: answer.order_id } : {}), ...(answer.subscription_id ? { subscription_id: answer.subscription_id } : {}) };
    journal?.record({ at, source: 'admin', operationId: 'recordOrderEvent', schoolId: answer.school_id, adminId: null, params: {}, query: '', body: resolved });
    return answer;
  };
  const business = new BusinessHost(ctx, routes, new RateLimiter(now), options.random);
  const stats = new RequestStats();
  const adminSecret = randomBytes(24).toString('base64url');
  const forgetClient = (clientId: string): boolean => {
    ctx.tokens.revokeClient(clientId);
    return ctx.clients.forget(clientId);
  };
  const forgetAllClients = (): void => {
    for (const clientId of ctx.clients.forgetAll()) ctx.tokens.revokeClient(clientId);
  };
  const log = options.quiet ? null : (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)));
  const server = createSandboxServer({ ctx, business, stats, adminSecret, admin: { forgetClient, forgetAllClients, recordOrderEvent: recordEvent }, log, ...(options.openApiOmit ? { openApiOmit: new Set(options.openApiOmit) } : {}), ...(options.openApiComponents ? { openApiComponents: true } : {}) });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
      business.releaseAll();
    });
  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  let offline = false;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  ctx.baseUrl = `http://${shownHost}:${port}`;
  if (options.savedOAuthState && !resumed) restoreOAuthState(options.savedOAuthState, ctx.baseUrl, oauth.clients, oauth.tokens);
  if (options.onOAuthChange) oauth.clients.onChange = oauth.tokens.onChange = options.onOAuthChange;

  return {
    url: ctx.baseUrl,
    port,
    platform,
    knobs: {
      set: (patch) => {
        knobs.set(patch);
      },
      get: () => knobs.get(),
      forgetClient: (clientId) => {
        forgetClient(clientId);
      },
      forgetAllClients,
    },
    adminSecret,
    onListPage: (listener) => business.onListPage(listener),
    holdList: (operationId) => business.holdList(operationId),
    stats,
    serveResource: (url) => {
      ctx.otherResources.add(url.endsWith('/') ? url.slice(0, -1) : url);
    },
    saveOAuthState: () => saveOAuthState(ctx.baseUrl, oauth.clients, oauth.tokens),
    replayed,
    get offline() {
      return offline;
    },
    async stopListening() {
      if (offline) return;
      offline = true;
      await stop();
    },
    async listenAgain() {
      if (!offline) return;
      await listen(port);
      offline = false;
    },
    close: async () => {
      if (!offline) await stop();
      offline = true;
      if (address) closedStates.set(address, oauth);
    },
  };
}
