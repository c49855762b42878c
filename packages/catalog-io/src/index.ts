// The public API of @repo/catalog-io. Adding a name here is an API decision: no `export *`.
export type { ImportConfig, IndexConfig } from './config.js';
export { loadImportConfig, loadIndexConfig } from './config.js';
export type { CatalogIoErrorCode } from './errors.js';
export { CatalogIoError, isCatalogIoError } from './errors.js';
export type { CatalogFormat } from './formats.js';
export { CATALOG_FORMATS } from './formats.js';
export type {
  CatalogVersion,
  FixedCatalogOptions,
  LiveCatalog,
  LiveCatalogOptions,
  ReloadStatus,
} from './live/live-catalog.js';
export { fixedCatalog, openLiveCatalog } from './live/live-catalog.js';
export type { CatalogWarmer } from './live/warm-up.js';
export { loadAgents } from './load-agents.js';
export type { LoadCatalogOptions, LoadedCatalog } from './load-catalog.js';
export { loadCatalog } from './load-catalog.js';
export { loadLexicon } from './load-lexicon.js';
export { loadRates } from './load-rates.js';
export type { CatalogLog, OpenCatalogOptions, OpenedCatalog } from './open-catalog.js';
export { openCatalog } from './open-catalog.js';
export type {
  ReadCatalogResult,
  ReadCatalogSummary,
  RowError,
  RowPlace,
  RowRules,
  RowWarning,
} from './read/row-sink.js';
export type { ReadCatalogOptions, StreamCatalogOptions } from './read-catalog-file.js';
export { formatOf, readCatalogFile, streamCatalogFile } from './read-catalog-file.js';
export type { CatalogFileWriter } from './write-catalog-file.js';
export { openCatalogFileWriter, writeCatalogFile } from './write-catalog-file.js';
