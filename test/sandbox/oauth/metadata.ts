// Discovery documents: RFC 9728 (protected resource), RFC 8414 (authorization server), OpenID Connect
// Discovery 1.0. The AS metadata is the authoritative list of endpoints, grants and scopes (spec
// "Authentication" 3), so it is built from the same scope catalog the server enforces.
import { ALL_SCOPES } from '../../../shared/scopes';
import { endpointsOf } from '../context';

const CLAIMS_SUPPORTED = ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'name', 'picture', 'email', 'email_verified', 'school_id', 'school'];

export function protectedResourceMetadata(baseUrl: string) {
  const e = endpointsOf(baseUrl);
  return {
    resource: e.resource,
    authorization_servers: [e.issuer],
    scopes_supported: [...ALL_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Course platform API (sandbox)',
    resource_documentation: e.authMd,
  };
}

/** `resources`: the APIs it issues tokens for (RFC 9728 §4 `protected_resources`), so a client can tell that it serves one. */
export function authorizationServerMetadata(baseUrl: string, resources: string[] = [baseUrl]) {
  const e = endpointsOf(baseUrl);
  return {
    issuer: e.issuer,
    protected_resources: resources,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    registration_endpoint: e.registration,
    userinfo_endpoint: e.userinfo,
    revocation_endpoint: e.revocation,
    jwks_uri: e.jwks,
    scopes_supported: [...ALL_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: false,
    service_documentation: e.authMd,
  };
}

export function openidConfiguration(baseUrl: string, resources: string[] = [baseUrl]) {
  return {
    ...authorizationServerMetadata(baseUrl, resources),
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: CLAIMS_SUPPORTED,
  };
}
