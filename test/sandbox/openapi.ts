// /openapi.json (OpenAPI 3.1): the OAuth endpoints and every business route, each operation with the scope
// it needs both as the standard `security` requirement and as `x-required-scope` for simple readers.
import { ALL_SCOPES, describeScope } from '../../shared/scopes';
import { endpointsOf } from './context';
import type { BusinessRoute } from './http/business-route';
import { withComponents } from './openapi-components';

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' } },
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const jsonBody = (schema: unknown) => ({ 'application/json': { schema } });
const formBody = (properties: Record<string, unknown>, required: string[]) => ({
  'application/x-www-form-urlencoded': { schema: { type: 'object', properties, required } },
});
const str = (description: string) => ({ type: 'string', description });

function pathParameters(path: string) {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
}

function businessOperation(route: BusinessRoute) {
  const parameters = [
    ...pathParameters(route.path),
    ...(route.queryParameters ?? []).map((q) => ({ name: q.name, in: 'query', required: q.required ?? false, description: q.description, schema: q.schema ?? { type: 'string' } })),
  ];
  const security = route.anonymous ? [{}, { oauth2: [route.scope] }] : [{ oauth2: [route.scope] }];
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.path.split('/')[3] ?? 'api'],
    security,
    'x-required-scope': route.scope,
    ...(route.anonymous ? { 'x-anonymous': 'Served without a token, reduced to public data.' } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.requestBodySchema ? { requestBody: { required: true, content: jsonBody(route.requestBodySchema) } } : {}),
    responses: {
      '200': { description: 'OK', content: jsonBody(route.responseSchema ?? {}) },
      '400': errorResponse('invalid_request: a bad parameter, named in error_description'),
      '401': errorResponse('invalid_token, or no token on an endpoint that needs one (WWW-Authenticate names the resource metadata)'),
      '403': errorResponse('insufficient_scope (WWW-Authenticate names the scope)'),
      '404': errorResponse('not_found'),
      '429': errorResponse('rate_limited (Retry-After in seconds)'),
    },
  };
}

/**
 * `omit`: operation ids left out of the document (a platform that offers fewer operations); `style`: every
 * schema inline, or defined under `components` and referred to with `$ref` and `allOf` as generated documents
 * do (./openapi-components.ts). See docs/sandbox.md.
 */
