import { fixedCatalog } from '@repo/catalog-io';
import type { CatalogIndex } from '@repo/search';
import Fastify, { type InjectOptions } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import mcpApp from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE_URL, build, rpc } from '../helper.js';

const INTERNALS = [
  /\n\s+at /,
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\/srv\/app\//,
  /\.[cm]?[jt]s:\d/,
];
const SECRET = 'engine exploded at /srv/app/node_modules/meilisearch/dist/index.ts:42:7';

function expectClean(body: string, context: string) {
  expect(INTERNALS.filter((re) => re.test(body)).map(String), `${context}: ${body}`).toEqual([]);
  expect(body, context).not.toContain('exploded');
}

const call = (name: string, args: object) =>
  rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });

describe('error bodies of the MCP app', () => {
  it('show no internals for 400, 403, 404, 405, 413, 415 and 429', async () => {
    const app = await build({ RATE_LIMIT_MCP: '7', MCP_BODY_LIMIT: '2048' });
    const cases: [number, InjectOptions][] = [
      [400, rpc('{"jsonrpc":"2.0","id":1,')],
      [400, rpc('[]')],
      [403, rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, { origin: 'https://evil.example' })],
      [404, { method: 'GET', url: '/no/such/thing' }],
      [405, { method: 'GET', url: '/mcp' }],
      [413, rpc(`{"jsonrpc":"2.0","id":1,"method":"${'x'.repeat(4096)}"}`)],
      [415, { ...rpc({}), headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [status, request] of cases) {
      const response = await app.inject(request);
      expect(response.statusCode, JSON.stringify(request).slice(0, 80)).toBe(status);
      expectClean(response.body, String(status));
    }
    let limited = await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    for (let i = 0; i < 10 && limited.statusCode !== 429; i++) {
      limited = await app.inject(rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    }
    expect(limited.statusCode).toBe(429);
    expectClean(limited.body, '429');
  });

  it('answer a broken engine with a JSON-RPC error that says nothing of the failure', async () => {
    const fail = async () => {
      throw new Error(SECRET);
    };
    const index: CatalogIndex = {
      engine: 'meilisearch',
      search: fail,
      getBySlug: fail,
      categories: fail,
      featured: fail,
      health: fail,
      close: async () => undefined,
    };
    const app = Fastify({ logger: false });
    app.register(fp(mcpApp), {
      config: loadConfig({ BASE_URL }),
      catalog: fixedCatalog(index),
      resultCache: { size: 0, ttlMs: 0 },
    });
    await app.ready();
    onTestFinished(() => app.close());
    const requests: InjectOptions[] = [
      call('search_products', { query: 'jordan' }),
      call('list_categories', {}),
      call('get_agent_offers', { product: 'x' }),
      { method: 'GET', url: '/health.json' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expectClean(response.body, String(request.url));
      if (request.url === '/mcp') {
        const body = response.json();
        expect(body.error ?? body.result?.isError, response.body).toBeTruthy();
      }
    }
  });
});
