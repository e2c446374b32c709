// The platform's raw lists, as a test's own OAuth client reads them over HTTP: the input of the figures oracle
// (figures-oracle.ts). A token comes from the platform's real flow (registration, PKCE, the consent page answered
// in Chromium); nothing here reads the sandbox's memory or goes through the app's code.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Coupon, Course, Curriculum, Enrollment, Order, School, Subscription } from '../../shared/platform/resources';
import { consentClicker } from './consent-browser';

/** Every read scope the figures need. */
export const FIGURE_SCOPES = ['school:read', 'courses:read', 'curriculum:read', 'orders:read', 'analytics:read', 'students:read', 'subscriptions:read', 'coupons:read'];

export interface RawApi {
  /** A GET that must answer 200. */
  get<T>(path: string): Promise<T>;
  /** Every item of a list, page by page (1000 a page). */
  list<T>(path: string): Promise<T[]>;
}

/** An access token for one school (by subdomain; default the one the consent page preselects), consent answered in Chromium. */
export async function platformToken(baseUrl: string, browser: Browser | BrowserContext, options: { scopes?: readonly string[]; school?: string } = {}): Promise<string> {
  let arrived: (url: URL) => void = () => undefined;
  const callback = new Promise<URL>((resolve) => (arrived = resolve));
  const receiver = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('connection', 'close');
    res.end('You can close this tab.');
    if (url.pathname === '/raw-records') arrived(url);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/raw-records`;
    const registered = await fetch(`${baseUrl}/api/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Figures check', application_type: 'native', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${baseUrl}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id,
      redirect_uri: redirectUri,
      scope: ['openid', ...(options.scopes ?? FIGURE_SCOPES)].join(' '),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'raw-records',
    }).toString();
    await consentClicker(browser, { decision: 'Allow', ...(options.school ? { school: options.school } : {}) })(authorize.href);
    const code = (await callback).searchParams.get('code');
    if (!code) throw new Error('The platform sent no authorization code.');
    const answer = await fetch(`${baseUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id, code_verifier: verifier }),
    });
    const { access_token } = (await answer.json()) as { access_token?: string };
    if (!access_token) throw new Error(`The platform issued no token (HTTP ${answer.status}).`);
    return access_token;
  } finally {
    receiver.close();
  }
}

export function rawApi(baseUrl: string, token: string): RawApi {
  const get = async <T,>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    get,
    async list<T>(path: string): Promise<T[]> {
      const out: T[] = [];
      let cursor: string | null = null;
      do {
        const sep = path.includes('?') ? '&' : '?';
        const page: { data: T[]; meta: { next_cursor: string | null } } = await get(`${path}${sep}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        out.push(...page.data);
        cursor = page.meta.next_cursor;
      } while (cursor);
      return out;
    },
  };
}

/** Everything of one school the figures are computed from. */
export interface RawSchool {
  school: School;
  orders: Order[];
  enrollments: Enrollment[];
  courses: Course[];
  subscriptions: Subscription[];
  coupons: Coupon[];
}

export async function readRawSchool(api: RawApi): Promise<RawSchool> {
  const [school, orders, enrollments, courses, subscriptions, coupons] = await Promise.all([
    api.get<School>('/api/v1/school'),
    api.list<Order>('/api/v1/orders'),
    api.list<Enrollment>('/api/v1/enrollments'),
    api.list<Course>('/api/v1/courses'),
    api.list<Subscription>('/api/v1/subscriptions'),
    api.list<Coupon>('/api/v1/coupons'),
  ]);
  return { school, orders, enrollments, courses, subscriptions, coupons };
}

export function readCurriculum(api: RawApi, courseId: string): Promise<Curriculum> {
  return api.get<Curriculum>(`/api/v1/courses/${encodeURIComponent(courseId)}/curriculum`);
}

/** The query string of a report call. */
export function reportQuery(q: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, typeof v === 'number' ? new Date(v).toISOString() : v);
  return params.toString();
}
