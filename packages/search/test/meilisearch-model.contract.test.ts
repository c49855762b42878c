import { afterAll, describe } from 'vitest';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '../src/meilisearch/index.js';
import { type MeilisearchModel, startMeilisearchModel } from '../src/testing/index.js';
import { runCatalogIndexContract } from './contract/catalog-index.contract.js';

// No Meilisearch server runs here: the model (src/testing/meilisearch-model) answers as one does
// for the semantics the engine relies on, over HTTP, so the real client, the indexer with its
// settings (synonyms, stop words) and the engine's translation all run as in production.
describe('Meilisearch model', () => {
  let model: MeilisearchModel | undefined;
  afterAll(async () => {
    await model?.close();
  });

  runCatalogIndexContract('meilisearch (model)', async (products) => {
    model = await startMeilisearchModel();
    await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
    return createMeilisearchIndex({ host: model.url, indexUid: 'products' });
  });
});
