import { CATEGORY_IDS, type CategoryId } from '@repo/catalog-core';
import { MAX_LIMIT, type SearchQuery, SORT_ORDERS, type SortOrder } from './catalog-index.js';
import { SearchQueryError } from './errors.js';
import { tokenize } from './text.js';

/** The default page size when a query has no `limit`. */
export const DEFAULT_LIMIT = 20;

/** The longest query text that is searched; the rest is ignored (a guard against huge inputs). */
export const MAX_QUERY_LENGTH = 200;

/** Query words beyond this many are ignored (every word must match, so more words add nothing). */
export const MAX_QUERY_WORDS = 10;

/** A {@link SearchQuery} checked and with every default applied; both engines run this shape. */
export interface NormalizedQuery {
  /** The query words (see `tokenize`); empty when browsing. */
  readonly words: readonly string[];
  readonly category: CategoryId | undefined;
  readonly minPrice: number | undefined;
  readonly maxPrice: number | undefined;
  /** The effective order: `relevance` without words becomes `newest`. */
  readonly sort: SortOrder;
  readonly offset: number;
  readonly limit: number;
}

const CATEGORY_SET = new Set<string>(CATEGORY_IDS);
const SORT_SET = new Set<string>(SORT_ORDERS);

function checkPrice(field: 'minPrice' | 'maxPrice', value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new SearchQueryError(field, `${field} must be a finite number >= 0`);
  }
  return value;
}

/**
 * Validates a query and applies its defaults: `offset` 0, `limit` {@link DEFAULT_LIMIT}, `sort`
 * `relevance` (which is `newest` when there is no text). The text is split into words with
 * `tokenize`, cut to {@link MAX_QUERY_LENGTH} characters and {@link MAX_QUERY_WORDS} words.
 * Nothing is clamped silently except the text: a bad number is the caller's bug.
 *
 * @throws {SearchQueryError} `INVALID_QUERY` for a negative or fractional `offset`, a `limit`
 *   outside 1..MAX_LIMIT, a price that is NaN, infinite or negative, `minPrice > maxPrice`, an
 *   unknown category or sort.
 * @example
 * normalizeQuery({ q: 'Nike T-shirt', sort: 'relevance' })
 * // { words: ['nike', 't', 'shirt'], sort: 'relevance', offset: 0, limit: 20, ... }
 */
export function normalizeQuery(query: SearchQuery): NormalizedQuery {
  const { q, category, sort = 'relevance', offset = 0, limit = DEFAULT_LIMIT } = query;
  if (q !== undefined && typeof q !== 'string') {
    throw new SearchQueryError('q', 'q must be a string');
  }
  if (category !== undefined && !CATEGORY_SET.has(category)) {
    // Not String(category): a value without a prototype (or a throwing toString) would turn a
    // caller's mistake into a TypeError.
    const shown = typeof category === 'string' ? `"${category}"` : `of type ${typeof category}`;
    throw new SearchQueryError('category', `unknown category ${shown}`);
  }
  if (!SORT_SET.has(sort)) {
    throw new SearchQueryError('sort', `sort must be one of ${SORT_ORDERS.join(', ')}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new SearchQueryError('offset', 'offset must be an integer >= 0');
  }
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new SearchQueryError('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  const minPrice = checkPrice('minPrice', query.minPrice);
  const maxPrice = checkPrice('maxPrice', query.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw new SearchQueryError('minPrice', 'minPrice must not be greater than maxPrice');
  }
  const words = q ? tokenize(q.slice(0, MAX_QUERY_LENGTH)).slice(0, MAX_QUERY_WORDS) : [];
  return {
    words,
    category,
    minPrice,
    maxPrice,
    sort: sort === 'relevance' && words.length === 0 ? 'newest' : sort,
    offset,
    limit,
  };
}

/**
 * A stable string for a normalised query: equal queries give equal keys (used by result caches).
 *
 * @example queryKey(normalizeQuery({ q: 'Nike' })) === queryKey(normalizeQuery({ q: ' nike ' }))
 */
export function queryKey(query: NormalizedQuery): string {
  const { words, category, minPrice, maxPrice, sort, offset, limit } = query;
  return `${words.join(' ')}|${category ?? ''}|${minPrice ?? ''}|${maxPrice ?? ''}|${sort}|${offset}|${limit}`;
}

/** Validates a `featured(limit)` argument: an integer from 0 to MAX_LIMIT. */
export function checkFeaturedLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw new SearchQueryError('limit', `featured limit must be an integer from 0 to ${MAX_LIMIT}`);
  }
  return limit;
}
