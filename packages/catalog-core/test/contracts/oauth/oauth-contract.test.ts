import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import {
  AnonymousRegistrationRequestSchema,
  AuthorizationServerMetadataSchema,
  JwksSchema,
  MAX_CLIENT_ID_LENGTH,
  OAuthErrorSchema,
  ProtectedResourceMetadataSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '../../../src/contracts/oauth/oauth-contract.js';
import { toOpenApiSchema } from '../../../src/contracts/openapi-schema.js';

const tokenRequest = Compile(TokenRequestSchema);

describe('TokenRequestSchema', () => {
  it('accepts the interface request, with or without scope, ignoring unknown fields', () => {
    expect(
      tokenRequest.Check({ grant_type: 'client_credentials', client_id: 'a', scope: 'public' }),
    ).toBe(true);
    expect(
      tokenRequest.Check({ grant_type: 'client_credentials', client_id: 'a', resource: 'x' }),
    ).toBe(true);
  });

  it.each([
    ['no grant_type', { client_id: 'a' }, ''],
    ['the password grant', { grant_type: 'password', client_id: 'a' }, '/grant_type'],
    ['no client_id', { grant_type: 'client_credentials' }, ''],
    ['an empty client_id', { grant_type: 'client_credentials', client_id: '' }, '/client_id'],
    [
      'an oversized client_id',
      { grant_type: 'client_credentials', client_id: 'x'.repeat(MAX_CLIENT_ID_LENGTH + 1) },
      '/client_id',
    ],
    [
      'another scope',
      { grant_type: 'client_credentials', client_id: 'a', scope: 'admin' },
      '/scope',
    ],
  ])('refuses %s, pointing at the field', (_name, body, path) => {
    expect(tokenRequest.Check(body)).toBe(false);
    expect([...tokenRequest.Errors(body)][0]?.instancePath).toBe(path);
  });
});

describe('the response contracts', () => {
  it('describe real documents', () => {
    const base = 'https://shop.example';
    const samples: [unknown, unknown][] = [
      [
        TokenResponseSchema,
        { access_token: 'a.b.c', token_type: 'Bearer', expires_in: 3600, scope: 'public' },
      ],
      [OAuthErrorSchema, { error: 'invalid_scope', error_description: 'the only scope is public' }],
      [AnonymousRegistrationRequestSchema, { type: 'anonymous' }],
      [
        JwksSchema,
        { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k', alg: 'ES256', use: 'sig' }] },
      ],
      [
        ProtectedResourceMetadataSchema,
        {
          resource: base,
          authorization_servers: [base],
          scopes_supported: ['public'],
          bearer_methods_supported: ['header'],
          jwks_uri: `${base}/.well-known/jwks.json`,
          resource_name: 'Shop',
          resource_documentation: `${base}/auth.md`,
        },
      ],
      [
        AuthorizationServerMetadataSchema,
        {
          issuer: base,
          token_endpoint: `${base}/oauth/token`,
          jwks_uri: `${base}/.well-known/jwks.json`,
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['none'],
          scopes_supported: ['public'],
          service_documentation: `${base}/auth.md`,
          agent_auth: {
            skill: `${base}/auth.md`,
            register_uri: `${base}/auth.md`,
            claim_uri: `${base}/auth.md#claiming`,
            identity_types_supported: ['anonymous'],
            anonymous: { credential_types_supported: ['access_token'] },
          },
        },
      ],
    ];
    for (const [schema, sample] of samples) {
      expect(Compile(schema as typeof JwksSchema).Check(sample)).toBe(true);
    }
  });

  it('refuses a private key member in the JWKS', () => {
    const key = {
      kty: 'EC',
      crv: 'P-256',
      x: 'x',
      y: 'y',
      kid: 'k',
      alg: 'ES256',
      use: 'sig',
      d: 'secret',
    };
    expect(Compile(JwksSchema).Check({ keys: [key] })).toBe(false);
  });

  it('convert to OpenAPI 3.0.3 without const or null types', () => {
    const all = [
      TokenRequestSchema,
      TokenResponseSchema,
      AuthorizationServerMetadataSchema,
      ProtectedResourceMetadataSchema,
    ];
    const text = JSON.stringify(all.map(toOpenApiSchema));
    expect(text).not.toContain('"const"');
    expect(text).not.toContain('"null"');
    expect(toOpenApiSchema(TokenRequestSchema)).toMatchObject({
      required: ['grant_type', 'client_id'],
      properties: { grant_type: { type: 'string', enum: ['client_credentials'] } },
    });
  });
});
