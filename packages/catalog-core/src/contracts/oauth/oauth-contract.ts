import { type Static, Type } from 'typebox';

// The wire contracts of the optional OAuth token: the token endpoint (RFC 6749 section 4.4 with
// RFC 9068 JWTs), its errors (section 5.2), the discovery documents (RFC 8414, RFC 9728) with the
// auth.md `agent_auth` block, the anonymous registration of `POST /auth.md` and the JWKS. One
// schema per contract: the auth app validates and serializes with them, /openapi.json publishes
// them. Enums are `{ type: 'string', enum }`, not literal unions, so OpenAPI 3.0.3 can say them.

/** The one scope: public, read-only access, as without a token. */
export const OAUTH_SCOPE = 'public';

/** The one grant: a client asks for a token for itself. */
export const OAUTH_GRANT_TYPE = 'client_credentials';

/** Seconds an access token lives; there is no refresh. */
export const ACCESS_TOKEN_EXPIRES_IN = 3600;

/** Longest accepted `client_id`, so a name cannot bloat every token and log line. */
export const MAX_CLIENT_ID_LENGTH = 200;

/** The RFC 6749 section 5.2 error codes the token endpoint answers with. */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'server_error',
  // RFC 6749 4.1.2.1; here also the answer of a token request over its rate limit (429).
  'temporarily_unavailable',
] as const;

/** One of {@link OAUTH_ERROR_CODES}. */
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

const url = (description: string) => Type.String({ format: 'uri', description });
// RFC 6749 appendix A.1: a client_id is VSCHAR (printable ASCII, %x20-7E). Refusing the rest keeps
// control characters (CR, LF, ESC, NUL) out of tokens and of every log line that names a client.
const clientIdSchema = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_CLIENT_ID_LENGTH,
    pattern: '^[\\x20-\\x7E]+$',
    description: `${description} Printable ASCII (RFC 6749 VSCHAR).`,
  });
const scopeSchema = (description: string) =>
  Type.Enum([OAUTH_SCOPE], { type: 'string', description });

/** The form fields of `POST /oauth/token` (`application/x-www-form-urlencoded`). */
export const TokenRequestSchema = Type.Object(
  {
    grant_type: Type.Enum([OAUTH_GRANT_TYPE], {
      type: 'string',
      description: 'Always client_credentials.',
    }),
    client_id: clientIdSchema(
      'Any name for the client, e.g. its agent name; it is logged and rate-limited under this name. No secret.',
    ),
    scope: Type.Optional(scopeSchema('Optional; the only scope is public.')),
  },
  { description: 'Token request (RFC 6749 section 4.4.2). Unknown fields are ignored.' },
);

/** The fields of a token request (see {@link TokenRequestSchema}). */
export type TokenRequest = Static<typeof TokenRequestSchema>;

/** The answer of a successful token request. */
export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String({
      description:
        'An RFC 9068 JWT signed with ES256; the public keys are at /.well-known/jwks.json.',
    }),
    token_type: Type.Enum(['Bearer'], {
      type: 'string',
      description: 'Send it as Authorization: Bearer.',
    }),
    expires_in: Type.Integer({
      minimum: 1,
      description: 'Seconds until the token expires (3600).',
    }),
    scope: scopeSchema('Granted scope.'),
  },
  { additionalProperties: false, description: 'Token response (RFC 6749 section 5.1).' },
);

/** A successful token response (see {@link TokenResponseSchema}). */
export type TokenResponse = Static<typeof TokenResponseSchema>;

/** An error of the token endpoint or of `POST /auth.md`. */
export const OAuthErrorSchema = Type.Object(
  {
    error: Type.String({ description: `An RFC 6749 error code: ${OAUTH_ERROR_CODES.join(', ')}.` }),
    error_description: Type.Optional(Type.String({ description: 'What was wrong, for a person.' })),
  },
  { additionalProperties: false, description: 'OAuth error response (RFC 6749 section 5.2).' },
);

/** An OAuth error body (see {@link OAuthErrorSchema}). */
export type OAuthErrorBody = Static<typeof OAuthErrorSchema>;

/** The auth.md `agent_auth` block of the authorization server metadata. */
export const AgentAuthSchema = Type.Object(
  {
    skill: url('The auth.md document for agents.'),
    register_uri: url('Where an agent POSTs {"type":"anonymous"} to register (the auth.md URL).'),
    claim_uri: url('Where claiming is described; claiming is not needed here.'),
    identity_types_supported: Type.Array(Type.Enum(['anonymous'], { type: 'string' })),
    anonymous: Type.Object({
      credential_types_supported: Type.Array(Type.Enum(['access_token'], { type: 'string' })),
    }),
  },
  { description: 'Agent registration (the auth.md protocol).' },
);