export function buildOpenApi(baseUrl: string, routes: BusinessRoute[], omit: ReadonlySet<string> = new Set(), style: 'inline' | 'components' = 'inline'): Record<string, unknown> {
  const e = endpointsOf(baseUrl);
  const paths: Record<string, Record<string, unknown>> = {
    '/.well-known/oauth-protected-resource': { get: { operationId: 'getProtectedResourceMetadata', summary: 'Protected resource metadata (RFC 9728)', tags: ['oauth'], security: [], responses: { '200': { description: 'JSON metadata', content: jsonBody({ type: 'object' }) } } } },
    '/.well-known/oauth-authorization-server': { get: { operationId: 'getAuthorizationServerMetadata', summary: 'Authorization server metadata (RFC 8414)', tags: ['oauth'], security: [], responses: { '200': { description: 'JSON metadata', content: jsonBody({ type: 'object' }) } } } },
    '/.well-known/openid-configuration': { get: { operationId: 'getOpenIdConfiguration', summary: 'OpenID Connect discovery', tags: ['oauth'], security: [], responses: { '200': { description: 'JSON metadata', content: jsonBody({ type: 'object' }) } } } },
    '/.well-known/jwks.json': { get: { operationId: 'getJwks', summary: 'ID token signing keys (JWK Set)', tags: ['oauth'], security: [], responses: { '200': { description: 'JWK Set', content: jsonBody({ type: 'object' }) } } } },
    '/api/oauth/register': {
      post: {
        operationId: 'registerClient', summary: 'Dynamic client registration (RFC 7591); loopback redirect URIs only', tags: ['oauth'], security: [],
        requestBody: { required: true, content: jsonBody({ type: 'object', required: ['redirect_uris'], properties: {
          client_name: { type: 'string' }, application_type: { type: 'string', enum: ['native'] },
          redirect_uris: { type: 'array', items: { type: 'string', description: 'http://127.0.0.1:<port>/<path>' } },
          token_endpoint_auth_method: { type: 'string', enum: ['none', 'client_secret_post'] },
        } }) },
        responses: { '201': { description: 'Registered: client_id (and client_secret for client_secret_post)', content: jsonBody({ type: 'object', required: ['client_id'] }) }, '400': errorResponse('invalid_redirect_uri, invalid_client_metadata or invalid_request') },
      },
    },
    '/oauth/authorize': {
      get: {
        operationId: 'authorize', summary: 'Authorization endpoint: consent page, then a redirect with code, state and iss', tags: ['oauth'], security: [],
        parameters: ['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge', 'code_challenge_method', 'state', 'nonce', 'resource'].map((name) => ({
          name, in: 'query', required: !['state', 'nonce', 'resource'].includes(name), schema: { type: 'string' },
        })),
        responses: { '200': { description: 'The consent page (HTML)' }, '303': { description: 'Redirect to redirect_uri with code or error, plus state and iss' }, '400': { description: 'Unknown client or unregistered redirect_uri (HTML page, never a redirect)' } },
      },
    },
    '/api/oauth/token': {
      post: {
        operationId: 'token', summary: 'Token endpoint: authorization_code (PKCE S256) and refresh_token (rotating)', tags: ['oauth'], security: [],
        requestBody: { required: true, content: formBody({
          grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] }, code: str('authorization_code'), redirect_uri: str('authorization_code'),
          code_verifier: str('authorization_code'), refresh_token: str('refresh_token'), client_id: str('always'), client_secret: str('client_secret_post clients'),
          scope: str('refresh_token: a subset of the granted scopes'), resource: str(`RFC 8707: ${baseUrl}`),
        }, ['grant_type', 'client_id']) },
        responses: {
          '200': { description: 'Tokens', content: jsonBody({ type: 'object', required: ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'], properties: {
            access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: { type: 'integer' }, refresh_token: { type: 'string' },
            scope: { type: 'string' }, id_token: { type: 'string' }, school_id: { type: 'string' }, school_name: { type: 'string' },
          } }) },
          '400': errorResponse('invalid_request, invalid_grant, invalid_scope, unsupported_grant_type or invalid_target'),
          '401': errorResponse('invalid_client'),
        },
      },
    },
    '/api/oauth/userinfo': Object.fromEntries(['get', 'post'].map((method) => [method, {
      operationId: method === 'get' ? 'getUserInfo' : 'postUserInfo', summary: 'OpenID Connect UserInfo: the admin and the school the token is for', tags: ['oauth'],
      security: [{ oauth2: ['openid'] }], 'x-required-scope': 'openid',
      responses: { '200': { description: 'Claims', content: jsonBody({ type: 'object', required: ['sub', 'school_id', 'school'] }) }, '401': errorResponse('invalid_token'), '403': errorResponse('insufficient_scope') },
    }])),
    '/api/oauth/revoke': {
      post: {
        operationId: 'revoke', summary: 'Token revocation (RFC 7009)', tags: ['oauth'], security: [],
        requestBody: { required: true, content: formBody({ token: str('access or refresh token'), client_id: str('the client the token was issued to'), token_type_hint: str('access_token or refresh_token'), client_secret: str('client_secret_post clients') }, ['token', 'client_id']) },
        responses: { '200': { description: 'Revoked (or nothing to revoke)' }, '400': errorResponse('invalid_request'), '401': errorResponse('invalid_client') },
      },
    },
    '/openapi.json': { get: { operationId: 'getOpenApi', summary: 'This description', tags: ['docs'], security: [], responses: { '200': { description: 'OpenAPI 3.1' } } } },
    '/auth.md': { get: { operationId: 'getAuthWalkthrough', summary: 'Sign-in walkthrough (Markdown)', tags: ['docs'], security: [], responses: { '200': { description: 'Markdown', content: { 'text/markdown': { schema: { type: 'string' } } } } } } },
  };
  for (const route of routes) {
    if (omit.has(route.operationId)) continue;
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = businessOperation(route);
  }
  const document = {
    openapi: '3.1.0',
    info: { title: 'Course platform API (sandbox)', version: '1.0.0', description: `OAuth 2.0 / OpenID Connect protected API. Walkthrough: ${e.authMd}` },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Authorization Code with PKCE (S256). Register first at /api/oauth/register.',
          flows: {
            authorizationCode: {
              authorizationUrl: e.authorization,
              tokenUrl: e.token,
              refreshUrl: e.token,
              scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, describeScope(scope)])),
            },
          },
        },
        openIdConnect: { type: 'openIdConnect', openIdConnectUrl: e.openidConfiguration },
      },
    },
  };
  return style === 'components' ? withComponents(document) : document;
}
