// `@repo/search/meilisearch`: the Meilisearch engine, its indexer and the pure translation
// functions (exported so they can be tested without a server).

export { translateMeilisearchError } from './boundary.js';
export type { MeilisearchIndexSettings, MeilisearchProductDocument } from './documents.js';
export {
  fromMeilisearchDocument,
  MEILISEARCH_INDEX_SETTINGS,
  meilisearchSettings,
  toMeilisearchDocument,
} from './documents.js';
export type { IndexVersion } from './index-version.js';
export { readIndexVersion } from './index-version.js';
export type { IndexCatalogOptions, IndexCatalogReport } from './indexing.js';
export { indexCatalogInMeilisearch } from './indexing.js';
export type { MeilisearchConnection } from './meilisearch-index.js';
export { createMeilisearchIndex } from './meilisearch-index.js';
export {
  escapeFilterValue,
  pageWindow,
  toMeilisearchCountsParams,
  toMeilisearchDictionaryParams,
  toMeilisearchFilter,
  toMeilisearchSearchParams,
  toMeilisearchSort,
  toMeilisearchWordsCountParams,
} from './translate.js';
