import { DEFAULT_AGENTS, DEFAULT_CURRENCY_RATES, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { describe, expect, it } from 'vitest';
import { productSummaries } from '../../src/tools/search-products.js';
import type { KeptLine, ToolContext } from '../../src/tools/tool-context.js';
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

describe('product summaries across catalog versions', () => {
  const [product] = generateSampleCatalog({ count: 1 });
  const context = (rates = DEFAULT_CURRENCY_RATES): ToolContext => ({
    index: createEmbeddedIndex([]),
    baseUrl: 'https://catalog.example',
    agents: DEFAULT_AGENTS,
    rates: structuredClone(rates),
    freeze: (value) => value,
    keepLine: (text): KeptLine => ({ text }),
  });

  it('are made once for a product the next version takes over, when made the same way', () => {
    const [first] = productSummaries([product!], context());
    // The next version: a context of its own, with the same base URL, agents and rates.
    expect(productSummaries([product!], context())[0]).toBe(first);
  });

  it('are made again when the rates change', () => {
    const [first] = productSummaries([product!], context());
    const dearer = { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 9 };
    const [again] = productSummaries(
      [product!],
      context({ ...DEFAULT_CURRENCY_RATES, cny_per_unit: dearer }),
    );
    expect(again).not.toBe(first);
    expect(again?.prices.USD).not.toBe(first?.prices.USD);
  });
});
