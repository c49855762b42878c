import type { Popularity, Product } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import type { SearchQuery, SearchResult } from '../../src/catalog-index.js';

const slugs = (hits: readonly Product[]): string[] => hits.map((p) => p.slug);

/** Newest first, ties by slug: the default order of a browse. */
const newestFirst = (a: Product, b: Product) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || (a.slug < b.slug ? -1 : 1);

function popularity(version: string, counts: Iterable<readonly [string, number]>): Popularity {
  return { version, counts: new Map(counts) };
}

/** The popular order worked out by hand: most clicks first, ties (and the rest) as given. */
function byClicks(inDefaultOrder: readonly Product[], clicks: Popularity): string[] {
  const count = (p: Product) => clicks.counts.get(p.slug) ?? 0;
  return [...inDefaultOrder].sort((a, b) => count(b) - count(a)).map((p) => p.slug);
}

/**
 * `sort: 'popular'`, run inside the CatalogIndex contract on the same index: the default order's
 * matches and counts, the clicked products first by clicks, ties and the rest in the default
 * order (relevance with text, newest without), paged across the boundary.
 */
export function runPopularContract(
  search: (query: SearchQuery) => Promise<SearchResult>,
  products: readonly Product[],
): void {
  /** Every hit of a query, page by page (pages of `limit`). */
  const everything = async (query: SearchQuery, limit = 100): Promise<Product[]> => {
    const out: Product[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await search({ ...query, offset, limit });
      out.push(...page.hits);
      if (offset + limit >= page.total) return out;
    }
  };
  const newest = [...products].sort(newestFirst);
  // Every 37th product, 1 to 5 clicks (many ties), a slug the catalog lacks, a product at 0.
  const clicks = popularity('v1', [
    ...newest.filter((_, i) => i % 37 === 5).map((p, i) => [p.slug, 1 + (i % 5)] as const),
    ['no-such-product-12345', 50],
    [newest[1]!.slug, 0],
  ]);

  /** The popular answer equals the default one but for the order, which is `expected`. */
  const expectPopular = async (query: SearchQuery, pop: Popularity, expected: string[]) => {
    const popular = await search({ ...query, sort: 'popular', popularity: pop, limit: 100 });
    const plain = await search({ ...query, limit: 100 });
    expect(popular.total).toBe(plain.total);
    expect(popular.categoryCounts).toEqual(plain.categoryCounts);
    expect(popular.interpretation).toEqual(plain.interpretation);
    expect(slugs(await everything({ ...query, sort: 'popular', popularity: pop }))).toEqual(
      expected,
    );
  };

  describe('sort: popular', () => {
    it('browses the clicked products first by clicks, ties and the rest newest first', async () => {
      const expected = byClicks(newest, clicks);
      const clicked = expected.filter((slug) => (clicks.counts.get(slug) ?? 0) > 0);
      expect(clicked.length).toBeGreaterThan(40);
      const popular = await search({ sort: 'popular', popularity: clicks, limit: 100 });
      expect(slugs(popular.hits)).toEqual(expected.slice(0, 100));
      expect(popular.total).toBe(products.length);
      const deep = await search({ sort: 'popular', popularity: clicks, offset: 1900, limit: 100 });
      expect(slugs(deep.hits)).toEqual(expected.slice(1900, 2000));
    });

    it('keeps to the category and its counts', async () => {
      const sneakers = newest.filter((p) => p.category === 'sneakers');
      await expectPopular({ category: 'sneakers' }, clicks, byClicks(sneakers, clicks));
    });

    it('keeps to the price range, with and without a category', async () => {
      const inRange = newest.filter((p) => p.price >= 100 && p.price <= 400);
      await expectPopular({ minPrice: 100, maxPrice: 400 }, clicks, byClicks(inRange, clicks));
      const bags = inRange.filter((p) => p.category === 'bags');
      await expectPopular(
        { category: 'bags', minPrice: 100, maxPrice: 400 },
        clicks,
        byClicks(bags, clicks),
      );
    });

    it('orders clicked ties and the rest of a text query by relevance', async () => {
      const relevance = await everything({ q: 'black' });
      expect(relevance.length).toBeGreaterThan(30);
      // Tied products whose relevance order is not their newest order (a product ranked right
      // after an older one): a tie broken any other way than by relevance shows.
      const j = relevance.findIndex((p, k) => k > 0 && newestFirst(p, relevance[k - 1]!) < 0);
      expect(j).toBeGreaterThan(0);
      const tied = [relevance.at(-2)!, relevance[j]!, relevance[j - 1]!];
      const others = relevance.filter((p) => !tied.includes(p));
      const [nine, one] = [others[Math.floor(others.length / 2)]!, others.at(-1)!];
      const pop = popularity('text', [
        ...tied.map((p) => [p.slug, 4] as const),
        [nine.slug, 9],
        [one.slug, 1],
      ]);
      const expected = byClicks(relevance, pop);
      expect(expected.slice(0, 5)).toEqual(
        slugs([nine, relevance[j - 1]!, relevance[j]!, relevance.at(-2)!, one]),
      );
      await expectPopular({ q: 'black' }, pop, expected);
      await expectPopular(
        { q: 'black', minPrice: 150 },
        pop,
        byClicks(
          relevance.filter((p) => p.price >= 150),
          pop,
        ),
      );
    });

    it('orders a relaxed query by clicks over the relaxed matches', async () => {
      const relaxed = await everything({ q: 'quokka xylophonequartz' });
      expect(relaxed).toHaveLength(3);
      const pop = popularity('relaxed', [[relaxed[2]!.slug, 2]]);
      await expectPopular({ q: 'quokka xylophonequartz' }, pop, byClicks(relaxed, pop));
      const answer = await search({
        q: 'quokka xylophonequartz',
        sort: 'popular',
        popularity: pop,
      });
      expect(answer.interpretation?.relaxed).toBe(true);
      expect(answer.hits[0]!.slug).toBe(relaxed[2]!.slug);
    });

    it('pages across the boundary between clicked and unclicked products', async () => {
      for (const query of [{ category: 'sneakers' as const }, { q: 'black' }, { minPrice: 200 }]) {
        const whole = slugs(await everything({ ...query, sort: 'popular', popularity: clicks }));
        const clicked = whole.filter((slug) => (clicks.counts.get(slug) ?? 0) > 0).length;
        expect(clicked).toBeGreaterThan(2);
        expect(
          slugs(await everything({ ...query, sort: 'popular', popularity: clicks }, 7)),
        ).toEqual(whole);
        for (const offset of [clicked - 3, clicked - 1, clicked, clicked + 2]) {
          const page = await search({
            ...query,
            sort: 'popular',
            popularity: clicks,
            offset,
            limit: 5,
          });
          expect(slugs(page.hits), `${JSON.stringify(query)} @${offset}`).toEqual(
            whole.slice(offset, offset + 5),
          );
          expect(page).toMatchObject({ offset, limit: 5, total: whole.length });
        }
      }
    });

    it('answers the default order without clicks', async () => {
      const none = [
        undefined,
        popularity('empty', []),
        popularity('zeros', [
          [newest[0]!.slug, 0],
          [newest[3]!.slug, -2],
          [newest[4]!.slug, Number.NaN],
        ]),
        popularity('elsewhere', [['no-such-product-12345', 7]]),
      ];
      for (const query of [
        {},
        { category: 'caps' as const },
        { q: 'black' },
        { q: 'nike', minPrice: 300 },
      ]) {
        const plain = await search({ ...query, offset: 3, limit: 20 });
        for (const pop of none) {
          const popular = await search({
            ...query,
            sort: 'popular',
            offset: 3,
            limit: 20,
            ...(pop && { popularity: pop }),
          });
          expect(popular, `${JSON.stringify(query)} ${pop?.version}`).toEqual(plain);
        }
      }
    });

    it('changes no other order', async () => {
      for (const query of [
        { q: 'black' },
        { q: 'black', sort: 'relevance' as const },
        { sort: 'newest' as const },
        { category: 'bags' as const, sort: 'price_asc' as const },
        { q: 'nike', sort: 'price_desc' as const },
        { sort: 'title_asc' as const, minPrice: 100 },
      ]) {
        expect(await search({ ...query, popularity: clicks }), JSON.stringify(query)).toEqual(
          await search(query),
        );
      }
    });

    it('answers the clicks of a new version, never a cached answer of the old one', async () => {
      const bags = newest.filter((p) => p.category === 'bags');
      const query = { category: 'bags' as const, sort: 'popular' as const, limit: 5 };
      const first = popularity('first', [[bags[7]!.slug, 3]]);
      for (let i = 0; i < 3; i++) {
        expect((await search({ ...query, popularity: first })).hits[0]!.slug).toBe(bags[7]!.slug);
      }
      const second = popularity('second', [[bags[9]!.slug, 3]]);
      for (let i = 0; i < 3; i++) {
        expect((await search({ ...query, popularity: second })).hits[0]!.slug).toBe(bags[9]!.slug);
      }
      expect(slugs((await search({ ...query, popularity: popularity('none', []) })).hits)).toEqual(
        slugs(bags.slice(0, 5)),
      );
    });

    it('counts only the 1,000 most clicked products as clicked', async () => {
      // The 1,000 oldest at 2 clicks, and the oldest of the others at 1: past the cut, it is
      // unclicked and comes last (newest order), not right after the thousand.
      const thousand = newest.slice(-1000);
      const past = newest.at(-1001)!;
      const pop = popularity('bound', [
        ...thousand.map((p) => [p.slug, 2] as const),
        [past.slug, 1],
      ]);
      const expected = [...slugs(thousand), ...slugs(newest.slice(0, -1000))];
      expect(expected.at(-1)).toBe(past.slug);
      const total = products.length;
      const around = await search({ sort: 'popular', popularity: pop, offset: 995, limit: 10 });
      expect(slugs(around.hits)).toEqual(expected.slice(995, 1005));
      const last = await search({ sort: 'popular', popularity: pop, offset: total - 5, limit: 5 });
      expect(slugs(last.hits)).toEqual(expected.slice(total - 5));
    });
  });
}
