// Maps a request path to a file of the built renderer, for the app:// protocol and the browser host alike.
// A path that decodes to something outside the root (../, encoded %2e%2e, backslashes, NUL) is refused;
// a route without a file extension is the single-page app's index.html.
import { extname, resolve, sep } from 'node:path';

type StaticFileResolution = { ok: true; path: string; contentType: string } | { ok: false; status: 400 | 404 };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

function contentTypeFor(path: string): string | undefined {
  return CONTENT_TYPES[extname(path).toLowerCase()];
}

/** `pathname` is the URL's raw (still percent-encoded) path, e.g. "/assets/index-abc.js". */
export function resolveStaticFile(rootDir: string, pathname: string): StaticFileResolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 400 };
  const segments = decoded.split('/').filter((segment) => segment.length > 0);
  if (segments.some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 400 };

  const relative = segments.length === 0 || !extname(segments[segments.length - 1]!) ? 'index.html' : segments.join('/');
  const root = resolve(rootDir);
  const path = resolve(root, relative);
  if (path !== root && !path.startsWith(root + sep)) return { ok: false, status: 400 };
  const contentType = contentTypeFor(path);
  if (!contentType) return { ok: false, status: 404 };
  return { ok: true, path, contentType };
}
