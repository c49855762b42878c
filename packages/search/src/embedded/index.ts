// `@repo/search/embedded`: the in-process engine. Kept off the root entry so that apps running
// against Meilisearch never load it.
export type { EmbeddedIndexOptions } from './embedded-index.js';
export { createEmbeddedIndex, openPackedIndex } from './embedded-index.js';
export type { IndexLayout } from './pack/index-layout.js';
export { decodeIndex, encodeIndex, PACKED_INDEX_VERSION } from './pack/index-layout.js';
export type { PackBuilderOptions } from './pack/pack-builder.js';
export { PackBuilder } from './pack/pack-builder.js';
export type { PackedIndex, ProductBytes } from './pack/packed-index.js';
