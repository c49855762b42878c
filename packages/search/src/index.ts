// The public API of @repo/search. Adding a name here is an API decision: no `export *`.
// Engines live behind subpaths: `@repo/search/embedded`, `@repo/search/meilisearch`.
export type {
  CatalogIndex,
  CategoryCount,
  IndexHealth,
  SearchQuery,
  SearchResult,
} from './catalog-index.js';
export type { SearchErrorCode } from './errors.js';
export {
  isSearchError,
  SearchEngineError,
  SearchError,
  SearchQueryError,
  SearchUnavailableError,
} from './errors.js';
export type { NormalizedQuery } from './normalize-query.js';
export {
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  normalizeQuery,
} from './normalize-query.js';
export type { OpenCatalogIndexOptions } from './open-catalog-index.js';
export { openCatalogIndex } from './open-catalog-index.js';
export type { PastedLinkLookup } from './pasted-link.js';
export { findListing, lookupPastedLink } from './pasted-link.js';
export { MAX_POPULAR_PRODUCTS } from './popular.js';
export type { DictionaryField, FacetCounts } from './query/dictionary.js';
export { CatalogDictionary, DICTIONARY_FIELDS, facetCountsOf } from './query/dictionary.js';
export type {
  Correction,
  ExpandedWord,
  QueryInterpretation,
} from './query/interpretation.js';
export type { LexiconKey, QueryLexicon, WordClass } from './query/query-lexicon.js';
export { compileLexicon } from './query/query-lexicon.js';
export type { ReadQueryOptions } from './query/read-query.js';
export { readQuery } from './query/read-query.js';
export type {
  DroppedWord,
  DropReason,
  QueryReading,
  ReadWord,
  TextPrice,
} from './query/reading.js';
export type { EngineAnswer, MatchingEngine } from './query/relax.js';
export { dropOrder, searchUnderstood } from './query/relax.js';
export { ResultCache } from './result-cache.js';
export { maxTypos, tokenize } from './text.js';
export type { PagedSearchQuery, SearchQueryDefaults, SearchRequest } from './to-search-query.js';
export { toSearchQuery } from './to-search-query.js';
