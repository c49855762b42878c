// The public API of @repo/search. Adding a name here is an API decision: no `export *`.
export type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
  SortOrder,
} from './catalog-index.js';
export { MAX_LIMIT, SORT_ORDERS } from './catalog-index.js';
