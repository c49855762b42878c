// `@repo/search/embedded`: the in-process engine. Kept off the root entry so that apps running
// against Meilisearch never load it.
export type { EmbeddedIndexOptions } from './embedded-index.js';
export { createEmbeddedIndex } from './embedded-index.js';
