import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type RateLimitOptions, rateLimitPlugin } from '../src/index.js';

// The plugin's wiring over @fastify/rate-limit; each app's own budget, exemptions and 429 format
// are tested in the app (test/rate-limit.test.ts).
class OverBudget extends Error {
  statusCode = 429;
}

/** An app with the plugin; `x-client` stands in for a verified token's client_id. */
async function build(options: Partial<RateLimitOptions> = {}) {
  const app = Fastify({ logger: false });
  app.decorateRequest('clientId', null);
  app.addHook('onRequest', async (request) => {
    const client = request.headers['x-client'];
    if (typeof client === 'string') request.clientId = client;
  });
  await app.register(rateLimitPlugin, {
    max: 2,
    windowMs: 60_000,
    prefix: 'rl:test:',
    exceeded: (_request, { max, ttl }) => new OverBudget(`over ${max}; retry in ${ttl} ms`),
    ...options,
  });
  app.get('/', async () => 'ok');
  app.get('/free', async () => 'ok');
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

const get = (app: Awaited<ReturnType<typeof build>>, url = '/', headers = {}) =>
  app.inject({ url, headers });

describe('rate-limit plugin', () => {
  it('answers the policy’s error with 429, Retry-After and the RateLimit header fields', async () => {
    const app = await build();
    const first = await get(app);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await get(app)).statusCode).toBe(200);
    const over = await get(app);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^over 2; retry in \d+ ms$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a token’s client apart from its address, and each address apart', async () => {
    const app = await build({ max: 1 });
    expect((await get(app)).statusCode).toBe(200);
    expect((await get(app)).statusCode).toBe(429);
    expect((await get(app, '/', { 'x-client': 'agent-7' })).statusCode).toBe(200);
    expect((await get(app, '/', { 'x-client': 'agent-7' })).statusCode).toBe(429);
    const elsewhere = await app.inject({ url: '/', remoteAddress: '203.0.113.5' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('never counts exempt requests', async () => {
    const app = await build({ max: 1, exempt: (request) => request.url === '/free' });
    for (let i = 0; i < 3; i++) expect((await get(app, '/free')).statusCode).toBe(200);
    expect((await get(app)).statusCode).toBe(200);
    expect((await get(app)).statusCode).toBe(429);
  });

  it('registers nothing at max 0', async () => {
    const app = await build({ max: 0 });
    for (let i = 0; i < 5; i++) {
      const response = await get(app);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});
