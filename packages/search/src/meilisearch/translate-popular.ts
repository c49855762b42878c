import { PRODUCT_FIELDS } from '@repo/catalog-core';
import type { MultiSearchQuery } from 'meilisearch';
import type { NormalizedQuery } from '../normalize-query.js';
import {
  escapeFilterValue,
  toMeilisearchFilter,
  toMeilisearchSearchParams,
  toMeilisearchSort,
} from './translate.js';

// The searches a popular page is stitched from (see popular-search.ts). Each takes the query in
// its default order (`inDefaultOrder`): Meilisearch ranks a document the same whatever the
// filter lets through, so the clicked part and the rest keep the default order among themselves.

type Params = MultiSearchQuery & { indexUid: string };

const both = (filter: string | undefined, more: string) =>
  filter === undefined ? more : `${filter} AND ${more}`;

/**
 * The filter naming some products by slug (`slug` is filterable for it).
 *
 * @example toMeilisearchSlugFilter(['a-1', 'b-2']) // 'slug IN ["a-1", "b-2"]'
 */
export function toMeilisearchSlugFilter(slugs: readonly string[]): string {
  return `slug IN [${slugs.map(escapeFilterValue).join(', ')}]`;
}

/**
 * The clicked products among the query's matches, in its default order, slugs only, all on one
 * page of `size` (the number of clicked slugs in `inClicked`, so at most `MAX_POPULAR_PRODUCTS`).
 */
export function toMeilisearchClickedParams(
  query: NormalizedQuery,
  indexUid: string,
  inClicked: string,
  size: number,
): Params {
  const sort = toMeilisearchSort(query.sort);
  return {
    indexUid,
    q: query.words.join(' '),
    matchingStrategy: 'all',
    filter: both(toMeilisearchFilter(query), inClicked),
    ...(sort === undefined ? {} : { sort }),
    page: 1,
    hitsPerPage: size,
    attributesToRetrieve: ['slug'],
  };
}

/** The total and category facet of the query, no hits: those of the default order. */
export function toMeilisearchTotalParams(query: NormalizedQuery, indexUid: string): Params {
  const { attributesToRetrieve: _, ...params } = toMeilisearchSearchParams(query, indexUid);
  return { ...params, page: 1, hitsPerPage: 0 };
}

/**
 * The unclicked matches in the default order, for the window `query.offset`/`query.limit`
 * counted among them (read the hits from `pageWindow`'s `skip`). `inClicked` undefined: no
 * clicked product matches, and the window is the default order's.
 */
export function toMeilisearchUnclickedParams(
  query: NormalizedQuery,
  indexUid: string,
  inClicked: string | undefined,
): Params {
  const { facets: _, ...params } = toMeilisearchSearchParams(query, indexUid);
  if (inClicked === undefined) return params;
  return { ...params, filter: both(toMeilisearchFilter(query), `NOT ${inClicked}`) };
}

/** The documents of some products, by slug, in any order (the caller puts them in its own). */
export function toMeilisearchDocumentsParams(slugs: readonly string[], indexUid: string): Params {
  return {
    indexUid,
    q: '',
    filter: toMeilisearchSlugFilter(slugs),
    page: 1,
    hitsPerPage: slugs.length,
    attributesToRetrieve: [...PRODUCT_FIELDS],
  };
}
