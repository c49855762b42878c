import type { Product } from '@repo/catalog-core';
import type { CatalogIndex } from '../../catalog-index.js';
import { createEmbeddedIndex } from '../../embedded/index.js';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '../../meilisearch/index.js';
import { type MeilisearchModel, startMeilisearchModel } from '../meilisearch-model/model-server.js';

/** One engine a judged set is measured on: open it over a catalog, close what it started. */
export interface JudgedEngine {
  readonly name: string;
  open(): Promise<CatalogIndex>;
  close(): Promise<void>;
}

/**
 * The two engines relevance is held to, over the same products: the embedded one, and the
 * Meilisearch engine against the model of a server (started by `open`, stopped by `close`).
 */
export function judgedEngines(products: readonly Product[]): JudgedEngine[] {
  let model: MeilisearchModel | undefined;
  return [
    { name: 'embedded', open: async () => createEmbeddedIndex(products), close: async () => {} },
    {
      name: 'meilisearch (model)',
      async open() {
        model = await startMeilisearchModel();
        await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
        return createMeilisearchIndex({ host: model.url, indexUid: 'products', timeoutMs: 60_000 });
      },
      close: async () => model?.close(),
    },
  ];
}
