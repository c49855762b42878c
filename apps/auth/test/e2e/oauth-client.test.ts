import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealServer, startServer } from './real-server.js';

// A standard OAuth client (oauth4webapi) against the one-process server as a real process: it
// serves the discovery documents, the token endpoint and /mcp on one origin, as users see them.
const standalone = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../standalone/dist/server.js',
);
const insecure = { [oauth.allowInsecureRequests]: true } as const; // loopback http only

/** RFC 7518 section 3.4: ES256 is a raw 64-byte r||s signature over `header.payload`. */
function verifyWithNodeCrypto(token: string, jwk: JsonWebKey): boolean {
  const [header, payload, signature] = token.split('.');
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
}

describe('discovery, token and /mcp with a standard OAuth client, in the interface order', () => {
  let server: RealServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'oauth-client-'));
    server = await startServer(standalone, { DATA_DIR: dataDir });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['', '/mcp'])(
    'follows PRM (resource %s) → AS metadata → token → bearer call',
    async (path) => {
      // (a) protected resource metadata; the library checks `resource` equals what it asked for.
      const resource = new URL(`${server.base}${path}`);
      const prm = await oauth.processResourceDiscoveryResponse(
        resource,
        await oauth.resourceDiscoveryRequest(resource, insecure),
      );
      expect(prm.scopes_supported).toEqual(['public']);
      expect(prm.bearer_methods_supported).toContain('header');

      // (b) the issuer from authorization_servers; the library checks `issuer` matches it exactly.
      const issuer = new URL(prm.authorization_servers?.[0] ?? 'missing:');
      const as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
      );
      expect(as.issuer).toBe(server.base);
      expect(as.grant_types_supported).toEqual(['client_credentials']);
      expect((as as { agent_auth?: { register_uri?: string } }).agent_auth?.register_uri).toBe(
        `${server.base}/auth.md`,
      );

      // (c) the token request: client_credentials, no secret, scope=public.
      const client: oauth.Client = { client_id: 'oauth4webapi-agent' };
      const tokens = await oauth.processClientCredentialsResponse(
        as,
        client,
        await oauth.clientCredentialsGrantRequest(
          as,
          client,
          oauth.None(),
          { scope: 'public' },
          insecure,
        ),
      );
      expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'public' });
      const token = tokens.access_token;

      // The token verifies three ways: jose with the remote JWKS, node:crypto alone, and the
      // client library's own RFC 9068 resource-server check.
      const jwksUri = new URL(as.jwks_uri ?? 'missing:');
      const { payload, protectedHeader } = await jwtVerify(token, createRemoteJWKSet(jwksUri), {
        issuer: server.base,
        audience: server.base,
        algorithms: ['ES256'],
        typ: 'at+jwt',
      });
      expect(payload).toMatchObject({
        client_id: 'oauth4webapi-agent',
        sub: 'oauth4webapi-agent',
        scope: 'public',
      });
      expect(payload.exp).toBe((payload.iat ?? 0) + 3600);
      const jwks = (await (await fetch(jwksUri)).json()) as {
        keys: (JsonWebKey & { kid: string })[];
      };
      const jwk = jwks.keys.find((k) => k.kid === protectedHeader.kid);
      expect(jwk).toBeDefined();
      expect(verifyWithNodeCrypto(token, jwk as JsonWebKey)).toBe(true);
      expect(verifyWithNodeCrypto(`${token.slice(0, -4)}AAAA`, jwk as JsonWebKey)).toBe(false);
      const request = new Request(resource, { headers: { authorization: `Bearer ${token}` } });
      const claims = await oauth.validateJwtAccessToken(as, request, server.base, insecure);
      expect(claims.client_id).toBe('oauth4webapi-agent');

      // (d) a call with the bearer header: tools/list on /mcp answers as it does without a token.
      const response = await oauth.protectedResourceRequest(
        token,
        'POST',
        new URL(`${server.base}/mcp`),
        new Headers({
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        }),
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        insecure,
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: { tools: { name: string }[] } };
      expect(body.result.tools.map((t) => t.name).sort()).toEqual([
        'estimate_shipping',
        'get_agent_offers',
        'list_categories',
        'search_products',
      ]);
    },
  );
});
