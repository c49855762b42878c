import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { type CatalogVersion, fixedCatalog } from '@repo/catalog-io';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { countingIndex } from '@repo/search/testing';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/tools/tool-registry.js';
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

/** A registry with a small cache, and its `search_products` answer's bytes. */
function toolRegistry() {
  const registry = createToolRegistry(
    'https://shop.example',
    { size: 16, ttlMs: 0 },
    Fastify().log,
    { popularity: async () => ({ version: '0', counts: new Map() }) as never },
  );
  const call = async (args: object, catalog: CatalogVersion) =>
    (await registry.call('search_products', args, catalog)).json;
  return { registry, call };
}

describe('the warm-up, for answers that come out the same', () => {
  it('keeps the old version bytes, one copy for both versions, and new bytes where they differ', async () => {
    const { registry, call } = toolRegistry();
    const a = version(A, 'aaaaaaaaaaaaaaaa').version;
    const same = { query: 'hoodie', limit: 3 };
    const changed = { limit: 3 };
    for (const args of [same, changed]) await call(args, a);
    const before = { same: await call(same, a), changed: await call(changed, a) };
    // The same products and one more: the browse count changes, the hoodies' top 3 does not.
    const b = version([...A, all[250]!], 'bbbbbbbbbbbbbbbb').version;
    const pause = () => Promise.resolve();
    expect(await registry.warm(b, a, new AbortController().signal, pause)).toBe(2);
    const after = { same: await call(same, b), changed: await call(changed, b) };
    expect(after.same).toBe(before.same);
    expect(after.changed).not.toBe(before.changed);
    expect(after.changed.toString()).toContain('201 products');
  });
});

describe('a kept answer the warm-up did not reach', () => {
  it('is kept in the new version from its first call, and an answer kept nowhere from its second', async () => {
    const { registry, call } = toolRegistry();
    const a = version(A, 'aaaaaaaaaaaaaaaa').version;
    const kept = { query: 'hoodie' };
    await call(kept, a);
    await call(kept, a);
    await call({ query: 'once only' }, a);
    // The budget ran out before the first answer.
    const b = version(B, 'bbbbbbbbbbbbbbbb');
    const stopped = new AbortController();
    stopped.abort();
    expect(await registry.warm(b.version, a, stopped.signal, () => Promise.resolve())).toBe(0);
    expect(await call(kept, b.version)).toBe(await call(kept, b.version));
    expect(b.searches.count).toBe(1);
    const once = await call({ query: 'once only' }, b.version);
    expect(await call({ query: 'once only' }, b.version)).not.toBe(once);
    expect(b.searches.count).toBe(3);
  });
});
