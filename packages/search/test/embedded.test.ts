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
  it('serves a repeated query from the cache', async () => {
    const index = createEmbeddedIndex(contractCatalog());
    const first = await index.search({ q: 'nike dunk' });
    expect(await index.search({ q: '  NIKE   dunk ' })).toBe(first);
  });

  it('is what openCatalogIndex loads for engine "embedded"', async () => {
    const index = await openCatalogIndex({ engine: 'embedded', products: contractCatalog() });
    expect(index.engine).toBe('embedded');
    expect((await index.health()).state).toBe('ready');
  });
});
