import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { Meilisearch } from 'meilisearch';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../src/catalog-index.js';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '../src/meilisearch/index.js';
import { type MeilisearchModel, startMeilisearchModel } from '../src/testing/index.js';
import { runCatalogIndexContract } from './contract/catalog-index.contract.js';
import { runIndexVersionContract } from './contract/index-version.contract.js';

// No Meilisearch server runs here: the model (src/testing/meilisearch-model) answers as one does
// for the semantics the engine relies on, over HTTP, so the real client, the indexer with its
// settings (synonyms, stop words) and the engine's translation all run as in production.
describe('Meilisearch model', () => {
  let model: MeilisearchModel | undefined;
  afterAll(async () => {
    await model?.close();
  });

  runCatalogIndexContract('meilisearch (model)', async (products) => {
    model = await startMeilisearchModel();
    await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
    return createMeilisearchIndex({ host: model.url, indexUid: 'products' });
  });

  runIndexVersionContract('meilisearch (model)', async () => {
    const versions = await startMeilisearchModel();
    return { host: versions.url, prefix: '', close: () => versions.close() };
  });

  it('still answers on an index filled before the dictionary fields were filterable', async () => {
    const old = await startMeilisearchModel();
    try {
      await indexCatalogInMeilisearch(generateSampleCatalog({ count: 300 }), {
        host: old.url,
        indexUid: 'old',
      });
      const client = new Meilisearch({ host: old.url });
      await client
        .index('old')
        .updateSettings({ filterableAttributes: ['category', 'price', 'marketplace', 'brand'] })
        .waitTask();
      const index = createMeilisearchIndex({ host: old.url, indexUid: 'old' });
      const nothing = await index.search({ q: 'qwxzvbnm' });
      expect(nothing.total).toBe(0);
      expect(nothing.interpretation?.suggestions).toEqual([]);
      // The engine's own typo tolerance still finds the brand.
      const misspelt = await index.search({ q: 'adidsa' });
      expect(misspelt.total).toBeGreaterThan(0);
    } finally {
      await old.close();
    }
  });

  it('answers popular in the default order on an index filled before slug was filterable', async () => {
    const old = await startMeilisearchModel();
    try {
      const products = generateSampleCatalog({ count: 300 });
      await indexCatalogInMeilisearch(products, { host: old.url, indexUid: 'old' });
      const client = new Meilisearch({ host: old.url });
      const { filterableAttributes } = await client.index('old').getSettings();
      await client
        .index('old')
        .updateSettings({
          filterableAttributes: (filterableAttributes ?? []).filter((a) => a !== 'slug'),
        })
        .waitTask();
      const index = createMeilisearchIndex({ host: old.url, indexUid: 'old' });
      const popularity = { version: 'v1', counts: new Map([[products[200]!.slug, 5]]) };
      for (const query of [{ category: 'bags' as const }, { q: 'nike' }]) {
        expect(await index.search({ ...query, sort: 'popular', popularity })).toEqual(
          await index.search(query),
        );
      }
    } finally {
      await old.close();
    }
  });

  it('asks nothing more for another order when given clicks', async () => {
    const server = await startMeilisearchModel();
    try {
      const products = generateSampleCatalog({ count: 300 });
      await indexCatalogInMeilisearch(products, { host: server.url, indexUid: 'p' });
      const index = createMeilisearchIndex({ host: server.url, indexUid: 'p' });
      const popularity = { version: 'v1', counts: new Map([[products[0]!.slug, 5]]) };
      const asked = async (query: SearchQuery) => {
        const before = server.searches.length;
        await index.search(query);
        return server.searches.slice(before);
      };
      for (const query of [
        { q: 'nike' },
        { category: 'bags' as const, sort: 'price_asc' as const },
      ]) {
        expect(await asked({ ...query, popularity })).toEqual(await asked(query));
      }
      // Popular: the clicked matches and the total, then the page's documents and the rest.
      const popular = await asked({ sort: 'popular', popularity, limit: 5 });
      expect(popular.map((search) => search.filter ?? '')).toEqual([
        `slug IN ["${products[0]!.slug}"]`,
        '',
        `slug IN ["${products[0]!.slug}"]`,
        `NOT slug IN ["${products[0]!.slug}"]`,
      ]);
    } finally {
      await server.close();
    }
  });
});
