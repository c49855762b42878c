import type { SortOrder } from '@repo/catalog-core';
import { PRODUCT_FIELDS } from '@repo/catalog-core';
import type { MultiSearchQuery } from 'meilisearch';
import type { NormalizedQuery } from '../normalize-query.js';
import { DICTIONARY_FIELDS } from '../query/dictionary.js';

/**
 * Quotes a value for a Meilisearch filter expression: wrapped in double quotes, with backslashes
 * and double quotes escaped, so no value can end the string and inject filter syntax.
 *
 * @example escapeFilterValue('say "hi"') // '"say \\"hi\\""'
 */
export function escapeFilterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function formatNumber(value: number): string {
  // Finite by normalizeQuery; String() never gives exponent form below 1e21.
  return String(value);
}

/**
 * The filter expression of a query: `category = "bags" AND price >= 10 AND price <= 20`, or
 * `undefined` when nothing is filtered. `withCategory: false` leaves the category out (for the
 * per-category counts).
 */
export function toMeilisearchFilter(
  query: NormalizedQuery,
  withCategory = true,
): string | undefined {
  const parts: string[] = [];
  if (withCategory && query.category !== undefined) {
    parts.push(`category = ${escapeFilterValue(query.category)}`);
  }
  if (query.minPrice !== undefined) parts.push(`price >= ${formatNumber(query.minPrice)}`);
  if (query.maxPrice !== undefined) parts.push(`price <= ${formatNumber(query.maxPrice)}`);
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

const SORTS: Record<SortOrder, string[] | undefined> = {
  // Relevance uses the ranking rules, which end on created_at_ts:desc, slug:asc.
  relevance: undefined,
  newest: ['created_at_ts:desc', 'slug:asc'],
  price_asc: ['price:asc', 'created_at_ts:desc', 'slug:asc'],
  price_desc: ['price:desc', 'created_at_ts:desc', 'slug:asc'],
  title_asc: ['title_sort:asc', 'created_at_ts:desc', 'slug:asc'],
  // Clicks change too often for a sortable attribute: a popular page is stitched from searches
  // in the default order (popular-search.ts), which is what this answers if asked anyway.
  popular: undefined,
};

/** The Meilisearch `sort` of an order; ties end on newest, then slug, like the embedded engine. */
export function toMeilisearchSort(sort: SortOrder): string[] | undefined {
  return SORTS[sort];
}

/**
 * A page window Meilisearch can serve with exact totals: `page`/`hitsPerPage` (the only mode that
 * returns `totalHits`) for the smallest page size >= `limit` whose one page holds
 * [offset, offset + limit); `skip` is where the wanted hits start within that page.
 *
 * @example pageWindow(40, 20) // { page: 3, hitsPerPage: 20, skip: 0 }
 * @example pageWindow(5, 10) // { page: 1, hitsPerPage: 15, skip: 5 }
 */
export function pageWindow(
  offset: number,
  limit: number,
): { page: number; hitsPerPage: number; skip: number } {
  let size = limit;
  while (Math.floor(offset / size) !== Math.floor((offset + limit - 1) / size)) size++;
  const page = Math.floor(offset / size) + 1;
  return { page, hitsPerPage: size, skip: offset - (page - 1) * size };
}

/**
 * The Meilisearch search parameters of a normalised query: the words (as the query reading left
 * them) joined by spaces, `matchingStrategy: 'all'` (every word must match: the relaxation is the
 * caller's, one query per step, so it can never drop a brand word before another), the filter, the
 * sort, the page window and the category facet.
 *
 * @example
 * toMeilisearchSearchParams(normalizeQuery({ q: 'nike', category: 'bags', sort: 'price_asc' }), 'products')
 * // { q: 'nike', filter: 'category = "bags"', sort: ['price:asc', ...], page: 1, hitsPerPage: 20, ... }
 */
export function toMeilisearchSearchParams(
  query: NormalizedQuery,
  indexUid: string,
): MultiSearchQuery & { indexUid: string } {
  const { page, hitsPerPage } = pageWindow(query.offset, query.limit);
  const filter = toMeilisearchFilter(query);
  const sort = toMeilisearchSort(query.sort);
  return {
    indexUid,
    q: query.words.join(' '),
    matchingStrategy: 'all',
    ...(filter === undefined ? {} : { filter }),
    ...(sort === undefined ? {} : { sort }),
    page,
    hitsPerPage,
    facets: ['category'],
    attributesToRetrieve: [...PRODUCT_FIELDS],
  };
}

/**
 * The counts query that goes with a category-filtered search: same text and price, no category,
 * no hits, only the category facet. `undefined` when the search has no category filter (its own
 * facet distribution already has the counts).
 */
export function toMeilisearchCountsParams(
  query: NormalizedQuery,
  indexUid: string,
): (MultiSearchQuery & { indexUid: string }) | undefined {
  if (query.category === undefined) return undefined;
  const filter = toMeilisearchFilter(query, false);
  return {
    indexUid,
    q: query.words.join(' '),
    matchingStrategy: 'all',
    ...(filter === undefined ? {} : { filter }),
    page: 1,
    hitsPerPage: 0,
    facets: ['category'],
  };
}

/**
 * A query that only counts the products matching `words` within the query's category and price
 * filters. With `prefixLast: false` the text ends with a space, which tells Meilisearch the last
 * word is complete (no prefix match), as a word counted alone keeps its place in the query.
 *
 * @example toMeilisearchWordsCountParams(['nike'], query, 'products', false).q // 'nike '
 */
export function toMeilisearchWordsCountParams(
  words: readonly string[],
  query: NormalizedQuery,
  indexUid: string,
  prefixLast = true,
): MultiSearchQuery & { indexUid: string } {
  const filter = toMeilisearchFilter(query);
  return {
    indexUid,
    q: `${words.join(' ')}${prefixLast ? '' : ' '}`,
    matchingStrategy: 'all',
    ...(filter === undefined ? {} : { filter }),
    page: 1,
    hitsPerPage: 0,
  };
}

/** The query whose facet counts make the catalog's dictionary (see `CatalogDictionary`). */
export function toMeilisearchDictionaryParams(
  indexUid: string,
): MultiSearchQuery & { indexUid: string } {
  return { indexUid, q: '', page: 1, hitsPerPage: 0, facets: [...DICTIONARY_FIELDS] };
}
