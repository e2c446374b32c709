// oauth4webapi's per-call options, the same for every OAuth step: our guarded fetch, and plain http only
// for a loopback endpoint (the sandbox, a local test platform).
import * as oauth from 'oauth4webapi';
import { isLoopbackUrl } from '../net/guarded-fetch';

/** Options for oauth4webapi calls: our fetch, and plain http only for a loopback endpoint. */
export function oauthOptions(url: URL | string, http: typeof fetch, signal?: AbortSignal) {
  return {
    // oauth4webapi hands our fetch only bodies fetch accepts (strings, URLSearchParams, bytes).
    [oauth.customFetch]: http as unknown as (url: string, init: oauth.CustomFetchOptions<string, oauth.ProtectedResourceRequestBody>) => Promise<Response>,
    [oauth.allowInsecureRequests]: isLoopbackUrl(url),
    ...(signal ? { signal } : {}),
  };
}
