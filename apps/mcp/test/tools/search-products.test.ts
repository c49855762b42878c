import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { describe, expect, it } from 'vitest';
import { build, rpc } from '../helper.js';

async function searchTwice(products: readonly Product[]) {
  const catalog = fixedCatalog(createEmbeddedIndex(products), { version: 'ffffffffffffffff' });
  const app = await build({}, { catalog });
  const results = [];
  for (let id = 0; id < 2; id++) {
    const response = await app.inject(
      rpc({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'search_products', arguments: { query: 'hoodie', limit: 5 } },
      }),
    );
    results.push(response.json().result);
  }
  await app.close();
  return results;
}

describe('search_products on products another site froze', () => {
  it('answers as for any product: summaries are kept on a product only when it can take them', async () => {
    const products = generateSampleCatalog({ count: 200 });
    const plain = await searchTwice(products);
    expect(plain[0].structuredContent.items.length).toBeGreaterThan(0);
    const frozen = await searchTwice(products.map((p) => Object.freeze({ ...p })));
    expect(frozen).toEqual(plain);
  });
});
