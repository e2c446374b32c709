// Hosts the business routes behind the seam (http/business-route.ts): finds the route, authenticates the
// caller, enforces the route's scope, applies the error-rate, rate-limit and page-size knobs, parses the JSON
// body, turns a BusinessError into { error, error_description }, and tells a test each list page it served.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scope } from '../../shared/scopes';
import type { SandboxContext } from './context';
import { BusinessError, type BusinessRoute, type Caller } from './http/business-route';
import { compilePathPattern, type PathPattern } from './http/path-pattern';
import { HttpError, readJsonBody } from './http/request';
import { sendJson } from './http/respond';
import { authenticateBearer, insufficientScope, tokenRequired } from './protected-resource';
import type { RateLimiter } from './rate-limit';

interface CompiledRoute {
  route: BusinessRoute;
  pattern: PathPattern;
}

/** A list page just served (a test changes the platform's data between pages with it). */
export interface ServedPage {
  operationId: string;
  query: URLSearchParams;
  /** How many records it held. */
  records: number;
}

export class BusinessHost {
  readonly #routes: CompiledRoute[];
  readonly #pageListeners = new Set<(page: ServedPage) => void>();
  /** Which of the pageSizes knob's sizes the next list page takes. */
  #pageTurn = 0;
  /** List operations held unanswered (holdList), each with the waits of the requests held so far. */
  readonly #held = new Map<string, Set<() => void>>();

  constructor(
    private readonly ctx: SandboxContext,
    routes: BusinessRoute[],
    private readonly limiter: RateLimiter,
    private readonly random: () => number = Math.random,
  ) {
    this.#routes = routes.map((route) => ({ route, pattern: compilePathPattern(route.path) }));
  }

  get routes(): BusinessRoute[] {
    return this.#routes.map((r) => r.route);
  }

  /** Calls `listener` after each list page is sent; returns the way to stop. */
  onListPage(listener: (page: ServedPage) => void): () => void {
    this.#pageListeners.add(listener);
    return () => this.#pageListeners.delete(listener);
  }

  /**
   * Holds every page of one list operation unanswered until `release` (a platform stuck in the middle of a
   * long list): a test stops the platform while a sync is under way, without racing it. Closing releases too.
   */
  holdList(operationId: string): () => void {
    const waiting = this.#held.get(operationId) ?? new Set<() => void>();
    this.#held.set(operationId, waiting);
    return () => {
      if (this.#held.get(operationId) !== waiting) return;
      this.#held.delete(operationId);
      for (const go of waiting) go();
    };
  }

  /** Lets every held request go (the server is closing: their sockets are gone, nothing is sent). */
  releaseAll(): void {
    for (const waiting of this.#held.values()) for (const go of waiting) go();
    this.#held.clear();
  }

  /** false when no route has this path, so the server can answer 404. */
  async handle(req: IncomingMessage, url: URL, res: ServerResponse): Promise<boolean> {
    const matching = this.#routes
      .map((compiled) => ({ compiled, params: compiled.pattern.match(url.pathname) }))
      .filter((m): m is { compiled: CompiledRoute; params: Record<string, string> } => m.params !== null);
    if (matching.length === 0) return false;
    const hit = matching.find((m) => m.compiled.route.method === req.method);
    if (!hit) {
      const allowed = [...new Set(matching.map((m) => m.compiled.route.method))].join(', ');
      throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed}.`, { Allow: allowed });
    }
    const { route } = hit.compiled;
    const caller = this.#caller(req, url, route);

    const knobs = this.ctx.knobs.get();
    if (knobs.rateLimitPerMinute !== null) {
      const key = caller.token ?? `ip:${req.socket.remoteAddress ?? 'unknown'}`;
      const decision = this.limiter.take(key, knobs.rateLimitPerMinute);
      if (!decision.allowed) {
        throw new HttpError(429, 'rate_limited', `Too many requests: at most ${knobs.rateLimitPerMinute} per minute. Retry after ${decision.retryAfterSeconds} s.`, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
    }
    if (knobs.errorRate > 0 && this.random() < knobs.errorRate) {
      throw new HttpError(503, 'temporarily_unavailable', 'The platform is briefly unavailable (sandbox error-rate knob). Try again.', { 'Retry-After': '1' });
    }

    const list = req.method === 'GET' && route.operationId.startsWith('list');
    const held = this.#held.get(route.operationId);
    if (held) {
      await new Promise<void>((go) => held.add(go));
      // Closed meanwhile: the caller is gone.
      if (res.destroyed) return true;
    }
    let query = url.searchParams;
    if (list && knobs.pageSizes) {
      // Fewer records than asked, a different number each page: the cursor still says where the next page starts.
      const size = knobs.pageSizes[this.#pageTurn++ % knobs.pageSizes.length]!;
      const asked = Number(query.get('limit') ?? 100);
      if (Number.isInteger(asked) && asked > size) {
        query = new URLSearchParams(query);
        query.set('limit', String(size));
      }
    }
    if (list && knobs.ignoredFilters?.some((name) => query.has(name))) {
      query = new URLSearchParams(query);
      for (const name of knobs.ignoredFilters) query.delete(name);
    }
    const body = req.method === 'GET' ? undefined : await readJsonBody(req, { required: false });
    let records: number;
    try {
      const answer = await route.handle({ caller: caller.caller, params: hit.params, query, body });
      sendJson(res, answer.status, answer.body);
      records = ((answer.body as { data?: unknown[] }).data ?? []).length;
    } catch (error) {
      if (error instanceof BusinessError) throw new HttpError(error.status, error.code, error.message, {}, { cause: error });
      throw error;
    }
    if (list) for (const listener of this.#pageListeners) listener({ operationId: route.operationId, query, records });
    return true;
  }

  #caller(req: IncomingMessage, url: URL, route: BusinessRoute): { caller: Caller; token: string | null } {
    const bearer = authenticateBearer(this.ctx, req, url);
    if (bearer.kind === 'anonymous') {
      if (!route.anonymous) throw tokenRequired(this.ctx);
      return { caller: { schoolId: this.#anonymousSchool(url), adminId: null, scopes: new Set() }, token: null };
    }
    if (!bearer.accessToken.scopes.includes(route.scope)) throw insufficientScope(this.ctx, route.scope);
    return {
      caller: { schoolId: bearer.grant.schoolId, adminId: bearer.grant.adminId, scopes: new Set(bearer.accessToken.scopes as Scope[]) },
      token: bearer.token,
    };
  }

  /** Anonymous callers pick the school with ?school=<id or subdomain>; default the first demo school. */
  #anonymousSchool(url: URL): string {
    const schools = this.ctx.identity.schools;
    const wanted = url.searchParams.get('school');
    if (wanted === null) return schools[0]!.id;
    const school = schools.find((s) => s.id === wanted || s.subdomain === wanted);
    if (!school) throw new HttpError(400, 'invalid_request', `Unknown school "${wanted}": use one of ${schools.map((s) => s.subdomain).join(', ')}.`);
    return school.id;
  }
}
