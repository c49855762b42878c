import type { CategoryId, Product } from '@repo/catalog-core';
import { CATEGORY_IDS, SORT_ORDERS } from '@repo/catalog-core';
import { type SearchQuery, tokenize } from '@repo/search';

/** The kinds of query in the benchmark mix, in equal shares. */
export const QUERY_KINDS = ['oneWord', 'twoWord', 'prefix', 'typo', 'filtered', 'browse'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface BenchQuery {
  readonly kind: QueryKind;
  readonly query: SearchQuery;
}

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BROWSE_SORTS = SORT_ORDERS.filter((s) => s !== 'relevance');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A deterministic query mix drawn from the catalog's own vocabulary (brands, models, colourways):
 * one- and two-word queries, prefixes (a word cut to 3+ letters), typos (one letter replaced in a
 * word of 5+ letters), filtered (a word + category + price range) and browse (no text, category +
 * sort, random offset). With `repeats`, about 30% of queries repeat an earlier one, the early ones
 * far more often (Zipf-like), as real traffic does; only meaningful with a result cache.
 */
export function generateQueryMix(
  products: readonly Product[],
  count: number,
  options: { seed?: number; repeats?: boolean } = {},
): BenchQuery[] {
  const next = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const phraseOf = (p: Product): string[] =>
    tokenize([p.brand, p.model, p.colorway].filter(Boolean).join(' '));
  const wordOf = (p: Product, min: number): string | undefined =>
    pick([...phraseOf(p).filter((w) => w.length >= min && /^[a-z]+$/.test(w)), ''] as const) ||
    undefined;
  const mix: BenchQuery[] = [];
  while (mix.length < count) {
    if (options.repeats && mix.length > 10 && next() < 0.3) {
      mix.push(mix[Math.floor(mix.length * next() ** 3)]!);
      continue;
    }
    const kind = QUERY_KINDS[mix.length % QUERY_KINDS.length]!;
    const product = pick(products);
    const category: CategoryId = product.category;
    let query: SearchQuery | undefined;
    if (kind === 'oneWord') {
      const word = wordOf(product, 3);
      if (word) query = { q: word };
    } else if (kind === 'twoWord') {
      const words = phraseOf(product);
      const at = Math.floor(next() * Math.max(1, words.length - 1));
      if (words.length >= 2) query = { q: `${words[at]} ${words[at + 1]}` };
    } else if (kind === 'prefix') {
      const word = wordOf(product, 5);
      if (word) query = { q: word.slice(0, 3 + Math.floor(next() * (word.length - 3))) };
    } else if (kind === 'typo') {
      const word = wordOf(product, 5);
      if (word) {
        const at = 1 + Math.floor(next() * (word.length - 1));
        query = { q: `${word.slice(0, at)}${pick([...LETTERS])}${word.slice(at + 1)}` };
      }
    } else if (kind === 'filtered') {
      const word = wordOf(product, 3);
      const low = Math.floor(product.price * next());
      if (word)
        query = {
          q: word,
          category,
          minPrice: low,
          maxPrice: low + 50 + Math.floor(next() * 500),
          sort: pick(SORT_ORDERS),
        };
    } else {
      query = {
        ...(next() < 0.9 ? { category: pick(CATEGORY_IDS) } : {}),
        ...(next() < 0.3 ? { minPrice: 100, maxPrice: 400 } : {}),
        sort: pick(BROWSE_SORTS),
        offset: Math.floor(next() * 10) * 20,
      };
    }
    if (query) mix.push({ kind, query: { ...query, limit: 20 } });
  }
  return mix;
}
