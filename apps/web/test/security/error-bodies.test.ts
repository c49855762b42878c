import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import type { CatalogIndex } from '@repo/search';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import webApp from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE, build } from '../helper.js';

const INTERNALS = [
  /\n\s+at /,
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\/srv\/app\//,
  /\.[cm]?[jt]s:\d/,
];
const SECRET = 'engine exploded at /srv/app/node_modules/minisearch/dist/index.ts:42:7';
const ACCEPTS = {
  html: 'text/html',
  markdown: 'text/markdown',
  json: 'application/json',
};

function expectClean(body: string, context: string) {
  expect(INTERNALS.filter((re) => re.test(body)).map(String), `${context}: ${body}`).toEqual([]);
  expect(body, context).not.toContain('exploded');
}

/** A catalog index whose every call fails the way a broken engine would, path and stack included. */
function failingIndex(): CatalogIndex {
  const fail = async () => {
    throw new Error(SECRET);
  };
  return {
    engine: 'embedded',
    search: fail,
    getBySlug: fail,
    categories: fail,
    featured: fail,
    health: fail,
    close: async () => undefined,
  };
}

describe('error bodies of the web app', () => {
  it.each(Object.entries(ACCEPTS))(
    'show no internals for 400, 404, 405 and 429 (%s)',
    async (_name, accept) => {
      const app = await build({ RATE_LIMIT_PAGES: '4' });
      const cases: [
        number,
        { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: string },
      ][] = [
        [400, { url: '/catalog?page=0&min_price=abc' }],
        [404, { url: '/no/such/page' }],
        [404, { url: '/producto/no-such-product' }],
        [405, { method: 'DELETE', url: '/catalog' }],
      ];
      for (const [status, request] of cases) {
        const response = await app.inject({ ...request, headers: { accept } });
        expect(response.statusCode, request.url).toBe(status);
        expectClean(response.body, `${status} ${accept}`);
      }
    },
  );

  it.each(Object.entries(ACCEPTS))(
    'answer a broken engine with a plain 5xx (%s)',
    async (_name, accept) => {
      const app = Fastify({ logger: false });
      app.register(fp(webApp), {
        config: loadConfig({ BASE_URL: BASE, PAGE_CACHE_MB: '0' }),
        catalog: fixedCatalog(failingIndex()),
      });
      await app.ready();
      onTestFinished(() => app.close());
      const product = generateSampleCatalog({ count: 1 })[0]!;
      for (const url of [
        '/',
        '/catalog?q=x',
        '/category/bags',
        `/producto/${product.slug}`,
        '/spreadsheet/agent_a',
        '/catalog.md',
        '/sitemap.xml',
        '/health.json',
      ]) {
        const response = await app.inject({ url, headers: { accept } });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(500);
        expectClean(response.body, `${url} ${accept}`);
      }
    },
  );
});
