import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Product } from '@repo/catalog-core';
import { DEFAULT_AGENTS } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { type CatalogVersion, fixedCatalog, type LiveCatalog } from '@repo/catalog-io';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import type { CatalogIndex } from '@repo/search';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import webApp, { handleFrameworkError } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE } from '../helper.js';

const all = generateSampleCatalog({ count: 300 });
const A = all.slice(0, 200);
// B drops A's first 50 products and adds 100 new ones: other totals and category counts.
const B = all.slice(50, 300);
const onlyA = A[0]!;
const kept = A[100]!;
const onlyB = all[250]!;

function version(
  products: readonly Product[],
  id: string,
  index: CatalogIndex = createEmbeddedIndex(products),
  agents = DEFAULT_AGENTS,
): CatalogVersion {
  return { ...fixedCatalog(index, { agents, version: id }).current, loadedAt: new Date() };
}

async function build(live: LiveCatalog) {
  const app = Fastify({ logger: false, frameworkErrors: handleFrameworkError });
  app.register(fp(webApp), { config: loadConfig({ BASE_URL: BASE }), catalog: live });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

describe('a catalog version swapped in while the web app runs', () => {
  it('serves the new products, forgets the old ones and changes every page ETag', async () => {
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build(catalog);
    const old = await app.inject(`/producto/${kept.slug}`);
    expect(old.headers.etag).toMatch(/^"aaaaaaaaaaaaaaaa-/);
    expect((await app.inject(`/producto/${onlyA.slug}`)).statusCode).toBe(200);
    const listing = await app.inject('/catalog.md');
    expect(listing.body).toContain('200 products');

    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    expect((await app.inject(`/producto/${onlyB.slug}`)).statusCode).toBe(200);
    const gone = await app.inject({
      url: `/producto/${onlyA.slug}`,
      headers: { 'if-none-match': old.headers.etag as string },
    });
    expect(gone.statusCode).toBe(404);
    const again = await app.inject({
      url: `/producto/${kept.slug}`,
      headers: { 'if-none-match': old.headers.etag as string },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-/);
    expect((await app.inject('/catalog.md')).body).toContain('250 products');
  });

  it('finishes a request on the version it started with: one listing, one version', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const plain = createEmbeddedIndex(A);
    // The first version's searches wait until the test has swapped the catalog.
    const slow: CatalogIndex = {
      ...plain,
      engine: plain.engine,
      search: async (query) => {
        await gate;
        return plain.search(query);
      },
      getBySlug: (slug) => plain.getBySlug(slug),
      categories: () => plain.categories(),
      featured: (n) => plain.featured(n),
      health: () => plain.health(),
      close: () => plain.close(),
    };
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    catalog.swap(version(A, 'aaaaaaaaaaaaaaaa', slow));
    const app = await build(catalog);
    const inFlight = app.inject('/catalog.md?q=hoodie');
    await new Promise((resolve) => setTimeout(resolve, 20));
    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    release();
    const first = await inFlight;
    const second = await app.inject('/catalog.md?q=hoodie');
    const expectFrom = async (body: string, index: CatalogIndex) => {
      const result = await index.search({ q: 'hoodie' });
      expect(body).toContain(`${result.total} products`);
      for (const [category, count] of Object.entries(result.categoryCounts)) {
        if (count > 0) expect(body).toMatch(new RegExp(`${category}[^\\n]*\\(${count}\\)`));
      }
    };
    await expectFrom(first.body, plain);
    await expectFrom(second.body, createEmbeddedIndex(B));
    expect(first.headers.etag).toMatch(/^"aaaaaaaaaaaaaaaa-/);
    expect(second.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-/);
  });

  it('reports the version, when it was loaded and the last reload in /health.json', async () => {
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build(catalog);
    const before = (await app.inject('/health.json')).json();
    expect(before.catalog).toMatchObject({
      products: 200,
      version: 'aaaaaaaaaaaaaaaa',
      loaded_at: catalog.current.loadedAt.toISOString(),
      reload: { status: 'ok' },
    });
    catalog.fail('no valid product in catalog.csv');
    const failed = (await app.inject('/health.json')).json();
    expect(failed.status).toBe('ok');
    expect(failed.catalog).toMatchObject({
      products: 200,
      version: 'aaaaaaaaaaaaaaaa',
      reload: { status: 'failed', error: 'no valid product in catalog.csv' },
    });
    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    const after = (await app.inject('/health.json')).json();
    expect(after.catalog).toMatchObject({
      products: 250,
      version: 'bbbbbbbbbbbbbbbb',
      reload: { status: 'ok' },
    });
    expect(after.catalog.reload.error).toBeUndefined();
  });

  it('dates the sitemap by the version and renames agents in llms.txt with the agents file', async () => {
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build(catalog);
    const sitemap = (await app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`<lastmod>${catalog.current.loadedAt.toISOString()}</lastmod>`);
    expect(sitemap).toContain(onlyA.slug);
    const renamed = DEFAULT_AGENTS.map((a, i) => (i === 0 ? { ...a, name: 'Renamed Agent' } : a));
    const next = version(B, 'bbbbbbbbbbbbbbbb', undefined, renamed);
    catalog.swap({ ...next, loadedAt: new Date(next.loadedAt.getTime() + 60_000) });
    const later = (await app.inject('/sitemap.xml')).body;
    expect(later).not.toContain(onlyA.slug);
    expect(later).toContain(onlyB.slug);
    expect(later).toContain(`<lastmod>${catalog.current.loadedAt.toISOString()}</lastmod>`);
    expect((await app.inject('/llms.txt')).body).toContain('Renamed Agent');
  });

  it('keeps nothing of an old version once its requests are done: its caches go with it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build(catalog);
    const old = new WeakRef(catalog.current);
    for (const url of [
      '/',
      '/catalog?q=hoodie',
      '/category/bags.md',
      `/producto/${kept.slug}`,
      '/spreadsheet/agent_a',
      '/api-docs',
      '/sitemap.xml',
      '/llms.txt',
      '/health.json',
      '/producto/no-such-product',
    ]) {
      expect((await app.inject(url)).statusCode).toBeLessThan(500);
    }
    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    expect((await app.inject('/health.json')).json().catalog.version).toBe('bbbbbbbbbbbbbbbb');
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(old.deref()).toBeUndefined();
  });
});
