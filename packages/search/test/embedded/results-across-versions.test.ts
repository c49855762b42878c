import { DEFAULT_LEXICON, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it } from 'vitest';
import type { CatalogIndex, SearchQuery } from '../../src/catalog-index.js';
import { readBack } from './read-back.js';

const products = generateSampleCatalog({ count: 400 });
const brand = products[0]!.brand;
const category = products[0]!.category;

/** A version that kept the result of `query` (asked twice), as a serving version does. */
async function keeping(query: SearchQuery, catalog: readonly Product[] = products) {
  const index = readBack(catalog);
  await index.search(query);
  const kept = await index.search(query);
  expect(await index.search(query)).toBe(kept);
  return { index, kept };
}

/** What a version of `catalog` answers with nothing before it. */
const fresh = (catalog: readonly Product[], query: SearchQuery) => readBack(catalog).search(query);

/** The catalog with the price of each product `pick` chooses one yuan up. */
const repriced = (pick: (p: Product) => boolean) =>
  products.map((p) => (pick(p) ? { ...p, price: p.price + 1 } : p));

/** The slugs a query shows, to choose products it does or does not show. */
async function shown(index: CatalogIndex, query: SearchQuery): Promise<Set<string>> {
  return new Set((await index.search(query)).hits.map((hit) => hit.slug));
}

