import type { SortOrder } from '@repo/catalog-core';
import { CATEGORY_IDS, MARKETPLACES, type Product } from '@repo/catalog-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogIndex, SearchQuery } from '../../src/catalog-index.js';
import { isSearchError } from '../../src/errors.js';
import { findListing } from '../../src/pasted-link.js';
import { sortKey } from '../../src/text.js';
import { CRAFTED, contractCatalog } from './fixture.js';
import { runPopularContract } from './popular.contract.js';
import { runQueryUnderstandingContract } from './query-understanding.contract.js';

const slugs = (hits: readonly Product[]): string[] => hits.map((p) => p.slug);

/**
 * The behaviour every CatalogIndex engine must show, run against a fresh index of
 * `contractCatalog()`.
 */
export function runCatalogIndexContract(
  name: string,
  makeIndex: (products: readonly Product[]) => Promise<CatalogIndex>,
): void {
  describe(`CatalogIndex contract: ${name}`, () => {
    const products = contractCatalog();
    let index: CatalogIndex;
    const search = (query: SearchQuery) => index.search(query);
    const brute = (keep: (p: Product) => boolean) => products.filter(keep);

    beforeAll(async () => {
      index = await makeIndex(products);
    });
    afterAll(async () => {
      await index?.close();
    });

    it('returns exact totals for text queries', async () => {
      expect((await search({ q: 'quokka' })).total).toBe(3);
      expect((await search({ q: 'zephyrine' })).total).toBe(3);
    });

    // Literal searches show the matching rules alone; the default search relaxes a query that
    // nothing matches in full (see the query-understanding contract).
    it('requires every word to match (AND)', async () => {
      expect(slugs((await search({ q: 'quokka alpha' })).hits)).toEqual([CRAFTED[0]!.slug]);
      expect((await search({ q: 'quokka echo', literal: true })).total).toBe(0);
    });

    it('matches the last word as a prefix, and only the last', async () => {
      expect(slugs((await search({ q: 'quokka alp' })).hits)).toEqual([CRAFTED[0]!.slug]);
      expect((await search({ q: 'zephyr' })).total).toBe(3);
      expect((await search({ q: 'alp quokka', literal: true })).total).toBe(0);
    });

    it('matches the last word as a prefix with typos too, as Meilisearch does', async () => {
      expect((await search({ q: 'zepyhr' })).total).toBe(3); // "zephyr…" with a swap
      expect((await search({ q: 'zepyhr quokka', literal: true })).total).toBe(0);
    });

    it('splits on punctuation so "t-shirt" matches "T-Shirt"', async () => {
      expect((await search({ q: 'wombat t-shirt' })).total).toBe(1);
      expect((await search({ q: 'Wombat T SHIRT' })).total).toBe(1);
    });

    it('tolerates typos by word length: 0 under 5, 1 from 5 to 8, 2 from 9', async () => {
      expect((await search({ q: 'yeto flask', literal: true })).total).toBe(0); // 4 letters: exact only
      expect((await search({ q: 'qukka' })).total).toBe(3); // 5 letters: one typo
      expect((await search({ q: 'qukkaa', literal: true })).total).toBe(0); // 6 letters: not two
      expect((await search({ q: 'zepyrinee' })).total).toBe(3); // 9 letters: two typos
      expect((await search({ q: 'zepyrinn', literal: true })).total).toBe(0); // 8: not two
    });

    it('counts two swapped letters as one typo, and a different first letter as two', async () => {
      expect((await search({ q: 'quokak' })).total).toBe(3); // a swap: one typo, not two
      expect((await search({ q: 'zepyhrine' })).total).toBe(3);
      expect((await search({ q: 'wombta', literal: true })).total).toBe(2);
      expect((await search({ q: 'xuokka', literal: true })).total).toBe(0); // 6 letters: first letter
      expect((await search({ q: 'xephyrine', literal: true })).total).toBe(3); // 9: first letter = 2
    });

    it('filters by category and keeps counts without the category filter', async () => {
      const all = await search({ q: 'quokka' });
      const bags = await search({ q: 'quokka', category: 'bags' });
      expect(bags.total).toBe(1);
      expect(bags.hits[0]!.category).toBe('bags');
      expect(bags.categoryCounts).toEqual(all.categoryCounts);
      expect(Object.keys(bags.categoryCounts).sort()).toEqual([...CATEGORY_IDS].sort());
      expect(bags.categoryCounts.sneakers).toBe(2);
      expect(bags.categoryCounts.kids).toBe(0);
    });

    it('filters prices inclusively', async () => {
      expect((await search({ q: 'quokka', minPrice: 100, maxPrice: 200 })).total).toBe(2);
      expect((await search({ q: 'quokka', minPrice: 200 })).total).toBe(2);
      expect((await search({ q: 'quokka', maxPrice: 100 })).total).toBe(1);
      expect((await search({ q: 'quokka', minPrice: 100.01, maxPrice: 199.99 })).total).toBe(0);
    });

    it('gives exact totals and counts when browsing with a price range', async () => {
      const result = await search({ category: 'bags', minPrice: 150, maxPrice: 400 });
      const inRange = brute((p) => p.price >= 150 && p.price <= 400);
      expect(result.total).toBe(inRange.filter((p) => p.category === 'bags').length);
      for (const id of CATEGORY_IDS) {
        expect(result.categoryCounts[id]).toBe(inRange.filter((p) => p.category === id).length);
      }
    });

    // `popular` is no order of a product's own fields: its contract is popular.contract.ts.
    const monotone: Record<
      Exclude<SortOrder, 'relevance' | 'popular'>,
      (a: Product, b: Product) => boolean
    > = {
      price_asc: (a, b) => a.price <= b.price,
      price_desc: (a, b) => a.price >= b.price,
      newest: (a, b) => a.created_at >= b.created_at,
      title_asc: (a, b) => sortKey(a.title) <= sortKey(b.title),
    };
    for (const [sort, inOrder] of Object.entries(monotone)) {
      it(`sorts by ${sort}, with text and without`, async () => {
        for (const query of [
          { category: 'sneakers' as const },
          { q: 'nike' },
          { minPrice: 50, maxPrice: 300 },
        ]) {
          const { hits } = await search({ ...query, sort: sort as SortOrder, limit: 100 });
          expect(hits.length).toBeGreaterThan(10);
          for (let i = 1; i < hits.length; i++) expect(inOrder(hits[i - 1]!, hits[i]!)).toBe(true);
        }
      });
    }

    it('treats relevance without text as newest', async () => {
      const relevance = await search({ category: 'caps', sort: 'relevance' });
      const newest = await search({ category: 'caps', sort: 'newest' });
      expect(slugs(relevance.hits)).toEqual(slugs(newest.hits));
    });

    it('ranks exact matches over typos', async () => {
      const { hits } = await search({ q: 'wombat' });
      expect(hits.map((p) => p.brand)).toEqual(['Wombat', 'Wombat']);
    });

    it('pages without duplicates and with a stable total', async () => {
      for (const query of [
        { category: 'sneakers' as const },
        { q: 'black', sort: 'price_asc' as const },
      ]) {
        const first = await search({ ...query, limit: 50 });
        const seen = new Set<string>();
        for (let offset = 0; offset < first.total; offset += 50) {
          const page = await search({ ...query, offset, limit: 50 });
          expect(page.total).toBe(first.total);
          for (const p of page.hits) seen.add(p.slug);
        }
        expect(seen.size).toBe(first.total);
      }
      const wide = await search({ q: 'nike', limit: 30 });
      const window = await search({ q: 'nike', offset: 5, limit: 10 });
      expect(slugs(window.hits)).toEqual(slugs(wide.hits).slice(5, 15));
      expect(window).toMatchObject({ offset: 5, limit: 10 });
    });

    it('answers a query that matches nothing', async () => {
      const result = await search({ q: 'xylophonequartz' });
      expect(result.total).toBe(0);
      expect(result.hits).toEqual([]);
      expect(Object.values(result.categoryCounts).every((n) => n === 0)).toBe(true);
      expect((await search({ category: 'bags', offset: 100_000 })).hits).toEqual([]);
    });

    it('rejects invalid queries with INVALID_QUERY', async () => {
      for (const bad of [
        { offset: -1 },
        { limit: 0 },
        { limit: 101 },
        { minPrice: Number.NaN },
        { minPrice: 10, maxPrice: 5 },
      ]) {
        const error = await search(bad).catch((e: unknown) => e);
        expect(isSearchError(error) && error.code).toBe('INVALID_QUERY');
      }
    });

    it('gets a product by slug', async () => {
      expect(await index.getBySlug(CRAFTED[2]!.slug)).toEqual(CRAFTED[2]);
      expect(await index.getBySlug('no-such-product-12345')).toBeUndefined();
    });

    it('lists the 14 categories with counts that add up to the catalog', async () => {
      const categories = await index.categories();
      expect(categories.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
      expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(products.length);
      expect(categories.find((c) => c.id === 'bags')!.count).toBe(
        brute((p) => p.category === 'bags').length,
      );
    });

    it('features the newest products, spread over the categories, deterministically', async () => {
      const featured = await index.featured(20);
      expect(featured).toHaveLength(20);
      expect(new Set(featured.slice(0, 14).map((p) => p.category)).size).toBe(14);
      expect(slugs(await index.featured(20))).toEqual(slugs(featured));
      const newestBag = (await search({ category: 'bags', sort: 'newest', limit: 1 })).hits[0];
      expect(featured.find((p) => p.category === 'bags')?.slug).toBe(newestBag?.slug);
      expect(await index.featured(0)).toEqual([]);
    });

    it('finds a listing by marketplace and item number, exact pairs only', async () => {
      // Every 97th product: all three marketplaces, item numbers of every length in the sample.
      for (const product of products.filter((_, i) => i % 97 === 0)) {
        const found = await findListing(index, product.marketplace, product.item_id);
        expect(slugs(found)).toEqual(
          slugs(
            brute((p) => p.marketplace === product.marketplace && p.item_id === product.item_id),
          ),
        );
        expect(slugs(found)).toContain(product.slug);
        const other = MARKETPLACES.find((m) => m !== product.marketplace)!;
        expect(await findListing(index, other, product.item_id)).toEqual([]);
        // One digit off is a typo to the text engine, and another listing to a link.
        const last = product.item_id.at(-1) === '9' ? '8' : '9';
        expect(
          await findListing(index, product.marketplace, `${product.item_id.slice(0, -1)}${last}`),
        ).toEqual(
          brute(
            (p) =>
              p.item_id === `${product.item_id.slice(0, -1)}${last}` &&
              p.marketplace === product.marketplace,
          ),
        );
      }
    });

    it('reports health', async () => {
      expect(await index.health()).toMatchObject({ state: 'ready', products: products.length });
    });

    runQueryUnderstandingContract(search, products);
    runPopularContract(search, products);
  });
}
