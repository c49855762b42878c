// The public API of @repo/catalog-io. Adding a name here is an API decision: no `export *`.
export type { CatalogIoErrorCode } from './errors.js';
export { CatalogIoError, isCatalogIoError } from './errors.js';
export { loadAgents } from './load-agents.js';
export type { LoadCatalogOptions, LoadedCatalog } from './load-catalog.js';
export { loadCatalog } from './load-catalog.js';
export { loadLexicon } from './load-lexicon.js';
export type { CatalogLog, OpenCatalogOptions, OpenedCatalog } from './open-catalog.js';
export { openCatalog } from './open-catalog.js';
export type { ReadCatalogResult, ReadCatalogSummary, RowError } from './read/row-sink.js';
export type {
  CatalogFormat,
  ReadCatalogOptions,
  StreamCatalogOptions,
} from './read-catalog-file.js';
export { formatOf, readCatalogFile, streamCatalogFile } from './read-catalog-file.js';
export type { CatalogFileWriter } from './write-catalog-file.js';
export { openCatalogFileWriter, writeCatalogFile } from './write-catalog-file.js';