describe('results across versions', () => {
  const query = { q: brand, category, limit: 7 };

  it('are the version before’s after an edit of prices the result does not show', async () => {
    const { index: before, kept } = await keeping(query);
    const hits = await shown(before, query);
    const changed = repriced((p) => !hits.has(p.slug) && p.category === category);
    const after = readBack(changed, before);
    const result = await after.search(query);
    expect(result).toBe(kept);
    expect(result).toEqual(await fresh(changed, query));
  });

  it('are taken too when the version before no longer holds the products they show', async () => {
    // More products than a version holds read: showing them all pushes out the first ones.
    const many = generateSampleCatalog({ count: 5_000 });
    const wide = { q: many[0]!.brand, category: many[0]!.category, limit: 7 };
    const { index: before, kept } = await keeping(wide, many);
    for (const p of many) await before.getBySlug(p.slug);
    const changed = many.map((p, i) => (i === many.length - 1 ? { ...p, price: p.price + 1 } : p));
    const result = await readBack(changed, before).search(wide);
    expect(result).toBe(kept);
    expect(result).toEqual(await fresh(changed, wide));
  });

  it('keep the version before’s documents when a product they show changed, read anew', async () => {
    const { index: before, kept } = await keeping(query);
    const [first] = await shown(before, query);
    const changed = repriced((p) => p.slug === first);
    const after = readBack(changed, before);
    const result = await after.search(query);
    expect(result).not.toBe(kept);
    expect(result).toEqual(await fresh(changed, query));
    expect(result.hits.find((hit) => hit.slug === first)?.price).toBe(
      kept.hits.find((hit) => hit.slug === first)!.price + 1,
    );
    // Not searched again: what the result counted is the version before's, the same object.
    expect(result.categoryCounts).toBe(kept.categoryCounts);
    // Kept from then on.
    expect(await after.search(query)).toBe(result);
  });

  it('read anew each shown product whose bytes changed, not only its price', async () => {
    const { index: before, kept } = await keeping(query);
    const hits = [...(await shown(before, query))];
    const pictured = new Set(hits.slice(0, 2));
    const changed = products.map((p) =>
      pictured.has(p.slug)
        ? { ...p, weight_grams: (p.weight_grams ?? 500) + 1, price: p.price + 2 }
        : p,
    );
    const after = readBack(changed, before);
    const result = await after.search(query);
    expect(result.categoryCounts).toBe(kept.categoryCounts);
    expect(result).toEqual(await fresh(changed, query));
    for (const [i, hit] of result.hits.entries()) {
      if (pictured.has(hit.slug)) expect(hit).not.toBe(kept.hits[i]);
      else expect(hit).toBe(kept.hits[i]);
    }
    expect(await after.search(query)).toBe(result);
  });

  it('are worked out again when the query filters or orders by price', async () => {
    for (const priced of [
      { ...query, sort: 'price_asc' as const },
      { ...query, sort: 'price_desc' as const },
      { ...query, maxPrice: 100_000 },
      { q: `${brand} under 5000`, limit: 7 },
    ]) {
      const { index: before, kept } = await keeping(priced);
      const hits = await shown(before, priced);
      // A product the result does not show, now cheap enough to come first.
      const changed = products.map((p) =>
        !hits.has(p.slug) && p.brand === brand ? { ...p, price: 1 } : p,
      );
      const result = await readBack(changed, before).search(priced);
      expect(result, JSON.stringify(priced)).not.toBe(kept);
      expect(result, JSON.stringify(priced)).toEqual(await fresh(changed, priced));
    }
  });

  it('are worked out again when any text changed, even of a product they do not show', async () => {
    const { index: before, kept } = await keeping(query);
    const hits = await shown(before, query);
    const other = products.find((p) => !hits.has(p.slug))!;
    const changed = products.map((p) => (p === other ? { ...p, title: `${p.title} v2` } : p));
    const result = await readBack(changed, before).search(query);
    expect(result).not.toBe(kept);
    expect(result).toEqual(await fresh(changed, query));
  });

  it('are worked out again with another lexicon, even one of the same words', async () => {
    const { index: before, kept } = await keeping(query);
    const other = { ...DEFAULT_LEXICON, fillers: [...DEFAULT_LEXICON.fillers, 'zzzq'] };
    expect(await readBack(products, before, other).search(query)).not.toBe(kept);
    // Telling two lexicons alike would take longer than the search: `loadLexicon` gives the same
    // object again when the operator's words did not change.
    const copy = structuredClone(DEFAULT_LEXICON);
    const result = await readBack(products, before, copy).search(query);
    expect(result).not.toBe(kept);
    expect(result).toEqual(kept);
  });

  it('correct misspelt words with the dictionary of their own version', async () => {
    // Two pairs of letters swapped: too far for the text index, near enough for the dictionary.
    const misspelt = { q: 'ozrblaxain', limit: 3 };
    const before = readBack(products);
    // The version before builds its dictionary, which has no such word.
    expect((await before.search(misspelt)).total).toBe(0);
    const renamed = products.map((p, i) => (i === 5 ? { ...p, brand: 'Zorblaxian' } : p));
    const after = readBack(renamed, before);
    const result = await after.search(misspelt);
    expect(result.interpretation?.corrections).toEqual([{ from: 'ozrblaxain', to: 'zorblaxian' }]);
    expect(result.hits.map((hit) => hit.slug)).toEqual([products[5]!.slug]);
    // After an edit of prices, the next version mends it as this one did.
    const cheaper = renamed.map((p) => ({ ...p, price: p.price + 1 }));
    expect(await readBack(cheaper, after).search(misspelt)).toEqual(await fresh(cheaper, misspelt));
  });

  it('are taken from an answer the caller holds, asked again, and kept for no one else', async () => {
    const before = readBack(products);
    // Asked once: the version before keeps nothing to carry.
    const held = await before.search(query);
    const hits = await shown(before, query);
    const changed = repriced((p) => !hits.has(p.slug) && p.category === category);
    const after = readBack(changed, before);
    expect(await after.searchAgain!(query, held)).toBe(held);
    const searched = await after.search(query);
    expect(searched).not.toBe(held);
    expect(searched).toEqual(held);
    // A shown product repriced is read anew; the rest of the answer is the one held.
    const [first] = hits;
    const dearer = readBack(
      repriced((p) => p.slug === first),
      before,
    );
    const again = await dearer.searchAgain!(query, held);
    expect(again.categoryCounts).toBe(held.categoryCounts);
    expect(again).toEqual(
      await fresh(
        repriced((p) => p.slug === first),
        query,
      ),
    );
  });

  it('are worked out when asked again with a held answer they cannot take', async () => {
    const priced = { ...query, sort: 'price_asc' as const };
    const before = readBack(products);
    const held = await before.search(priced);
    const hits = await shown(before, priced);
    const changed = products.map((p) =>
      !hits.has(p.slug) && p.brand === brand ? { ...p, price: 1 } : p,
    );
    expect(await readBack(changed, before).searchAgain!(priced, held)).toEqual(
      await fresh(changed, priced),
    );
    // Without a version before, or after an edit of text, the held answer is not taken either.
    expect(await readBack(products).searchAgain!(query, await before.search(query))).not.toBe(
      await before.search(query),
    );
    const other = products.find((p) => p.category !== category)!;
    const renamed = products.map((p) => (p === other ? { ...p, title: `${p.title} v2` } : p));
    const answer = await before.search(query);
    const again = await readBack(renamed, before).searchAgain!(query, answer);
    expect(again).not.toBe(answer);
    expect(again).toEqual(await fresh(renamed, query));
  });

  it('are not taken from a version that is closed', async () => {
    const { index: before, kept } = await keeping(query);
    await before.close();
    const result = await readBack(products, before).search(query);
    expect(result).not.toBe(kept);
    expect(result).toEqual(kept);
  });
});
