import { foldWords, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogIndex } from '../src/catalog-index.js';
import { createEmbeddedIndex } from '../src/embedded/index.js';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '../src/meilisearch/index.js';
import { type MeilisearchModel, startMeilisearchModel } from '../src/testing/index.js';

// What worked before the query understanding must still work: the catalog's own words. Checked on
// the sample catalog as a shopper would: a title word lists mostly products with that word, a
// whole title finds its product, nonsense lists far fewer products than no query at all.
const products = generateSampleCatalog();
const every = (n: number) => products.filter((_, i) => i % Math.floor(products.length / n) === 0);
const textOf = (p: Product) => ` ${foldWords(`${p.title} ${(p.tags ?? []).join(' ')}`).join(' ')} `;

async function findsItsProduct(index: CatalogIndex, product: Product): Promise<boolean> {
  for (let offset = 0; offset < 500; offset += 100) {
    const { hits, total } = await index.search({ q: product.title, limit: 100, offset });
    if (hits.some((hit) => hit.slug === product.slug)) return true;
    if (offset + 100 >= total) return false;
  }
  return false;
}

const TITLE_WORDS = [
  'dunk',
  'samba',
  'hoodie',
  'nuptse',
  'cargo',
  'beanie',
  'submariner',
  'airpods',
];

describe.each([
  ['embedded', 200],
  ['meilisearch (model)', 30],
])('the catalog’s own words still work: %s', (name, titles) => {
  let index: CatalogIndex;
  let model: MeilisearchModel | undefined;
  beforeAll(async () => {
    if (name === 'embedded') index = createEmbeddedIndex(products);
    else {
      model = await startMeilisearchModel();
      await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
      index = createMeilisearchIndex({ host: model.url, indexUid: 'products', timeoutMs: 60_000 });
    }
  }, 120_000);
  afterAll(async () => {
    await model?.close();
  });

  it('lists mostly products with a title word, first', async () => {
    for (const word of TITLE_WORDS) {
      const { hits } = await index.search({ q: word, limit: 10 });
      const matching = hits.filter((p) => textOf(p).includes(` ${word}`)).length;
      expect(matching, word).toBeGreaterThanOrEqual(8);
    }
  });

  it('finds a product by its whole title', async () => {
    const missed: string[] = [];
    for (const product of every(titles)) {
      if (!(await findsItsProduct(index, product))) missed.push(product.title);
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('lists far fewer products for nonsense than for no query', async () => {
    const all = (await index.search({})).total;
    for (const q of ['qwxzvbnm asdfgh', 'zzzz', 'xkcd lorem ipsum', 'asdfghjkl']) {
      expect((await index.search({ q })).total, q).toBeLessThan(all / 100);
    }
  });
});
