// The renderer's home: app://school-companion/, served from the built renderer files with our CSP and
// safe headers. The scheme must be declared privileged before the app is ready (standard + secure, so it
// gets a real origin, localStorage and fetch), then handled per session once it is.
import { net, protocol } from 'electron';
import type { Session } from 'electron';
import { pathToFileURL } from 'node:url';
import { APP_HOST, APP_SCHEME } from '../services/security/app-origin';
import { securityHeaders } from '../services/security/csp';
import { resolveStaticFile } from '../services/security/static-files';

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

export function serveAppProtocol(session: Session, rendererDir: string, csp: string): void {
  session.protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response('Not found', { status: 404 });
    const rawPath = request.url.slice(`${APP_SCHEME}://${APP_HOST}`.length).split(/[?#]/, 1)[0] || '/';
    const resolved = resolveStaticFile(rendererDir, rawPath);
    if (!resolved.ok) return new Response(resolved.status === 404 ? 'Not found' : 'Bad request', { status: resolved.status });
    const file = await net.fetch(pathToFileURL(resolved.path).href).catch(() => null);
    if (!file || !file.ok) return new Response('Not found', { status: 404 });
    const headers = new Headers(securityHeaders(csp));
    headers.set('Content-Type', resolved.contentType);
    return new Response(file.body, { status: 200, headers });
  });
}
