// @repo/search/testing: helpers for the tests of code that uses the search package.
export type { MeilisearchModel } from './meilisearch-model/model-server.js';
export { startMeilisearchModel } from './meilisearch-model/model-server.js';
export type { MeilisearchStub, StubMode } from './meilisearch-stub.js';
export { startMeilisearchStub } from './meilisearch-stub.js';
