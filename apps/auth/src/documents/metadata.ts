import {
  type AuthorizationServerMetadata,
  OAUTH_GRANT_TYPE,
  OAUTH_SCOPE,
  type ProtectedResourceMetadata,
  SERVICE_INFO,
} from '@repo/catalog-core';
import type { AuthUrls } from './urls.js';

/**
 * RFC 8414 metadata. `issuer` is the base URL exactly (clients compare it byte for byte with the
 * URL they derived the document's address from), plus the auth.md `agent_auth` block.
 */
export function authorizationServerMetadata(urls: AuthUrls): AuthorizationServerMetadata {
  return {
    issuer: urls.issuer,
    token_endpoint: urls.token,
    jwks_uri: urls.jwks,
    grant_types_supported: [OAUTH_GRANT_TYPE],
    // No secret exists: any client_id may ask (RFC 7591 "none": a public client).
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [OAUTH_SCOPE],
    service_documentation: urls.authMd,
    agent_auth: {
      skill: urls.authMd,
      // The interface points register_uri at /auth.md, so POST /auth.md registers (auth.md protocol).
      register_uri: urls.authMd,
      claim_uri: `${urls.authMd}#claiming`,
      identity_types_supported: ['anonymous'],
      anonymous: { credential_types_supported: ['access_token'] },
    },
  };
}

/**
 * RFC 9728 metadata for one resource: the whole service (`resource` = the base URL exactly) or
 * the MCP server (`resource` = its URL).
 */
export function protectedResourceMetadata(
  urls: AuthUrls,
  resource: string,
): ProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [OAUTH_SCOPE],
    bearer_methods_supported: ['header'],
    jwks_uri: urls.jwks,
    resource_name: resource === urls.mcp ? `${SERVICE_INFO.title} MCP server` : SERVICE_INFO.title,
    resource_documentation: urls.authMd,
  };
}
