/** The file formats a catalog can be read from. */
export type CatalogFormat = 'csv' | 'xlsx' | 'json' | 'ndjson';

/** The formats, for usage texts and option checks. */
export const CATALOG_FORMATS: readonly CatalogFormat[] = ['csv', 'xlsx', 'json', 'ndjson'];
