// One rule for "your school's address", used by the Connect screen while the admin types and by the main
// process before it fetches anything. Pure: no DOM, no Node (URL is a global in both runtimes). The words
// are the catalogue's, in the realm's current language.
import { t } from './i18n/i18n';

type SchoolAddressResult = { ok: true; url: string } | { ok: false; message: string };

// shared/ is type-checked without DOM or Node types; WHATWG URL is a global in every runtime we target.
interface WhatwgUrl { protocol: string; hostname: string; username: string; password: string; hash: string; search: string; pathname: string; origin: string }
declare const URL: new (input: string) => WhatwgUrl;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Trims, adds https:// when no scheme is given (http:// for loopback hosts), refuses anything but http(s), allows plain http only for
 * loopback hosts (the local sandbox), refuses credentials, query and fragment. Returns the origin plus
 * path without a trailing slash, e.g. "https://school.example.com" or "http://127.0.0.1:4000".
 */
export function normalizeSchoolAddress(input: string): SchoolAddressResult {
  const trimmed = input.trim();
  if (trimmed.length === 0) return { ok: false, message: t('errors:address.empty') };
  if (trimmed.length > 2048) return { ok: false, message: t('errors:address.tooLong') };
  if (/\s/.test(trimmed)) return { ok: false, message: t('errors:address.spaces') };

  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed);
  // Without a scheme: https, except for this computer where the local sandbox speaks plain http.
  const bareHost = trimmed.split(/[/:]/, 1)[0]?.toLowerCase() ?? '';
  const candidate = hasScheme ? trimmed : `${isLoopbackHost(bareHost) ? 'http' : 'https'}://${trimmed}`;
  let url: WhatwgUrl;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: t('errors:address.notAddress') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: t('errors:address.scheme') };
  }
  if (!url.hostname) return { ok: false, message: t('errors:address.noHost') };
  if (url.username || url.password) return { ok: false, message: t('errors:address.credentials') };
  if (url.hash || trimmed.includes('#')) return { ok: false, message: t('errors:address.fragment') };
  if (url.search) return { ok: false, message: t('errors:address.query') };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: t('errors:address.https') };
  }
  if (!url.hostname.includes('.') && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: t('errors:address.incomplete') };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}
