// Where a business operation lives. The platform's paths (`/api/v1/school`) are relative to its base address,
// and a platform may name its API by a resource under a path of that address (`https://school.example/api`).
// Joining the two naively gives `/api/api/v1/school`; the resource's path is used once.

/**
 * The URL of `path` (an operation path, starting with `/`) for the API at `apiBase`. When `path` already
 * starts with apiBase's path, it is resolved against apiBase's origin; otherwise it goes under apiBase's path.
 * The origin is always apiBase's, whatever the path holds (`//other.example` stays a path).
 */
export function businessUrl(apiBase: string, path: string): URL {
  const base = new URL(apiBase);
  const prefix = base.pathname.replace(/\/+$/, '');
  const full = prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path : `${prefix}${path}`;
  const url = new URL(`${base.origin}${full.startsWith('/') ? '' : '/'}${full}`);
  if (url.origin !== base.origin) throw new Error(`${path} leaves ${base.origin}`);
  return url;
}
