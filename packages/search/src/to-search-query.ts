import {
  type CategoryId,
  type Currency,
  type CurrencyRates,
  DEFAULT_CURRENCY_RATES,
  type Popularity,
  type SortOrder,
  toCny,
} from '@repo/catalog-core';
import type { SearchQuery } from './catalog-index.js';
import { SearchQueryError } from './errors.js';

/**
 * A search as people and agents ask for it, in the words of the contract (`search_products`'
 * argument names; the web listing's form fields read into the same names): prices in `currency`,
 * not yet in CNY.
 */
export interface SearchRequest {
  readonly query?: string | undefined;
  readonly literal?: boolean | undefined;
  readonly category?: CategoryId | undefined;
  readonly min_price?: number | undefined;
  readonly max_price?: number | undefined;
  /** Currency of `min_price`, `max_price` and of amounts in `query` that name none. Default USD. */
  readonly currency?: Currency | undefined;
  readonly sort?: SortOrder | undefined;
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
}

/** A {@link SearchQuery} with the page and currency every caller reports back. */
export interface PagedSearchQuery extends SearchQuery {
  readonly currency: Currency;
  readonly offset: number;
  readonly limit: number;
}

/**
 * What {@link toSearchQuery} fills in: the caller's page size, the rates it converts with and the
 * clicks `sort: 'popular'` orders by.
 */
export interface SearchQueryDefaults {
  /** `limit` when the request has none. */
  readonly limit: number;
  /**
   * What `min_price` and `max_price` cost in CNY: the rates of the catalog version that serves
   * the request, the same ones its index reads the text's prices with. Default
   * `DEFAULT_CURRENCY_RATES`.
   */
  readonly rates?: CurrencyRates;
  /**
   * Clicks per product over the last `POPULAR_WINDOW_DAYS`, passed into the query as is: only
   * `sort: 'popular'` reads it. Without it, `popular` answers the default order.
   */
  readonly popularity?: Popularity;
}

/**
 * Turns a request into the engine's query, the one way both the MCP tool and the web pages do:
 * prices converted to CNY (at `defaults.rates`), the currency defaulting to USD, an order left out so a budget word in
 * the text can choose one, `literal` only when asked, `offset` 0 and `limit` the caller's default
 * page size when absent, `defaults.popularity` passed on for `sort: 'popular'`.
 *
 * @throws {SearchQueryError} `INVALID_QUERY` when `min_price` is above `max_price` (said in the
 *   request's own terms, before the engine converts them).
 * @example
 * toSearchQuery({ query: 'dunk', max_price: 50 }, { limit: TOOL_DEFAULT_LIMIT })
 * // { q: 'dunk', maxPrice: 354, currency: 'USD', offset: 0, limit: 10 }
 */
export function toSearchQuery(
  request: SearchRequest,
  defaults: SearchQueryDefaults,
): PagedSearchQuery {
  const { query, literal, category, min_price: min, max_price: max, sort } = request;
  const currency = request.currency ?? 'USD';
  const rates = defaults.rates ?? DEFAULT_CURRENCY_RATES;
  if (min !== undefined && max !== undefined && min > max) {
    throw new SearchQueryError(
      'minPrice',
      `min_price (${min}) is above max_price (${max}); swap them or drop one.`,
    );
  }
  return {
    ...(query !== undefined && query !== '' && { q: query }),
    ...(category !== undefined && { category }),
    ...(min !== undefined && { minPrice: toCny(min, currency, rates) }),
    ...(max !== undefined && { maxPrice: toCny(max, currency, rates) }),
    // Given, the order wins; left out, a budget word in the query may order by price.
    ...(sort !== undefined && { sort }),
    ...(literal === true && { literal: true }),
    ...(defaults.popularity !== undefined && { popularity: defaults.popularity }),
    currency,
    offset: request.offset ?? 0,
    limit: request.limit ?? defaults.limit,
  };
}
