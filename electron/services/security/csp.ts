// The Content-Security-Policy every page of the app is served with (app:// protocol and the browser
// host alike): only our own files, no eval, no remote code, no framing, no forms, no <base> tricks.
// style-src allows inline styles because React's `style` attribute needs it; scripts never run inline.

export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'none'"],
};

export interface CspOptions {
  /**
   * Development with the Vite dev server only (never packaged): its HMR websocket and React refresh's inline
   * preamble. Must be a loopback origin; anything else is refused.
   */
  devServerOrigin?: string;
}

export function buildContentSecurityPolicy(options: CspOptions = {}): string {
  const directives = Object.fromEntries(Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]));
  if (options.devServerOrigin) {
    const origin = loopbackOrigin(options.devServerOrigin);
    const ws = origin.replace(/^http/, 'ws');
    directives['script-src']!.push("'unsafe-inline'");
    directives['connect-src']!.push(origin, ws);
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The other headers every response of ours carries. */
export function securityHeaders(csp: string = buildContentSecurityPolicy()): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

function loopbackOrigin(value: string): string {
  const url = new URL(value);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (!loopback || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error('The dev server must be a loopback http(s) URL.');
  }
  return url.origin;
}

export function isLoopbackDevServerUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    loopbackOrigin(value);
    return true;
  } catch {
    return false;
  }
}
