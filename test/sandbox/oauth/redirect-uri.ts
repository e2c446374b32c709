// Self-service registration accepts only loopback redirects of the form http://127.0.0.1:<port>/<path>
// (spec "Authentication" 4). At authorization time the port may differ from the registered one, because a
// native app listens on whatever port is free (RFC 8252 §7.3); scheme, host, path and query must not.

type RedirectCheck = { ok: true; url: URL } | { ok: false; reason: string };

export function checkLoopbackRedirect(value: unknown): RedirectCheck {
  if (typeof value !== 'string' || value.length === 0) return { ok: false, reason: 'a redirect URI must be a non-empty string' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: `"${value}" is not an absolute URI` };
  }
  if (url.protocol === 'https:') {
    return { ok: false, reason: `"${value}" is a fixed HTTPS callback: self-service registration accepts loopback redirects only; such clients need an integration arranged out of band` };
  }
  if (url.protocol !== 'http:') return { ok: false, reason: `"${value}" is not an http://127.0.0.1 loopback redirect` };
  if (url.hostname !== '127.0.0.1') {
    return { ok: false, reason: `"${value}" must use the loopback IP literal 127.0.0.1 (not "${url.hostname}")` };
  }
  if (url.hash || value.includes('#')) return { ok: false, reason: `"${value}" must not contain a fragment` };
  if (url.username || url.password) return { ok: false, reason: `"${value}" must not contain user information` };
  return { ok: true, url };
}

/** Does `requested` match one registered loopback redirect, ignoring the port only? */
export function matchesRegisteredRedirect(requested: string, registered: readonly string[]): boolean {
  const check = checkLoopbackRedirect(requested);
  if (!check.ok) return false;
  const wanted = check.url;
  return registered.some((candidate) => {
    const url = new URL(candidate);
    return url.protocol === wanted.protocol && url.hostname === wanted.hostname && url.pathname === wanted.pathname && url.search === wanted.search;
  });
}
