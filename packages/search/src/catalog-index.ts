import type { CategoryId, Currency, Popularity, Product, SortOrder } from '@repo/catalog-core';
import type { QueryInterpretation } from './query/interpretation.js';

// The orders, page sizes and limits are the query vocabulary of `@repo/catalog-core`
// (SORT_ORDERS, DEFAULT_LIMIT, MAX_LIMIT), shared with the MCP tool and the web pages.

/** A read of the catalog. Every field is optional: the empty query browses everything. */
export interface SearchQuery {
  /**
   * Free text, read with the lexicon (prices, sizes, budget and filler words, nicknames, category
   * words; see `readQuery`). Every word must match, the last one as a prefix, typos tolerated by
   * word length; when no product matches every word, words are left out (least informative
   * first) or corrected, and the answer's `interpretation` says so.
   */
  readonly q?: string;
  /** Currency of amounts in `q` that name none ("under 50"). Default USD. */
  readonly currency?: Currency;
  /** Search the words of `q` as they are: no reading, no relaxation, no correction. */
  readonly literal?: boolean;
  readonly category?: CategoryId;
  /** Inclusive bounds, in CNY (the catalog currency). */
  readonly minPrice?: number;
  readonly maxPrice?: number;
  /**
   * Default `relevance` (`newest` without text, `price_asc` after a budget word). `popular` puts the products with the most clicks
   * in `popularity` first (count descending), ties and every product without clicks in the
   * default order of the same query; the matches, `total`, `categoryCounts` and `interpretation`
   * are those of the default order. Only the 1,000 most clicked take part (`MAX_POPULAR_PRODUCTS`).
   */
  readonly sort?: SortOrder;
  /**
   * Clicks per product, read by `sort: 'popular'` only (every other order ignores it). Absent or
   * empty, `popular` answers the default order. Result caches key on its `version`.
   */
  readonly popularity?: Popularity;
  /** Default 0. */
  readonly offset?: number;
  /** Default `DEFAULT_LIMIT` (20), at most `MAX_LIMIT` (100). */
  readonly limit?: number;
}

/** One page of results with the exact number of matches. */
export interface SearchResult {
  readonly hits: readonly Product[];
  /** Exact number of products that match the whole query. */
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  /**
   * Matches per category for the same text and price range but *without* the category filter,
   * so a page can show how many results each category would give. Categories with no match are 0.
   */
  readonly categoryCounts: Readonly<Record<CategoryId, number>>;
  /** How the text was understood; absent when the query has no text. */
  readonly interpretation?: QueryInterpretation;
}

/** A category with the number of products it holds. */
export interface CategoryCount {
  readonly id: CategoryId;
  readonly count: number;
}

/** Whether the engine answers, for `/health.json`. */
export interface IndexHealth {
  readonly engine: 'embedded' | 'meilisearch';
  readonly state: 'ready' | 'degraded';
  readonly products: number;
  /** Why the state is degraded; absent when ready. */
  readonly reason?: string;
}

/**
 * The one read interface the apps use for the catalog. Two engines implement it: the embedded
 * in-process index (the default) and Meilisearch. Both give the same answers to the same query.
 */
export interface CatalogIndex {
  readonly engine: 'embedded' | 'meilisearch';
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * `search(query)` for a caller that holds `earlier`, the answer the version this one follows
   * gave to the same query (the embedded engine's `openPackedIndex`, option `earlier`). Where this
   * version reads the query as that one did (its text and facets unchanged, no price read), the
   * answer is `earlier` with each product it shows that changed read anew, and nothing is worked
   * out; else the query is searched. Nothing is kept for the caller, who holds the answer. An
   * engine without it is asked with `search`.
   */
  searchAgain?(query: SearchQuery, earlier: SearchResult): Promise<SearchResult>;
  /** The product with this slug, or `undefined`. */
  getBySlug(slug: string): Promise<Product | undefined>;
  /** The 14 categories in display order with their product counts (0 for an empty one). */
  categories(): Promise<readonly CategoryCount[]>;
  /** A stable selection for the home page: newest first, spread over the categories. */
  featured(limit: number): Promise<readonly Product[]>;
  health(): Promise<IndexHealth>;
  close(): Promise<void>;
}
