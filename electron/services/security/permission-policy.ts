// The app needs no browser permission (camera, notifications, geolocation, clipboard reading, HID, ...), so
// every request and check is refused, with one exception: the app's own page may write text to the clipboard
// ("Copy e-mails" uses navigator.clipboard.writeText, which Electron refuses unless this is allowed).
// Named policies rather than inline callbacks so they are tested.

interface PermissionDecision {
  granted: boolean;
}

/** What only the app's own page may have: sanitized clipboard writes (plain text, never a read). */
const APP_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    // Custom schemes (app://school-companion) have an opaque origin in WHATWG terms: compare scheme + host.
    if (origin !== 'null') return origin;
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

function grantedTo(permission: string, requestingUrl: string | undefined, appOrigin: string): boolean {
  return APP_ONLY_PERMISSIONS.has(permission) && originOf(requestingUrl) === originOf(appOrigin);
}

/** A permission request from a page; `requestingUrl` is the frame's URL as Electron reports it. */
export function decidePermissionRequest(permission: string, requestingUrl: string | undefined, appOrigin: string): PermissionDecision {
  return { granted: grantedTo(permission, requestingUrl, appOrigin) };
}

/** A synchronous permission check (navigator.permissions.query, or Chromium before a request). */
export function decidePermissionCheck(permission: string, requestingOrigin: string | undefined, appOrigin: string): boolean {
  return grantedTo(permission, requestingOrigin, appOrigin);
}
