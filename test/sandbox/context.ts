// What every handler of the sandbox core shares: addresses, the signed-in demo admin and schools, the
// OAuth state, the knobs and the clock (injectable so tests can expire tokens without sleeping).
import type { School } from '../../shared/platform/resources';
import type { ClientRegistry } from './oauth/clients';
import type { IdTokenSigner } from './oauth/jwks';
import type { TokenStore } from './oauth/tokens-store';
import type { KnobsStore } from './knobs';

/** The part of the demo platform the OAuth core needs: who is signed in and which schools they run. */
interface PlatformIdentity {
  admin: { id: string; name: string; email: string };
  schools: School[];
}

export interface SandboxContext {
  /** Base URL without trailing slash: the issuer and the protected resource identifier. */
  baseUrl: string;
  /**
   * APIs besides its own that this sign-in server serves (a school's own site in front of the platform), listed
   * in its metadata's `protected_resources` and accepted as `resource`. Empty unless a test adds one.
   */
  otherResources: Set<string>;
  identity: PlatformIdentity;
  clients: ClientRegistry;
  tokens: TokenStore;
  signer: IdTokenSigner;
  knobs: KnobsStore;
  now: () => number;
}

/** Every API this platform issues tokens for: its own, then the others it serves. */
export function servedResources(ctx: Pick<SandboxContext, 'baseUrl' | 'otherResources'>): string[] {
  return [ctx.baseUrl, ...ctx.otherResources];
}

export const endpointsOf = (baseUrl: string) => ({
  issuer: baseUrl,
  resource: baseUrl,
  authorization: `${baseUrl}/oauth/authorize`,
  consentDecision: `${baseUrl}/oauth/authorize/decision`,
  token: `${baseUrl}/api/oauth/token`,
  registration: `${baseUrl}/api/oauth/register`,
  userinfo: `${baseUrl}/api/oauth/userinfo`,
  revocation: `${baseUrl}/api/oauth/revoke`,
  jwks: `${baseUrl}/.well-known/jwks.json`,
  protectedResourceMetadata: `${baseUrl}/.well-known/oauth-protected-resource`,
  authorizationServerMetadata: `${baseUrl}/.well-known/oauth-authorization-server`,
  openidConfiguration: `${baseUrl}/.well-known/openid-configuration`,
  openapi: `${baseUrl}/openapi.json`,
  authMd: `${baseUrl}/auth.md`,
});
