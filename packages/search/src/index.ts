// The public API of @repo/search. Adding a name here is an API decision: no `export *`.
// Engines live behind subpaths: `@repo/search/embedded`, `@repo/search/meilisearch`.
export type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
  SortOrder,
} from './catalog-index.js';
export { MAX_LIMIT, SORT_ORDERS } from './catalog-index.js';
export type { SearchErrorCode } from './errors.js';
export {
  isSearchError,
  SearchEngineError,
  SearchError,
  SearchQueryError,
  SearchUnavailableError,
} from './errors.js';
export type { NormalizedQuery } from './normalize-query.js';
export { DEFAULT_LIMIT, normalizeQuery } from './normalize-query.js';
export type { OpenCatalogIndexOptions } from './open-catalog-index.js';
export { openCatalogIndex } from './open-catalog-index.js';
export { maxTypos, tokenize } from './text.js';
