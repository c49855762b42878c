import type { Product } from '@repo/catalog-core';
import type { RowError } from './read/row-sink.js';
import { type ReadCatalogOptions, readCatalogFile } from './read-catalog-file.js';

/** Options of {@link loadCatalog}. */
export interface LoadCatalogOptions extends ReadCatalogOptions {
  /** A CSV, XLSX, JSON or NDJSON catalog; absent: the deterministic sample catalog. */
  readonly file?: string | undefined;
  /** Seed of the sample catalog (ignored with a file). */
  readonly seed?: number | undefined;
}

/** The catalog an app starts with, where it came from, and the rows a file had wrong. */
export interface LoadedCatalog {
  readonly products: Product[];
  readonly source: 'sample' | 'file';
  readonly errors: RowError[];
}

/**
 * Loads the catalog apps serve: the operator's file when one is configured, else the sample
 * catalog (17,917 products). Bad rows of a file are returned in `errors`, not thrown.
 *
 * @throws {CatalogIoError} when the file cannot be read at all.
 * @example const { products, source } = await loadCatalog({ file: config.catalog.file });
 */
export async function loadCatalog(options: LoadCatalogOptions = {}): Promise<LoadedCatalog> {
  const { file, seed, ...readOptions } = options;
  if (file === undefined) {
    // Loaded only here: a process serving a catalog file never loads the generator.
    const { generateSampleCatalog } = await import('@repo/catalog-core/sample');
    return {
      products: generateSampleCatalog(seed === undefined ? {} : { seed }),
      source: 'sample',
      errors: [],
    };
  }
  const { products, errors } = await readCatalogFile(file, readOptions);
  return { products, source: 'file', errors };
}
