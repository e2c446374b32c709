// Step 2, register: a native public client (RFC 7591, RFC 8252) for one issuer and one loopback redirect.
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { hostOf } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { toAppError } from './oauth-errors';

const CLIENT_NAME = 'School Companion (desktop)';

export const RegisteredClient = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The redirect it was registered for: a different one means registering again. */
  redirectUri: z.string().nullable(),
  authMethod: z.enum(['none', 'client_secret_post']),
  preRegistered: z.boolean(),
  registeredAt: z.string(),
});
export type RegisteredClient = z.infer<typeof RegisteredClient>;

export async function registerNativeClient(
  as: oauth.AuthorizationServer,
  redirectUri: string,
  deps: { http: typeof fetch; now: () => number; signal?: AbortSignal },
): Promise<{ client: RegisteredClient; secret: string | null }> {
  if (!as.registration_endpoint) {
    throw new AppError('registration_refused', `${hostOf(as.issuer)} does not let apps register themselves; ask the platform for a client id and configure it.`);
  }
  // The errors name the server that answered: the registration endpoint's.
  const host = hostOf(as.registration_endpoint);
  let registered: Awaited<ReturnType<typeof oauth.processDynamicClientRegistrationResponse>>;
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: CLIENT_NAME,
        application_type: 'native',
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      oauthOptions(as.registration_endpoint, deps.http, deps.signal),
    );
    registered = await oauth.processDynamicClientRegistrationResponse(response);
  } catch (error) {
    throw toAppError(error, 'registration', host);
  }
  // Asked for a public client, a platform may still hand out a secret (the spec leaves it open): then the
  // secret goes to the vault and is sent with client_secret_post, the one confidential method the spec names.
  const secret = typeof registered.client_secret === 'string' && registered.client_secret.length > 0 ? registered.client_secret : null;
  const method = registered.token_endpoint_auth_method ?? (secret ? 'client_secret_post' : 'none');
  if (method !== 'none' && method !== 'client_secret_post') {
    throw new AppError('registration_refused', `${host} registered the app for "${String(method).slice(0, 60)}" client authentication, which the app does not support (it supports none and client_secret_post).`);
  }
  if (method === 'client_secret_post' && !secret) {
    throw new AppError('registration_refused', `${host} registered the app as a confidential client but sent no client secret.`);
  }
  return {
    client: {
      issuer: as.issuer,
      clientId: registered.client_id,
      redirectUri,
      authMethod: method,
      preRegistered: false,
      registeredAt: new Date(deps.now()).toISOString(),
    },
    secret: method === 'client_secret_post' ? secret : null,
  };
}
