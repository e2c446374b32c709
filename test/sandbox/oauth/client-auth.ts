// Client authentication at the token and revocation endpoints: client_id in the body, plus client_secret
// for confidential clients (client_secret_post). HTTP Basic is not offered; a client that tries it gets
// 401 with a Basic challenge, as RFC 6749 §5.2 requires for a client that used the Authorization header.
import type { IncomingMessage } from 'node:http';
import type { SandboxContext } from '../context';
import { HttpError } from '../http/request';
import type { RegisteredClient } from './clients';

export function authenticateClient(ctx: SandboxContext, req: IncomingMessage, form: Map<string, string>): RegisteredClient {
  const authorization = req.headers.authorization;
  if (authorization && /^basic /i.test(authorization)) {
    throw new HttpError(401, 'invalid_client', 'HTTP Basic client authentication is not supported: use client_secret_post.', {
      'WWW-Authenticate': `Basic realm="${ctx.baseUrl}"`,
    });
  }
  const clientId = form.get('client_id');
  if (!clientId) throw new HttpError(401, 'invalid_client', 'client_id is required.');
  const client = ctx.clients.get(clientId);
  if (!client) throw new HttpError(401, 'invalid_client', 'Unknown client: it is not registered with this platform (or was forgotten). Register again.');
  const secret = form.get('client_secret');
  if (client.authMethod === 'client_secret_post') {
    if (!secret) throw new HttpError(401, 'invalid_client', 'This confidential client must send its client_secret in the body.');
    if (!ctx.clients.secretMatches(client, secret)) throw new HttpError(401, 'invalid_client', 'Wrong client_secret.');
  } else if (secret !== undefined) {
    throw new HttpError(401, 'invalid_client', 'This client registered as public (token_endpoint_auth_method none) and must not send a client_secret.');
  }
  return client;
}
