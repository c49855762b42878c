import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { countingIndex } from '@repo/search/testing';
import { describe, expect, it } from 'vitest';
import { build, searchProducts } from '../helper.js';

const all = generateSampleCatalog({ count: 300 });
const A = all.slice(0, 200);
const B = all.slice(50, 300);

/** A catalog version of `products` whose index counts its searches. */
function version(products: readonly Product[], id: string) {
  const { index, calls } = countingIndex(createEmbeddedIndex(products), 'search');
  return { version: fixedCatalog(index, { version: id }).current, searches: calls };
}

describe('the warm-up of a new catalog version', () => {
  it('works out the results the old version kept in the new one, before it serves', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build({}, { catalog });
    const kept = [{ query: 'hoodie' }, { limit: 3 }, { query: 'sneakers', sort: 'price_asc' }];
    // Twice each: a result is kept from its second call on. One call only: not kept.
    for (const args of kept) {
      await searchProducts(app, args);
      await searchProducts(app, args);
    }
    await searchProducts(app, { query: 'once only' });

    const b = version(B, 'bbbbbbbbbbbbbbbb');
    expect(await catalog.warmAndSwap(b.version)).toBe(kept.length);
    expect(b.searches.count).toBe(kept.length);
    // Served from what the warm-up kept: no search runs, and the answers are the new version's.
    for (const args of kept) {
      const fresh = await createFresh(B, args);
      expect((await searchProducts(app, args)).structuredContent).toEqual(fresh);
    }
    expect(b.searches.count).toBe(kept.length);
    expect((await searchProducts(app, { limit: 3 })).structuredContent.total).toBe(250);
  });

  it('leaves answers in the popular order to their next call: the clicks may have moved', async () => {
    const a = version(A, 'aaaaaaaaaaaaaaaa');
    const catalog = swappableCatalog(a.version);
    const app = await build({}, { catalog });
    await searchProducts(app, { sort: 'popular' });
    await searchProducts(app, { sort: 'popular' });
    const b = version(B, 'bbbbbbbbbbbbbbbb');
    expect(await catalog.warmAndSwap(b.version)).toBe(0);
    expect(b.searches.count).toBe(0);
  });
});

/** The structured answer of `args` over a fresh app on `products`. */
async function createFresh(products: readonly Product[], args: Record<string, unknown>) {
  const app = await build({}, { index: createEmbeddedIndex(products) });
  return (await searchProducts(app, args)).structuredContent;
}
