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

  it('keeps the cached answers of other orders whatever the clicks, and keys popular on them', async () => {
    const products = contractCatalog();
    const index = createEmbeddedIndex(products);
    const clicks = (version: string) => ({
      version,
      counts: new Map([[products[version.length]!.slug, 3]]),
    });
    await index.search({ q: 'nike', popularity: clicks('a') });
    const kept = await index.search({ q: 'nike', popularity: clicks('a') });
    expect(await index.search({ q: 'nike', popularity: clicks('bb') })).toBe(kept);
    expect(await index.search({ q: 'nike' })).toBe(kept);
    const popular = { sort: 'popular' as const, category: 'bags' as const };
    await index.search({ ...popular, popularity: clicks('a') });
    const first = await index.search({ ...popular, popularity: clicks('a') });
    expect(await index.search({ ...popular, popularity: clicks('a') })).toBe(first);
    expect(await index.search({ ...popular, popularity: clicks('bb') })).not.toBe(first);
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
