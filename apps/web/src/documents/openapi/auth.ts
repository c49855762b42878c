import {
  AnonymousRegistrationRequestSchema,
  AnonymousRegistrationResponseSchema,
  AuthorizationServerMetadataSchema,
  JwksSchema,
  OAuthErrorSchema,
  ProtectedResourceMetadataSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@repo/catalog-core';
import { jsonResponse, type OpenApiObject, ref, schema, textResponse } from './shared.js';

/** Component schemas of the optional OAuth token, from the contracts the auth app validates with. */
export function authSchemas(): Record<string, OpenApiObject> {
  return {
    TokenRequest: schema(TokenRequestSchema),
    TokenResponse: schema(TokenResponseSchema),
    OAuthError: schema(OAuthErrorSchema),
    AuthorizationServerMetadata: schema(AuthorizationServerMetadataSchema),
    ProtectedResourceMetadata: schema(ProtectedResourceMetadataSchema),
    Jwks: schema(JwksSchema),
    AnonymousRegistrationRequest: schema(AnonymousRegistrationRequestSchema),
    AnonymousRegistrationResponse: schema(AnonymousRegistrationResponseSchema),
  };
}

const oauthError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('OAuthError') } },
});

/** The paths of the auth app. */
export function authPaths(): Record<string, OpenApiObject> {
  const tags = ['Token (optional)'];
  return {
    '/oauth/token': {
      post: {
        tags,
        operationId: 'requestToken',
        summary: 'Get an optional access token (client_credentials, no secret)',
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: ref('TokenRequest') } },
        },
        responses: {
          200: {
            description: 'An ES256 JWT valid for one hour (`Cache-Control: no-store`).',
            content: { 'application/json': { schema: ref('TokenResponse') } },
          },
          400: oauthError('The request is malformed (RFC 6749 section 5.2).'),
          405: { description: 'Only POST is accepted (`Allow: POST`).' },
        },
      },
    },
    '/auth.md': {
      get: {
        tags,
        operationId: 'authMd',
        summary: 'How agents get the optional token (auth.md)',
        responses: textResponse('Agent registration instructions.', 'text/markdown'),
      },
      post: {
        tags,
        operationId: 'registerAnonymous',
        summary: 'Anonymous agent registration (auth.md protocol): returns an access token',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: ref('AnonymousRegistrationRequest') } },
        },
        responses: {
          200: {
            description: 'The registration and its token.',
            content: { 'application/json': { schema: ref('AnonymousRegistrationResponse') } },
          },
          400: oauthError('The request is malformed.'),
        },
      },
    },
    '/.well-known/oauth-authorization-server': {
      get: {
        tags,
        operationId: 'authorizationServerMetadata',
        summary: 'RFC 8414 authorization server metadata',
        responses: jsonResponse('Metadata.', ref('AuthorizationServerMetadata')),
      },
    },
    '/.well-known/oauth-protected-resource': {
      get: {
        tags,
        operationId: 'protectedResourceMetadata',
        summary: 'RFC 9728 metadata of the service origin',
        responses: jsonResponse('Metadata.', ref('ProtectedResourceMetadata')),
      },
    },
    '/.well-known/oauth-protected-resource/mcp': {
      get: {
        tags,
        operationId: 'protectedResourceMetadataMcp',
        summary: 'RFC 9728 metadata of the MCP endpoint',
        responses: jsonResponse('Metadata.', ref('ProtectedResourceMetadata')),
      },
    },
    '/.well-known/jwks.json': {
      get: {
        tags,
        operationId: 'jwks',
        summary: 'Public keys of access tokens',
        responses: jsonResponse('JSON Web Key Set.', ref('Jwks')),
      },
    },
  };
}
