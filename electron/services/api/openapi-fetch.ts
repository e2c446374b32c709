// Where the platform's /openapi.json is read, and how: unauthenticated, and never anywhere else. A redirect
// is followed only on the API's own origin; one that leads elsewhere is refused, so an answer from the
// platform cannot make the app fetch an address of its choosing (blind SSRF from the admin's computer).
import { t } from '../../../shared/i18n/i18n';
import { AppError } from '../../../shared/errors';
import { hostOf } from '../net/guarded-fetch';

const MAX_REDIRECTS = 5;

/** The API's path first (an API named under `/api` may serve its own), then the origin's (where the spec serves it). */
export function openApiAddresses(apiBase: string): string[] {
  return [...new Set([`${apiBase.replace(/\/+$/, '')}/openapi.json`, `${new URL(apiBase).origin}/openapi.json`])];
}

/** GET `url`, following at most five redirects, each on the same origin; a redirect elsewhere is `bad_response`. */
export async function fetchOpenApi(http: typeof fetch, url: string, signal?: AbortSignal): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const response = await http(current, { headers: { accept: 'application/json' }, redirect: 'manual', ...(signal ? { signal } : {}) });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch (cause) {
      throw new AppError('bad_response', t('errors:main.openApiBadRedirect', { host: hostOf(current.href) }), { cause });
    }
    if (next.origin !== current.origin) {
      throw new AppError('bad_response', t('errors:main.openApiOtherSite', { host: hostOf(current.href), site: next.origin }));
    }
    if (hop === MAX_REDIRECTS) throw new AppError('bad_response', t('errors:main.openApiRedirects', { host: hostOf(current.href) }));
    current = next;
  }
}
