// A real OAuth client (oauth4webapi) and a loopback receiver, for driving the sandbox over HTTP the way
// the app does. Consent goes through real Chromium (test/support/consent-browser.ts), never around it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker, type ConsentOptions } from '../../support/consent-browser';

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface LoopbackReceiver {
  port: number;
  redirectUri: string;
  /** The next callback the browser delivers (its full URL); rejects after `timeoutMs` (default 20 s). */
  next(timeoutMs?: number): Promise<URL>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/callback'): Promise<LoopbackReceiver> {
  const arrived: URL[] = [];
  const waiting: ((url: URL) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Done</title><p>You can return to the app.</p>');
    if (url.pathname !== path) return; // e.g. /favicon.ico
    const full = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const waiter = waiting.shift();
    if (waiter) waiter(full);
    else arrived.push(full);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    redirectUri: `http://127.0.0.1:${port}${path}`,
    next: (timeoutMs = 20_000) => {
      const ready = arrived.shift();
      if (ready) return Promise.resolve(ready);
      // A waiter left behind by a failed test must not swallow the next test's callback.
      return new Promise<URL>((resolve, reject) => {
        const waiter = (url: URL) => {
          clearTimeout(timer);
          resolve(url);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`No callback at ${path} within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What the OAuth conformance tests sign in with: a sandbox, Chromium for its consent page, a loopback
 * receiver and one client registered for it. `close` ends whatever started. */
export interface OAuthRig {
  sandbox: Sandbox;
  browser: Browser;
  as: oauth.AuthorizationServer;
  receiver: LoopbackReceiver;
  client: oauth.Client;
  close(): Promise<void>;
}

export async function startOAuthRig(options: SandboxOptions = {}): Promise<OAuthRig> {
  let sandbox: Sandbox | undefined;
  let browser: Browser | undefined;
  let receiver: LoopbackReceiver | undefined;
  const close = async () => {
    await Promise.all([receiver?.close(), browser?.close(), sandbox?.close()]);
  };
  try {
    [sandbox, browser] = await Promise.all([startSandbox({ orders: 200, quiet: true, ...options }), launchChromium()]);
    const as = await discover(sandbox.url);
    receiver = await startReceiver('/callback');
    const client = await register(as, [receiver.redirectUri]);
    return { sandbox, browser, as, receiver, client, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  const response = await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure });
  return oauth.processDiscoveryResponse(url, response);
}

export async function register(
  as: oauth.AuthorizationServer,
  redirectUris: string[],
  authMethod: 'none' | 'client_secret_post' = 'none',
): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: 'Conformance suite', application_type: 'native', redirect_uris: redirectUris, token_endpoint_auth_method: authMethod },
    insecure,
  );
  return (await oauth.processDynamicClientRegistrationResponse(response)) as oauth.Client;
}

export function clientAuth(client: oauth.Client): oauth.ClientAuth {
  return client.token_endpoint_auth_method === 'client_secret_post' ? oauth.ClientSecretPost(String(client.client_secret)) : oauth.None();
}

export interface AuthorizationAttempt {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  url: URL;
}

/** Builds a valid authorization URL; `override` replaces (or with null removes) parameters to test errors. */
export async function authorizationUrl(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  redirectUri: string,
  scope: string,
  override: Record<string, string | null> = {},
): Promise<AuthorizationAttempt> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...override,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return { verifier, state, nonce, redirectUri, url };
}

/** Opens the URL in Chromium, answers the consent page, and returns what the receiver got. */
export async function consent(browser: Browser, receiver: LoopbackReceiver, url: URL, options: ConsentOptions): Promise<URL> {
  const callback = receiver.next();
  try {
    await consentClicker(browser, options)(url.href);
  } catch (error) {
    callback.catch(() => undefined); // the click failed; its callback will never come
    throw error;
  }
  return callback;
}

interface SignedIn {
  client: oauth.Client;
  tokens: oauth.TokenEndpointResponse;
  attempt: AuthorizationAttempt;
}

/** The whole happy path: authorize with Allow, validate the callback, redeem the code. */
export async function signIn(
  browser: Browser,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  receiver: LoopbackReceiver,
  scope: string,
  options: { school?: string; resource?: string } = {},
): Promise<SignedIn> {
  const attempt = await authorizationUrl(as, client, receiver.redirectUri, scope, options.resource ? { resource: options.resource } : {});
  const callback = await consent(browser, receiver, attempt.url, { decision: 'Allow', ...(options.school ? { school: options.school } : {}) });
  const params = oauth.validateAuthResponse(as, client, callback, attempt.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth(client), params, attempt.redirectUri, attempt.verifier, {
    ...insecure,
    ...(options.resource ? { additionalParameters: { resource: options.resource } } : {}),
  });
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: scope.split(' ').includes('openid') ? attempt.nonce : oauth.expectNoNonce,
  });
  return { client, tokens, attempt };
}

/** A plain form POST, for the cases a well-behaved client library refuses to send. */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
}

/** Where a redirect from the authorization endpoint goes, without following it. */
export async function authorizeRedirect(url: URL): Promise<{ status: number; location: URL | null; body: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location) : null, body: await response.text() };
}
