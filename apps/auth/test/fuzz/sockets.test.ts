import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuthErrorSchema } from '@repo/catalog-core';
import { generateSigningKey } from '@repo/jwt';
import { type KeepAliveClient, keepAliveClient } from '@repo/ops/testing';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealServer, startServer } from '../e2e/real-server.js';
import { contentType, FUZZ_SEED, rawBody } from './arbitraries.js';

// The built auth server as a real process, and a pooling client: every JSON and form input, deep
// nesting and very long strings included, over one kept-alive connection. No 5xx, an OAuth error
// body on every refusal, and the next request on the same connection is served.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'server.js');
const oauthError = Compile(OAuthErrorSchema);
let server: RealServer;
let client: KeepAliveClient;

beforeAll(async () => {
  server = await startServer(entry, {
    JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('sockets-1')),
    RATE_LIMIT_TOKEN: '0',
  });
  client = keepAliveClient(server.base);
}, 60_000);
afterAll(async () => {
  client?.close();
  await server?.stop();
});

describe('odd bodies over a kept-alive connection', () => {
  it('answers /oauth/token and POST /auth.md without a 5xx, and the connection serves the next request', async () => {
    const type = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
      },
      { weight: 1, arbitrary: contentType },
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/oauth/token', '/auth.md'),
        rawBody,
        type,
        async (path, body, t) => {
          const { first, follow } = await client.sendThenFollow(
            { method: 'POST', path, headers: { 'content-type': t }, body },
            { path: '/.well-known/oauth-authorization-server' },
          );
          const where = `POST ${path} ${t} ${String(body).slice(0, 80)} (${body.length}) → ${first.status} ${first.body.slice(0, 160)}`;
          statuses.add(first.status);
          expect(first.status, where).toBeLessThan(500);
          expect(first.headers['content-type'], where).toBe('application/json; charset=utf-8');
          if (first.status !== 200)
            expect(oauthError.Check(JSON.parse(first.body)), where).toBe(true);
          expect(follow.status, where).toBe(200);
        },
      ),
      { seed: FUZZ_SEED, numRuns: 150 },
    );
    expect([...statuses].sort()).toEqual([200, 400]);
  });
});
