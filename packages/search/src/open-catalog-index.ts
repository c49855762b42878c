import type { CurrencyRates, Lexicon, Product } from '@repo/catalog-core';
import type { CatalogIndex } from './catalog-index.js';

/** Options of {@link openCatalogIndex}. */
export type OpenCatalogIndexOptions =
  | {
      readonly engine: 'embedded';
      readonly products: readonly Product[];
      /** Result cache entries (default 512, 0 disables). */
      readonly cacheSize?: number;
      /** How queries are read and words expanded. Default: `DEFAULT_LEXICON`. */
      readonly lexicon?: Lexicon;
      /** What prices read from a query's text cost in CNY. Default: `DEFAULT_CURRENCY_RATES`. */
      readonly rates?: CurrencyRates;
    }
  | {
      readonly engine: 'meilisearch';
      readonly meilisearch: {
        readonly host: string;
        readonly apiKey?: string;
        readonly indexUid: string;
        readonly timeoutMs?: number;
      };
      /** The lexicon the index was filled with. Default: `DEFAULT_LEXICON`. */
      readonly lexicon?: Lexicon;
      /** What prices read from a query's text cost in CNY. Default: `DEFAULT_CURRENCY_RATES`. */
      readonly rates?: CurrencyRates;
    };

/**
 * Opens the chosen engine, loading only its code (dynamic `import()`), so the root entry stays
 * light. The embedded engine is built from `products` here; Meilisearch is only connected to (fill
 * it first with `indexCatalogInMeilisearch` from `@repo/search/meilisearch`). Both read queries
 * with `lexicon` and convert the prices they read ("under 50", in the query's currency) with
 * `rates`.
 *
 * @example
 * const index = await openCatalogIndex({ engine: 'embedded', products: generateSampleCatalog() });
 */
export async function openCatalogIndex(options: OpenCatalogIndexOptions): Promise<CatalogIndex> {
  if (options.engine === 'embedded') {
    const { createEmbeddedIndex } = await import('./embedded/index.js');
    return createEmbeddedIndex(options.products, {
      ...(options.cacheSize !== undefined && { cacheSize: options.cacheSize }),
      ...(options.lexicon !== undefined && { lexicon: options.lexicon }),
      ...(options.rates !== undefined && { rates: options.rates }),
    });
  }
  const { createMeilisearchIndex } = await import('./meilisearch/index.js');
  return createMeilisearchIndex({
    ...options.meilisearch,
    ...(options.lexicon !== undefined && { lexicon: options.lexicon }),
    ...(options.rates !== undefined && { rates: options.rates }),
  });
}
