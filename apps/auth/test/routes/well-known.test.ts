import {
  AuthorizationServerMetadataSchema,
  JwksSchema,
  ProtectedResourceMetadataSchema,
} from '@repo/catalog-core';
import { createTokenVerifier, generateSigningKey } from '@repo/jwt';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { BASE_URL, build, decodeJwt, form, testKey } from '../helper.js';

const tokenForm = form({ grant_type: 'client_credentials', client_id: 'agent-7' });

describe('the discovery documents', () => {
  it('publish RFC 8414 metadata whose issuer is the base URL exactly, with agent_auth', async () => {
    const app = await build({ BASE_URL: 'https://shop.example/' });
    const response = await app.inject('/.well-known/oauth-authorization-server');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(Compile(AuthorizationServerMetadataSchema).Check(body)).toBe(true);
    expect(body).toEqual({
      issuer: BASE_URL,
      token_endpoint: `${BASE_URL}/oauth/token`,
      jwks_uri: `${BASE_URL}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['public'],
      service_documentation: `${BASE_URL}/auth.md`,
      agent_auth: {
        skill: `${BASE_URL}/auth.md`,
        register_uri: `${BASE_URL}/auth.md`,
        claim_uri: `${BASE_URL}/auth.md#claiming`,
        identity_types_supported: ['anonymous'],
        anonymous: { credential_types_supported: ['access_token'] },
      },
    });
  });

  it.each([
    ['/.well-known/oauth-protected-resource', BASE_URL],
    ['/.well-known/oauth-protected-resource/mcp', `${BASE_URL}/mcp`],
  ])('publish RFC 9728 metadata at %s for resource %s', async (path, resource) => {
    const app = await build();
    const body = (await app.inject(path)).json();
    expect(Compile(ProtectedResourceMetadataSchema).Check(body)).toBe(true);
    expect(body).toMatchObject({
      resource,
      authorization_servers: [BASE_URL],
      scopes_supported: ['public'],
      bearer_methods_supported: ['header'],
      jwks_uri: `${BASE_URL}/.well-known/jwks.json`,
    });
  });

  it('take every URL from BASE_URL', async () => {
    const app = await build({ BASE_URL: 'http://127.0.0.1:9999' });
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const urls =
        JSON.stringify((await app.inject(path)).json()).match(/https?:\/\/[^"#]+/g) ?? [];
      expect(urls.length).toBeGreaterThan(3);
      for (const url of urls) expect(url.startsWith('http://127.0.0.1:9999')).toBe(true);
    }
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public key only', async () => {
    const app = await build();
    const response = await app.inject('/.well-known/jwks.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    const body = response.json();
    expect(Compile(JwksSchema).Check(body)).toBe(true);
    const { d: _d, ...pub } = testKey;
    expect(body).toEqual({ keys: [pub] });
    expect(response.body).not.toContain(testKey.d);
  });

  it('keeps old tokens valid across a key rotation while new tokens use the new kid', async () => {
    const oldKey = generateSigningKey('2025-01');
    const newKey = generateSigningKey('2025-02');
    const before = await build({}, [oldKey]);
    const oldToken = (
      await before.inject({ method: 'POST', url: '/oauth/token', ...tokenForm })
    ).json().access_token;
    expect(decodeJwt(oldToken).header.kid).toBe('2025-01');

    const after = await build({ JWT_CURRENT_KID: '2025-02' }, [oldKey, newKey]);
    const jwks = (await after.inject('/.well-known/jwks.json')).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(['2025-01', '2025-02']);
    const newToken = (
      await after.inject({ method: 'POST', url: '/oauth/token', ...tokenForm })
    ).json().access_token;
    expect(decodeJwt(newToken).header.kid).toBe('2025-02');

    const verifier = createTokenVerifier({ issuer: BASE_URL, audience: BASE_URL, jwks });
    expect((await verifier.verify(oldToken)).client_id).toBe('agent-7');
    expect((await verifier.verify(newToken)).client_id).toBe('agent-7');
    const dropped = createTokenVerifier({
      issuer: BASE_URL,
      audience: BASE_URL,
      jwks: { keys: [jwks.keys[1]] },
    });
    await expect(dropped.verify(oldToken)).rejects.toThrow();
  });
});
