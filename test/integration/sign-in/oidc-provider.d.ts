// The little of oidc-provider's API the certified-provider test uses (the package ships no types; the
// DefinitelyTyped ones lag its major versions).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderClient {
    grantTypeAllowed(grant: string): boolean;
  }

  interface ResourceServerInfo {
    scope: string;
    audience: string;
    accessTokenFormat: 'jwt' | 'opaque';
    accessTokenTTL?: number;
    jwt?: { sign?: { alg: string } };
  }

  interface ProviderConfiguration {
    features?: {
      registration?: { enabled: boolean };
      revocation?: { enabled: boolean; allowedPolicy?: (ctx: unknown, client: ProviderClient & { clientId: string }, token: { clientId: string }) => Promise<boolean> };
      userinfo?: { enabled: boolean };
      devInteractions?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: unknown, client: ProviderClient, oneOf?: string[]) => Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: unknown, model: unknown) => Promise<boolean>;
        getResourceServerInfo: (ctx: unknown, indicator: string, client: ProviderClient) => Promise<ResourceServerInfo>;
      };
    };
    pkce?: { required?: (ctx: unknown, client: ProviderClient) => boolean };
    claims?: Record<string, string[]>;
    issueRefreshToken?: (ctx: unknown, client: ProviderClient, code: unknown) => Promise<boolean>;
    rotateRefreshToken?: boolean;
    ttl?: Record<string, number>;
    findAccount?: (ctx: unknown, id: string) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    proxy: boolean;
    on(event: string, listener: (...args: never[]) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    static errors: { InvalidTarget: new (description?: string) => Error };
  }
}
