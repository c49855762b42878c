import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMeilisearchIndex,
  indexCatalogInMeilisearch,
  readIndexVersion,
} from '../../src/meilisearch/index.js';
import { swapPair } from '../../src/meilisearch/indexing.js';
import { CRAFTED } from './fixture.js';

/** Where the contract runs: a server, and a prefix for the index uids it makes there. */
export interface VersionTarget {
  readonly host: string;
  readonly apiKey?: string;
  readonly prefix: string;
  /** Stops the server, when the contract started it. */
  readonly close?: () => Promise<void>;
}

/**
 * What the version stored with an index must do on a real Meilisearch and on the model alike:
 * it is absent before any versioned run, read back as written, and swapped in by the same task
 * as the documents; the swap that carries it is all or nothing.
 */
export function runIndexVersionContract(name: string, target: () => Promise<VersionTarget>): void {
  describe(`stored index version: ${name}`, () => {
    const made: string[] = [];
    let server: VersionTarget | undefined;
    const connect = async (uid: string) => {
      server ??= await target();
      const indexUid = `${server.prefix}${uid}`;
      made.push(indexUid, `${indexUid}_meta`);
      const connection = {
        host: server.host,
        ...(server.apiKey ? { apiKey: server.apiKey } : {}),
        indexUid,
        timeoutMs: 10_000,
      };
      return { connection, client: new Meilisearch(connection) };
    };
    afterAll(async () => {
      if (!server) return;
      const client = new Meilisearch({ host: server.host, apiKey: server.apiKey ?? '' });
      for (const uid of made) await client.deleteIndexIfExists(uid);
      await server.close?.();
    });

    it('is undefined for a missing index and for one filled without a version', async () => {
      const { connection, client } = await connect('unversioned');
      expect(await readIndexVersion(connection)).toBeUndefined();
      // What a `catalog index` older than versions left: the catalog, no meta index.
      await client.createIndex(connection.indexUid, { primaryKey: 'slug' }).waitTask();
      expect(await readIndexVersion(connection)).toBeUndefined();
    });

    it('is read back as stored, and changes with the documents in one swap', async () => {
      const { connection, client } = await connect('versioned');
      const first = generateSampleCatalog({ count: 40, seed: 7 });
      const report = await indexCatalogInMeilisearch(first, { ...connection, version: 'one' });
      expect(await readIndexVersion(connection)).toEqual({
        version: 'one',
        indexedAt: report.version.indexedAt,
      });

      const added = CRAFTED[0]!;
      await indexCatalogInMeilisearch([...first, added], { ...connection, version: 'two' });
      expect(await readIndexVersion(connection)).toMatchObject({ version: 'two' });
      const index = createMeilisearchIndex(connection);
      expect(await index.getBySlug(added.slug)).toMatchObject({ slug: added.slug });
      // Nothing of the build is left beside the live indexes.
      for (const uid of [`${connection.indexUid}_new`, `${connection.indexUid}_meta_new`]) {
        const gone = await client.getRawIndex(uid).catch((error: unknown) => error);
        expect((gone as MeilisearchApiError).cause).toMatchObject({ code: 'index_not_found' });
      }
    });

    it('swaps every pair of one task or none', async () => {
      const { connection, client } = await connect('atomic');
      const [a, b, missing] = ['a', 'b', 'missing'].map((s) => `${connection.indexUid}_${s}`);
      made.push(a!, b!);
      await client.createIndex(a!, { primaryKey: 'id' }).waitTask();
      await client.createIndex(b!, { primaryKey: 'id' }).waitTask();
      await client
        .index(a!)
        .addDocuments([{ id: 'from-a' }])
        .waitTask();
      const task = await client
        .swapIndexes([swapPair(a!, b!), swapPair(connection.indexUid, missing!)])
        .waitTask();
      expect(task).toMatchObject({ status: 'failed', error: { code: 'index_not_found' } });
      // The first pair was not swapped either.
      expect(await client.index(a!).getDocument('from-a')).toMatchObject({ id: 'from-a' });

      const refused = await client
        .swapIndexes([swapPair(a!, b!), swapPair(b!, connection.indexUid)])
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MeilisearchApiError);
      expect((refused as MeilisearchApiError).cause).toMatchObject({
        code: 'invalid_swap_duplicate_index_found',
      });
    });
  });
}
