// /auth.md: the sign-in walkthrough, with the real addresses of this running platform.
import { endpointsOf } from './context';

export function buildAuthMarkdown(baseUrl: string): string {
  const e = endpointsOf(baseUrl);
  const fence = '```';
  return `# Signing in to the course platform API

Base address (issuer and protected resource): \`${baseUrl}\`

The API is protected with OAuth 2.0 and OpenID Connect. Clients register themselves (RFC 7591) and get
tokens with the Authorization Code flow and PKCE (S256 only). No API keys are issued.

## 1. Discover

${fence}sh
curl ${e.protectedResourceMetadata}
curl ${e.authorizationServerMetadata}
curl ${e.openidConfiguration}
${fence}

The protected resource metadata names the authorization server; its metadata is the authoritative list of
endpoints, grant types and scopes. \`client_id_metadata_document_supported\` is \`false\`: register instead.

## 2. Register

Self-service registration accepts loopback redirect URIs only: \`http://127.0.0.1:<port>/<path>\`. \`localhost\`,
other hosts and fixed HTTPS callbacks are refused with \`invalid_redirect_uri\` (such clients need an integration
arranged out of band). Public clients use \`token_endpoint_auth_method: none\`; confidential ones
\`client_secret_post\` and receive a \`client_secret\` in the response (shown once, \`client_secret_expires_at: 0\`).

${fence}sh
curl -X POST ${e.registration} \\
  -H 'Content-Type: application/json' \\
  -d '{"client_name":"My app","application_type":"native","redirect_uris":["http://127.0.0.1:8400/callback"],"token_endpoint_auth_method":"none"}'
# 201 {"client_id":"sbx_client_…","client_id_issued_at":…,…}
${fence}

## 3. Authorize (in the admin's browser)

Make a PKCE verifier (43–128 characters) and its S256 challenge, and a random state:

${fence}sh
VERIFIER=$(openssl rand -base64 48 | tr -d '=+/' | cut -c1-64)
CHALLENGE=$(printf '%s' "$VERIFIER" | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | tr -d '=')
STATE=$(openssl rand -hex 16)
${fence}

Open in the browser (the redirect may use any port: RFC 8252 §7.3; scheme, host and path must match the registration):

${fence}
${e.authorization}?response_type=code&client_id=CLIENT_ID&redirect_uri=http%3A%2F%2F127.0.0.1%3A8400%2Fcallback&scope=openid%20profile%20email%20courses%3Aread&code_challenge=$CHALLENGE&code_challenge_method=S256&state=$STATE
${fence}

The consent page shows the signed-in admin, every scope in plain words and a choice of school (the first one
preselected). **Allow** redirects to \`redirect_uri?code=…&state=…&iss=${encodeURIComponent(baseUrl)}\`; **Deny**
redirects with \`error=access_denied\`. Check \`state\` and \`iss\` (RFC 9207) before using the code.

Errors: an unknown \`client_id\` or an unregistered \`redirect_uri\` is shown as a page, never redirected. Everything
else is redirected with \`error\`, \`error_description\`, \`state\` and \`iss\`: \`unsupported_response_type\`,
\`invalid_request\` (missing/plain PKCE, missing parameter, repeated parameter), \`invalid_scope\` (missing or unknown
scope), \`invalid_target\` (a \`resource\` that is not \`${baseUrl}\`).

## 4. Exchange the code (within 60 seconds, once)

${fence}sh
curl -X POST ${e.token} \\
  -d grant_type=authorization_code -d code=CODE -d client_id=CLIENT_ID \\
  -d redirect_uri=http://127.0.0.1:8400/callback -d code_verifier=$VERIFIER \\
  -d resource=${baseUrl}
${fence}

Answer (\`Cache-Control: no-store\`): \`access_token\`, \`token_type: "Bearer"\`, \`expires_in\`, \`refresh_token\`, \`scope\`,
\`school_id\` and \`school_name\` (the one school the token is for), and \`id_token\` (RS256, keys at ${e.jwks}) when
\`openid\` was granted. \`redirect_uri\` must equal the one of the authorization request, port included. A code
used twice is refused with \`invalid_grant\` and the tokens issued from it are revoked. \`resource\` (RFC 8707) is
optional; when present it must be \`${baseUrl}\` (else \`invalid_target\`).

## 5. Call the API

${fence}sh
curl ${baseUrl}/api/v1/school -H 'Authorization: Bearer ACCESS_TOKEN'
curl ${e.userinfo} -H 'Authorization: Bearer ACCESS_TOKEN'
${fence}

- No token: served as anonymous where the operation allows it (public data only, e.g. published courses);
  other operations answer 401 with \`WWW-Authenticate: Bearer realm="…", resource_metadata="${e.protectedResourceMetadata}"\`.
- Invalid, expired or revoked token: 401 \`invalid_token\`, \`WWW-Authenticate: Bearer error="invalid_token", …, resource_metadata="…"\`.
- A valid token without the scope: 403 \`insufficient_scope\`, \`WWW-Authenticate: Bearer error="insufficient_scope", scope="<needed>", …\`.
- Each operation's scope is in ${e.openapi} (\`security\` and \`x-required-scope\`).
- Too many requests: 429 with \`Retry-After\` (seconds).

## 6. Refresh

${fence}sh
curl -X POST ${e.token} -d grant_type=refresh_token -d refresh_token=REFRESH_TOKEN -d client_id=CLIENT_ID
${fence}

Refresh tokens rotate: each refresh returns a new one and the old one stops working. Presenting an old one again
is refused with \`invalid_grant\` and revokes every token of that grant. Add \`scope=…\` to get an access token for a
subset of the granted scopes.

## 7. Revoke

${fence}sh
curl -X POST ${e.revocation} -d token=REFRESH_OR_ACCESS_TOKEN -d client_id=CLIENT_ID
${fence}

Always 200 \`{}\` (also for unknown or already revoked tokens). Revoking a refresh token also revokes the access
tokens of its grant. Tokens of another client are left alone.

## Errors (RFC 6749 §5.2)

JSON \`{"error": "...", "error_description": "..."}\`. Token and revocation: 400 \`invalid_request\`
(wrong Content-Type, missing or repeated parameter), 400 \`invalid_grant\`, 400 \`invalid_scope\`,
400 \`unsupported_grant_type\`, 400 \`invalid_target\`, 401 \`invalid_client\` (unknown or forgotten client, wrong or
missing secret). Registration: 400 \`invalid_redirect_uri\`, \`invalid_client_metadata\`, \`invalid_request\` (not JSON).

Not supported: the agent_auth extension (ID-JAG identity assertions, service_auth, anonymous claim ceremony),
client ID metadata documents, HTTP Basic client authentication, tokens in the query string.
`;
}
