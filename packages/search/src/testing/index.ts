// @repo/search/testing: helpers for the tests of code that uses the search package, the model of
// Meilisearch and the judged query sets with their relevance measures.
export type { CountedCalls } from './counting-index.js';
export { countingIndex } from './counting-index.js';
export type { MeilisearchModel } from './meilisearch-model/model-server.js';
export { startMeilisearchModel } from './meilisearch-model/model-server.js';
export type { MeilisearchStub, StubMode } from './meilisearch-stub.js';
export { startMeilisearchStub } from './meilisearch-stub.js';
export type { JudgedEngine } from './relevance/judged-engines.js';
export { judgedEngines } from './relevance/judged-engines.js';
export type {
  JudgedPrice,
  JudgedQuery,
  JudgedSet,
  QueryKind,
} from './relevance/judged-query.js';
export { isRelevant, QUERY_KINDS } from './relevance/judged-query.js';
export { HELD_OUT_QUERIES, JUDGED_QUERIES } from './relevance/judged-sets.js';
export type { QueryMeasure, RelevanceFigures, RelevanceReport } from './relevance/measure.js';
export { formatRelevanceReport, JUDGED_DEPTH, measureRelevance } from './relevance/measure.js';
