// What may leave the app for the system browser: http(s) links only, with no credentials in them.
// Everything else (javascript:, file:, data:, custom schemes that launch other programs) is refused.

type ExternalUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const MAX_LENGTH = 4096;

export function checkExternalUrl(raw: unknown): ExternalUrlCheck {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'not a URL' };
  if (raw.length > MAX_LENGTH) return { ok: false, reason: 'URL too long' };
  // Control characters and whitespace can hide a different URL from a person reading it.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u0020\u007f]/.test(raw)) return { ok: false, reason: 'URL contains whitespace or control characters' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `scheme ${url.protocol} is not allowed` };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL are not allowed' };
  if (!url.hostname) return { ok: false, reason: 'no host' };
  return { ok: true, url: url.href };
}
