import { gunzipSync } from 'node:zlib';
import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { type CatalogVersion, fixedCatalog, type LiveCatalog } from '@repo/catalog-io';
import { injectWarm } from '@repo/fastify-kit';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import type { CatalogIndex } from '@repo/search';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { countingIndex } from '@repo/search/testing';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it, onTestFinished } from 'vitest';
import webApp, { handleFrameworkError } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BASE } from '../helper.js';

const all = generateSampleCatalog({ count: 300 });
const A = all.slice(0, 200);
const B = all.slice(50, 300);
const both = A[120]!;

/** A catalog version of `products` whose index counts the products it is asked for. */
function version(products: readonly Product[], id: string) {
  const { index, calls } = countingIndex(createEmbeddedIndex(products), 'getBySlug');
  const current: CatalogVersion = fixedCatalog(index, { version: id }).current;
  return { version: current, reads: calls };
}

async function build(live: LiveCatalog, env: Record<string, string> = {}) {
  const app = Fastify({ logger: false, frameworkErrors: handleFrameworkError });
  app.register(fp(webApp), { config: loadConfig({ BASE_URL: BASE, ...env }), catalog: live });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

describe('the warm-up of a new catalog version', () => {
  it('builds the pages the old version kept in the new one, as they were asked, before it serves', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build(catalog);
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const markdown = { accept: 'text/markdown' };
    await app.inject({ url: `/producto/${both.slug}`, headers: german });
    await app.inject({ url: `/producto/${both.slug}.md`, headers: markdown });
    await app.inject('/catalog?q=hoodie&sort=price_asc');

    const b = version(B, 'bbbbbbbbbbbbbbbb');
    expect(await catalog.warmAndSwap(b.version)).toBe(3);
    const readsAfterWarm = b.reads.count;
    expect(readsAfterWarm).toBeGreaterThanOrEqual(2);

    // Each answered from the page the warm-up kept: no product read, the new version's ETag,
    // and the representation the first request chose.
    const page = await app.inject({ url: `/producto/${both.slug}`, headers: german });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('de');
    expect(page.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-/);
    const twin = await app.inject({ url: `/producto/${both.slug}.md`, headers: markdown });
    expect(twin.headers['content-type']).toContain('text/markdown');
    const listing = await app.inject('/catalog?q=hoodie&sort=price_asc');
    expect(listing.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-/);
    expect(b.reads.count).toBe(readsAfterWarm);
  });

  it('takes over a product page that reads the same in the new version, and builds again one an edit changed', async () => {
    const related = async (p: Product, index: CatalogIndex) =>
      (await index.search({ q: p.brand, category: p.category, limit: 7 })).hits;
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    // A product shown among another's related products, and a product of another category.
    const index = createEmbeddedIndex(A);
    let shown: Product | undefined;
    let edited: Product | undefined;
    for (const p of A) {
      edited = (await related(p, index)).find((h) => h.slug !== p.slug);
      if (edited) {
        shown = p;
        break;
      }
    }
    const apart = A.find((p) => p.category !== edited!.category)!;
    const aSearches = countingIndex(a.version.index, 'search');
    const catalog = swappableCatalog({ ...a.version, index: aSearches.index });
    const app = await build(catalog);
    const before = {
      shown: await app.inject(`/producto/${shown!.slug}`),
      apart: await app.inject(`/producto/${apart.slug}`),
    };
    const dearer = { ...edited!, price: edited!.price + 100 };
    const b = version(
      A.map((p) => (p.slug === dearer.slug ? dearer : p)),
      'bbbbbbbbbbbbbbbb',
    );
    const searches = countingIndex(b.version.index, 'search');
    const again = countingIndex(searches.index, 'searchAgain');
    const searchedBefore = aSearches.calls.count;
    expect(await catalog.warmAndSwap({ ...b.version, index: again.index })).toBe(2);
    const readsAfterWarm = b.reads.count;
    // Each page's related search asked again with the answer the page kept, to compare, and
    // none of the version before; the changed page's searched as it is built again.
    expect(again.calls.count).toBe(2);
    expect(searches.calls.count).toBe(1);
    expect(aSearches.calls.count).toBe(searchedBefore);

    const apartAfter = await app.inject(`/producto/${apart.slug}`);
    expect(apartAfter.headers.etag).toBe(
      before.apart.headers.etag?.replace('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'),
    );
    expect(apartAfter.body).toBe(before.apart.body);
    const shownAfter = await app.inject(`/producto/${shown!.slug}`);
    expect(shownAfter.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-/);
    expect(shownAfter.body).not.toBe(before.shown.body);
    expect(shownAfter.body).toContain(dearer.price.toFixed(2));
    // Both were kept by the warm-up.
    expect(b.reads.count).toBe(readsAfterWarm);
  });

  it('answers a warm-up of a kept page as it answers a client, and keeps the page in its coding', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build(catalog);
    const gzip = { 'accept-encoding': 'gzip' };
    const first = await app.inject({ url: `/producto/${both.slug}`, headers: gzip });
    expect(first.headers['content-encoding']).toBe('gzip');
    const b = version(B, 'bbbbbbbbbbbbbbbb');
    const url = `/producto/${both.slug}`;
    // Kept by the first warm-up; the second finds it kept.
    for (let i = 0; i < 2; i++) {
      const warm = await injectWarm(app, b.version, { url, headers: gzip });
      expect(warm).toBe(200);
    }
    const readsAfterWarm = b.reads.count;
    catalog.swap(b.version);
    const page = await app.inject({ url, headers: gzip });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.etag).toMatch(/^"bbbbbbbbbbbbbbbb-.*-gzip"$/);
    expect(gunzipSync(page.rawPayload).toString()).toContain(both.title.slice(0, 20));
    expect(b.reads.count).toBe(readsAfterWarm);
  });

  it('counts no warm-up request against a client: the rate limit sees only what clients sent', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build(catalog, { RATE_LIMIT_PAGES: '2' });
    expect((await app.inject(`/producto/${both.slug}`)).statusCode).toBe(200);
    expect(await catalog.warmAndSwap(version(B, 'bbbbbbbbbbbbbbbb').version)).toBe(1);
    expect((await app.inject(`/producto/${both.slug}`)).statusCode).toBe(200);
    expect((await app.inject(`/producto/${both.slug}`)).statusCode).toBe(429);
  });

  it('sends a client that names the warm-up header the version that serves', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build(catalog);
    const page = await app.inject({
      url: `/producto/${both.slug}`,
      headers: { 'x-catalog-warm': 'a guess' },
    });
    expect(page.headers.etag).toMatch(/^"aaaaaaaaaaaaaaaa-/);
  });
});
