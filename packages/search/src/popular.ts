import { type Popularity, SLUG_PATTERN } from '@repo/catalog-core';

/**
 * How many of the most clicked products take part in `sort: 'popular'`; the others count as never
 * clicked. It bounds the work of a popular search in both engines (the Meilisearch engine sends
 * these slugs in a filter), and past the first thousand a product's clicks are too few to tell it
 * apart from the rest anyway.
 */
export const MAX_POPULAR_PRODUCTS = 1000;

/** The clicked products a popular search orders first, as both engines read them. */
export interface PopularSlugs {
  /** The {@link Popularity.version} they were taken from: result caches key on it. */
  readonly version: string;
  /**
   * At most {@link MAX_POPULAR_PRODUCTS} slugs with a count above 0, most clicked first, ties by
   * slug A→Z. The slug order only decides which of equal counts make the cut: within the results
   * equal counts keep the query's default order.
   */
  readonly slugs: readonly string[];
  /** Clicks per slug of {@link slugs}. */
  readonly clicks: ReadonlyMap<string, number>;
}

const SLUG = new RegExp(SLUG_PATTERN);

// Callers hand the same Popularity object to every search until a count changes: the cut is
// made once per object, not per search.
const cuts = new WeakMap<Popularity, PopularSlugs | null>();

/**
 * The products a popularity puts first: the most clicked {@link MAX_POPULAR_PRODUCTS} with a
 * finite count above 0 and a slug of the catalog's form (`SLUG_PATTERN`), or `undefined` when there are none (a popular search then answers the
 * default order).
 *
 * @example popularSlugsOf({ version: 'v1', counts: new Map([['a-1', 3], ['b-2', 0]]) })?.slugs // ['a-1']
 */
export function popularSlugsOf(popularity: Popularity | undefined): PopularSlugs | undefined {
  if (popularity === undefined) return undefined;
  let cut = cuts.get(popularity);
  if (cut === undefined) {
    cut = cutOf(popularity);
    cuts.set(popularity, cut);
  }
  return cut ?? undefined;
}

function cutOf(popularity: Popularity): PopularSlugs | null {
  const clicked: [string, number][] = [];
  for (const [slug, count] of popularity.counts) {
    // Not a slug: no product has it, and Meilisearch would compare it ignoring case.
    if (typeof count === 'number' && Number.isFinite(count) && count > 0 && SLUG.test(slug)) {
      clicked.push([slug, count]);
    }
  }
  if (clicked.length === 0) return null;
  clicked.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const kept = clicked.slice(0, MAX_POPULAR_PRODUCTS);
  return Object.freeze({
    version: popularity.version,
    slugs: Object.freeze(kept.map(([slug]) => slug)),
    clicks: new Map(kept),
  });
}
