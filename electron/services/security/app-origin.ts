// Our renderer's origin. For app:// (a non-special scheme) WHATWG URL reports origin "null", so origins are
// compared by scheme, host and port explicitly.

export const APP_SCHEME = 'app';
export const APP_HOST = 'school-companion';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export function isSameAppOrigin(candidate: string, appOrigin: string): boolean {
  const a = parse(candidate);
  const b = parse(appOrigin);
  if (!a || !b) return false;
  return a.protocol === b.protocol && a.host === b.host && a.host !== '';
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
