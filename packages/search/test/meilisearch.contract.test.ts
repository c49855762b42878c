import { Meilisearch } from 'meilisearch';
import { describe, expect, it } from 'vitest';
import { createMeilisearchIndex, indexCatalogInMeilisearch } from '../src/meilisearch/index.js';
import { runCatalogIndexContract } from './contract/catalog-index.contract.js';
import { runIndexVersionContract } from './contract/index-version.contract.js';
import { meilisearchEnv } from './meilisearch-env.js';

const suffix = `${process.pid}_${Date.now()}`;

describe.skipIf(!meilisearchEnv)(
  'Meilisearch (skipped: set MEILISEARCH_URL to run against a real server)',
  () => {
    const { host, apiKey } = meilisearchEnv ?? { host: '', apiKey: undefined };
    const connection = { host, ...(apiKey ? { apiKey } : {}), timeoutMs: 10_000 };
    const uids: string[] = [];

    runCatalogIndexContract('meilisearch', async (products) => {
      const indexUid = `contract_${suffix}`;
      uids.push(indexUid);
      const progress: number[] = [];
      await indexCatalogInMeilisearch(products, {
        ...connection,
        indexUid,
        batchSize: 500,
        onProgress: (done) => progress.push(done),
      });
      expect(progress.at(-1)).toBe(products.length);
      const index = createMeilisearchIndex({ ...connection, indexUid });
      const close = index.close.bind(index);
      return Object.assign(index, {
        close: async () => {
          await close();
          const client = new Meilisearch(connection);
          for (const uid of uids) await client.deleteIndexIfExists(uid);
        },
      });
    });

    runIndexVersionContract('meilisearch', async () => ({
      ...connection,
      prefix: `version_${suffix}_`,
    }));

    it('reports degraded health for a missing index instead of throwing', async () => {
      const index = createMeilisearchIndex({ ...connection, indexUid: `missing_${suffix}` });
      expect(await index.health()).toMatchObject({ state: 'degraded' });
    });
  },
);
