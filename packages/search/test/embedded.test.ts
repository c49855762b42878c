import { describe, expect, it } from 'vitest';
import { createEmbeddedIndex } from '../src/embedded/index.js';
import { openCatalogIndex } from '../src/open-catalog-index.js';
import { runCatalogIndexContract } from './contract/catalog-index.contract.js';
import { contractCatalog } from './contract/fixture.js';

runCatalogIndexContract('embedded', async (products) => createEmbeddedIndex(products));
runCatalogIndexContract('embedded, no cache', async (products) =>
  createEmbeddedIndex(products, { cacheSize: 0 }),
);

describe('embedded engine', () => {
  it('serves a repeated query from the cache, kept from its second time on', async () => {
    const index = createEmbeddedIndex(contractCatalog());
    const first = await index.search({ q: 'nike dunk' });
    // A query seen once is not kept: most queries of varied traffic never come back.
    const second = await index.search({ q: '  NIKE   dunk ' });
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(await index.search({ q: 'nike DUNK' })).toBe(second);
  });

  it('answers a query mix the same with its word cache as without any cache', async () => {
    const products = contractCatalog();
    const cached = createEmbeddedIndex(products, { cacheSize: 1 }); // words cached, results not
    const bare = createEmbeddedIndex(products, { cacheSize: 0 });
    const slugs = async (index: typeof bare, q: string, offset: number) =>
      (await index.search({ q, offset, limit: 5 })).hits.map((p) => p.slug);
    // Each word comes back as a whole word and as the last, prefix-matched one, with typos.
    for (const q of [
      'nike',
      'nik',
      'nike dunk',
      'dunk nike',
      'nkie dunk',
      'dunk',
      'du',
      'du nike',
      'nike du',
    ]) {
      for (const offset of [0, 3]) {
        expect(await slugs(cached, q, offset), `${q} @${offset}`).toEqual(
          await slugs(bare, q, offset),
        );
      }
    }
  });

  it('is what openCatalogIndex loads for engine "embedded"', async () => {
    const index = await openCatalogIndex({ engine: 'embedded', products: contractCatalog() });
    expect(index.engine).toBe('embedded');
    expect((await index.health()).state).toBe('ready');
  });
});
