// The query vocabulary, defined once: the orders the catalog can be listed in, the page sizes and
// the limits. The search engines, the MCP tool's schema and the web pages' query schemas all read
// these names. Where the surfaces differ, the difference is named here, with its reason.

/**
 * Every order the catalog can be listed in. `relevance` without text means `newest`; `popular`
 * puts the products shoppers clicked through to an agent most in the last
 * {@link POPULAR_WINDOW_DAYS} days first, the rest (and ties) in the default order.
 */
export const SORT_ORDERS = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'title_asc',
  'popular',
] as const;
/** One of {@link SORT_ORDERS}. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The orders `search_products` offers: every order but `title_asc`. Name order is a column of the
 * web spreadsheet and listing (people scan a table by name); an agent gets a page of at most
 * {@link TOOL_MAX_LIMIT} results and orders it as it likes, so the tool keeps its enum short.
 */
export const TOOL_SORT_ORDERS = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'popular',
] as const satisfies readonly SortOrder[];
/** One of {@link TOOL_SORT_ORDERS}. */
export type ToolSortOrder = (typeof TOOL_SORT_ORDERS)[number];

/** The days of clicks behind `sort=popular`. */
export const POPULAR_WINDOW_DAYS = 30;

/**
 * Outbound clicks per product over a window, as `sort=popular` reads them. `version` changes
 * whenever a count does, so caches of popular answers key on it.
 */
export interface Popularity {
  readonly version: string;
  /** Clicks per product slug; a product never clicked is absent. */
  readonly counts: ReadonlyMap<string, number>;
}

/** The largest page one search returns; callers page with `offset`. */
export const MAX_LIMIT = 100;

/** The page size of a search that names none (a program calling the engine directly). */
export const DEFAULT_LIMIT = 20;

/**
 * `search_products`' default and largest page: 10 keeps a tool answer short in a model's context
 * (each item carries every buy link); 50 is the most an agent may ask at once.
 */
export const TOOL_DEFAULT_LIMIT = 10;
/** See {@link TOOL_DEFAULT_LIMIT}. */
export const TOOL_MAX_LIMIT = 50;

/** Products per listing page (`/catalog`, `/category/{id}`): 24 fills a grid of 2, 3 or 4 columns. */
export const LISTING_PAGE_SIZE = 24;

/** Rows per spreadsheet page: the engine's largest page ({@link MAX_LIMIT}), 180 pages for 17,917 rows. */
export const SPREADSHEET_PAGE_SIZE = 100;

/** Deep paging past this point is a scrape, not a search; agents narrow the query instead. */
export const MAX_OFFSET = 100_000;
