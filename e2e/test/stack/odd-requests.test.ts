import { request } from 'node:http';
import { generateSigningKey } from '@repo/jwt';
import { keepAliveClient } from '@repo/ops/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// Over-long paths, query strings and headers through the real gateway: the client's fault, so a
// 4xx in a JSON or page body, never a 5xx, and the connection stays usable. One Redis-less stack
// with one mcp replica is enough: the limits are the gateway's and each app's.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 1,
    redis: false,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('odd-1')),
      RATE_LIMIT_PAGES: '0',
      RATE_LIMIT_MCP: '0',
      RATE_LIMIT_TOKEN: '0',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

/** A plain GET without keep-alive: what an app answers when asked directly. */
function direct(origin: string, path: string) {
  return new Promise<{ status: number; type: string }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '' }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Sends one odd request on a warm keep-alive connection (Node's agent, one socket), then a plain
 * one, and checks both: no 5xx, a body in a known format, and a next request that is served on
 * the same socket unless the answer said `Connection: close`.
 */
async function oddThenNext(path: string, headers: Record<string, string> = {}) {
  const client = keepAliveClient(stack.baseUrl);
  try {
    await client.send({ path: '/health.json' });
    const { first, follow } = await client.sendThenFollow(
      { path, headers },
      { path: '/health.json' },
    );
    const where = `${path.slice(0, 60)}… (${path.length} chars, ${JSON.stringify(headers).length} of headers) → ${first.status} ${first.body.slice(0, 120)}`;
    expect(first.status, where).toBeLessThan(500);
    expect(first.headers['content-type'], where).toMatch(
      /^(application\/(problem\+)?json|text\/html|text\/markdown)/,
    );
    expect(follow.status, `after ${where}`).toBe(200);
    return {
      ...first,
      type: first.headers['content-type'] ?? '',
      connection: first.headers.connection,
    };
  } finally {
    client.close();
  }
}

const PREFIXES = [
  '/producto/',
  '/category/',
  '/catalog?q=',
  '/spreadsheet/agent_a?q=',
  '/.well-known/agent-skills/',
  '/mcp/',
  '/oauth/',
  '/.well-known/oauth-protected-resource/',
];

describe('over-long requests through the gateway', () => {
  it('answers a long product path with the web app’s own 414, as the app alone does', async () => {
    for (const length of [3_000, 4_000, 5_000, 8_000, 15_000]) {
      const path = `/producto/${'a'.repeat(length)}-1`;
      const alone = await direct(stack.directUrl('web'), path);
      const through = await oddThenNext(path);
      expect(alone.status, `${length}`).toBe(414);
      expect(through.status, `${length}`).toBe(alone.status);
      expect(through.type, `${length}`).toBe(alone.type);
    }
  });

  it('answers what the gateway refuses itself in problem+json, closing the connection', async () => {
    const uri = await oddThenNext(`/catalog?q=${'a'.repeat(60_000)}`);
    expect(uri.status).toBe(414);
    expect(uri.connection).toBe('close');
    expect(JSON.parse(uri.body)).toMatchObject({ title: 'URI Too Long', status: 414 });
    const header = await oddThenNext('/', { 'x-big': 'a'.repeat(20_000) });
    expect(header.status).toBe(431);
    expect(JSON.parse(header.body)).toMatchObject({ status: 431 });
  });

  it('passes on the app’s 431 for headers past its limit, and the connection stays up', async () => {
    const headers = Object.fromEntries(
      Array.from({ length: 3 }, (_, i) => [`x-big-${i}`, 'a'.repeat(9_000)]),
    );
    const answer = await oddThenNext('/', headers);
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/problem\+json/);
  });

  it('answers generated long paths, query strings and headers on every app without a 5xx', async () => {
    // Lengths cluster around the limits: nginx's 4k first buffer, the apps' parameter and
    // header limits, nginx's 16k line buffers.
    const length = fc.oneof(
      fc.integer({ min: 1, max: 70_000 }),
      fc
        .constantFrom(4_096, 8_192, 16_384, 32_768)
        .chain((n) => fc.integer({ min: n - 300, max: n + 300 })),
    );
    const odd = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...PREFIXES),
          length,
          fc.constantFrom('a', '%41', '[', '%7B%22a%22%3A'),
        )
        .map(([prefix, n, unit]) => ({
          path: `${prefix}${unit.repeat(Math.ceil(n / unit.length)).slice(0, n)}`,
          headers: {},
        })),
      fc
        .tuple(
          fc.constantFrom(...PREFIXES.map((p) => p.replace(/[?/]q=$|\/$/, ''))),
          fc.array(length, { minLength: 1, maxLength: 5 }),
        )
        .map(([path, sizes]) => ({
          path,
          headers: Object.fromEntries(sizes.map((n, i) => [`x-odd-${i}`, 'b'.repeat(n)])),
        })),
    );
    await fc.assert(
      fc.asyncProperty(odd, async ({ path, headers }) => {
        await oddThenNext(path, headers);
      }),
      { seed: 20_251_007, numRuns: 60 },
    );
  });
});