/** RFC 8414 authorization server metadata (`/.well-known/oauth-authorization-server`). */
export const AuthorizationServerMetadataSchema = Type.Object(
  {
    issuer: url('The issuer identifier: the service origin, exactly.'),
    token_endpoint: url('POST here for a token.'),
    jwks_uri: url('The public keys of access tokens.'),
    grant_types_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    scopes_supported: Type.Array(Type.String()),
    // Omitted by us: no grant uses the authorization endpoint (RFC 8414 errata 7793, section 3.2).
    response_types_supported: Type.Optional(Type.Array(Type.String())),
    token_endpoint_auth_signing_alg_values_supported: Type.Optional(Type.Array(Type.String())),
    service_documentation: url('Human- and agent-readable instructions (auth.md).'),
    agent_auth: AgentAuthSchema,
  },
  { description: 'OAuth 2.0 authorization server metadata (RFC 8414).' },
);

/** Authorization server metadata (see {@link AuthorizationServerMetadataSchema}). */
export type AuthorizationServerMetadata = Static<typeof AuthorizationServerMetadataSchema>;

/** RFC 9728 protected resource metadata (`/.well-known/oauth-protected-resource[/mcp]`). */
export const ProtectedResourceMetadataSchema = Type.Object(
  {
    resource: url('The resource identifier the document was fetched for, exactly.'),
    authorization_servers: Type.Array(url('An issuer identifier.')),
    scopes_supported: Type.Array(Type.String()),
    bearer_methods_supported: Type.Array(Type.String()),
    jwks_uri: url('The public keys of access tokens.'),
    resource_name: Type.String(),
    resource_documentation: url('How to use the resource.'),
    resource_signing_alg_values_supported: Type.Optional(Type.Array(Type.String())),
  },
  { description: 'OAuth 2.0 protected resource metadata (RFC 9728).' },
);

/** Protected resource metadata (see {@link ProtectedResourceMetadataSchema}). */
export type ProtectedResourceMetadata = Static<typeof ProtectedResourceMetadataSchema>;

/** The JSON body of `POST /auth.md`: an anonymous registration. */
export const AnonymousRegistrationRequestSchema = Type.Object(
  {
    type: Type.Enum(['anonymous'], {
      type: 'string',
      description: 'Only anonymous registration exists.',
    }),
    requested_credential_type: Type.Optional(
      Type.Enum(['access_token'], {
        type: 'string',
        description: 'Optional; always access_token.',
      }),
    ),
    client_id: Type.Optional(
      clientIdSchema('Optional name to be known by; default a generated anonymous-… id.'),
    ),
  },
  { description: 'Anonymous agent registration (the auth.md protocol).' },
);

/** An anonymous registration request (see {@link AnonymousRegistrationRequestSchema}). */
export type AnonymousRegistrationRequest = Static<typeof AnonymousRegistrationRequestSchema>;

/** The answer of `POST /auth.md`: the auth.md registration fields plus the token response's. */
export const AnonymousRegistrationResponseSchema = Type.Object(
  {
    registration_id: Type.String(),
    registration_type: Type.Enum(['anonymous'], { type: 'string' }),
    client_id: clientIdSchema('The client_id the token carries.'),
    credential_type: Type.Enum(['access_token'], { type: 'string' }),
    credential: Type.String({ description: 'The access token (same as access_token).' }),
    credential_expires: Type.String({ format: 'date-time' }),
    scopes: Type.Array(Type.String()),
    ...TokenResponseSchema.properties,
  },
  { additionalProperties: false, description: 'Anonymous registration result.' },
);

/** An anonymous registration result (see {@link AnonymousRegistrationResponseSchema}). */
export type AnonymousRegistrationResponse = Static<typeof AnonymousRegistrationResponseSchema>;

/** One public key of `/.well-known/jwks.json`. */
export const PublicJwkSchema = Type.Object(
  {
    kty: Type.Enum(['EC'], { type: 'string' }),
    crv: Type.Enum(['P-256'], { type: 'string' }),
    x: Type.String(),
    y: Type.String(),
    kid: Type.String(),
    alg: Type.Enum(['ES256'], { type: 'string' }),
    use: Type.Enum(['sig'], { type: 'string' }),
  },
  { additionalProperties: false },
);

/** `/.well-known/jwks.json`: the public keys that verify access tokens (RFC 7517). */
export const JwksSchema = Type.Object(
  { keys: Type.Array(PublicJwkSchema) },
  { additionalProperties: false, description: 'JSON Web Key Set of the access-token keys.' },
);
