import { randomUUID } from 'node:crypto';
import type { Product } from '@repo/catalog-core';
import type { EnqueuedTaskPromise, IndexSwap, Meilisearch, Task } from 'meilisearch';
import { SearchEngineError } from '../errors.js';
import { callMeilisearch } from './boundary.js';
import { meilisearchSettings, toMeilisearchDocument } from './documents.js';
import { type IndexVersion, metaIndexUid, toMetaDocument } from './index-version.js';
import { createMeilisearchClient, type MeilisearchConnection } from './meilisearch-index.js';

/** Options of {@link indexCatalogInMeilisearch}. */
export interface IndexCatalogOptions extends MeilisearchConnection {
  /** Documents per upload task (default 5000). */
  readonly batchSize?: number;
  /** How long to wait for each Meilisearch task, in milliseconds (default 120000). */
  readonly taskTimeoutMs?: number;
  /** Called after each batch is indexed, and once with (0, total) before the first. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The version stored with the index (`readIndexVersion`), e.g. a hash of the catalog file:
   * processes serving the index reload when it changes. Default: a new random one per run.
   */
  readonly version?: string;
}

/** What {@link indexCatalogInMeilisearch} did. */
export interface IndexCatalogReport {
  readonly indexUid: string;
  readonly documents: number;
  readonly batches: number;
  readonly durationMs: number;
  /** What was stored with the index. */
  readonly version: IndexVersion;
}

const DEFAULT_BATCH_SIZE = 5_000;
const DEFAULT_TASK_TIMEOUT_MS = 120_000;

async function settle(
  action: string,
  enqueue: () => EnqueuedTaskPromise,
  timeout: number,
  allow?: (task: Task) => boolean,
): Promise<Task> {
  const task = await callMeilisearch(action, () => enqueue().waitTask({ timeout }));
  if (task.status !== 'succeeded' && !allow?.(task)) {
    throw new SearchEngineError(
      'INDEXING_FAILED',
      `Meilisearch task ${task.uid} (${action}) ${task.status}: ${task.error?.message ?? 'no reason given'}`,
      { cause: task },
    );
  }
  return task;
}

const notFound = (task: Task) => task.error?.code === 'index_not_found';

/**
 * One pair of a swap, without `rename`: false is its default since Meilisearch 1.18 added it,
 * and earlier servers (the stack runs 1.16) refuse a field they do not know.
 */
export const swapPair = (a: string, b: string) => ({ indexes: [a, b] }) as IndexSwap;

/**
 * Pushes a whole catalog into Meilisearch without a moment of partial results. The live index is
 * only touched by one atomic swap, after everything else succeeded:
 *
 * 1. a leftover `<indexUid>_new` or `<indexUid>_meta_new` (from a run that died) is deleted;
 * 2. `<indexUid>_new` is created and its settings applied (searchable, filterable, sortable
 *    attributes), before any document, so no document is indexed twice;
 * 3. the documents are uploaded in batches, and every task is awaited and must succeed;
 * 4. `<indexUid>_meta_new` gets the one document naming the version and the time;
 * 5. `<indexUid>` and `<indexUid>_meta` are created empty if missing (a first run), then both
 *    are swapped with their `_new` in one task: Meilisearch swaps every pair of a task or none,
 *    so no reader ever sees the new documents under the old version, or the reverse;
 * 6. the old catalog and version, now under the `_new` uids, are deleted.
 *
 * When any step before the swap fails, the live index was never touched and the `_new` indexes
 * are deleted (best effort: when the engine is gone, the next run deletes them in step 1).
 *
 * @throws {SearchEngineError} `INDEXING_FAILED` when a task fails (the message carries
 *   Meilisearch's reason), `ENGINE_REJECTED` for a refused request (e.g. a search-only key).
 * @throws {SearchUnavailableError} when Meilisearch cannot be reached or a task outlasts
 *   `taskTimeoutMs`.
 * @example
 * await indexCatalogInMeilisearch(products, {
 *   host: 'http://localhost:7700', apiKey: masterKey, indexUid: 'products', version: hash,
 *   onProgress: (done, total) => bar.update(done / total),
 * });
 */
export async function indexCatalogInMeilisearch(
  products: readonly Product[],
  options: IndexCatalogOptions,
): Promise<IndexCatalogReport> {
  const started = performance.now();
  const { indexUid } = options;
  const timeout = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const client: Meilisearch = createMeilisearchClient(options);
  const meta = metaIndexUid(indexUid);
  const fresh = `${indexUid}_new`;
  const freshMeta = `${meta}_new`;
  const deleteFresh = async (action: string, allow?: (task: Task) => boolean) => {
    for (const uid of [fresh, freshMeta]) {
      await settle(action, () => client.deleteIndex(uid), timeout, allow);
    }
  };

  await deleteFresh('delete leftover index', notFound);
  let batches: number;
  let version: IndexVersion;
  try {
    batches = await buildIndex(client, fresh, products, options);
    version = {
      version: options.version ?? randomUUID().replaceAll('-', '').slice(0, 16),
      indexedAt: new Date(),
    };
    await storeVersion(client, freshMeta, version, timeout);
    for (const [uid, primaryKey] of [
      [indexUid, 'slug'],
      [meta, 'id'],
    ] as const) {
      await settle(
        'create target index',
        () => client.createIndex(uid, { primaryKey }),
        timeout,
        (task) => task.error?.code === 'index_already_exists',
      );
    }
    await settle(
      'swap indexes',
      () => client.swapIndexes([swapPair(indexUid, fresh), swapPair(meta, freshMeta)]),
      timeout,
    );
  } catch (error) {
    for (const uid of [fresh, freshMeta]) {
      await settle('delete unfinished index', () => client.deleteIndex(uid), timeout, notFound)
        // The build error is the one to report; an engine that is gone fails here too.
        .catch(() => undefined);
    }
    throw error;
  }
  await deleteFresh('delete old index');
  return {
    indexUid,
    documents: products.length,
    batches,
    durationMs: Math.round(performance.now() - started),
    version,
  };
}

/** Step 4: creates `uid` holding the one document of `version`. */
async function storeVersion(
  client: Meilisearch,
  uid: string,
  version: IndexVersion,
  timeout: number,
): Promise<void> {
  await settle(
    'create version index',
    () => client.createIndex(uid, { primaryKey: 'id' }),
    timeout,
  );
  await settle(
    'store version',
    () => client.index(uid).addDocuments([toMetaDocument(version)], { primaryKey: 'id' }),
    timeout,
  );
}

/** Steps 2 and 3: creates `uid` with its settings and fills it; returns the number of batches. */
async function buildIndex(
  client: Meilisearch,
  uid: string,
  products: readonly Product[],
  options: IndexCatalogOptions,
): Promise<number> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const timeout = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const total = products.length;
  await settle('create index', () => client.createIndex(uid, { primaryKey: 'slug' }), timeout);
  await settle(
    'update settings',
    () => client.index(uid).updateSettings(meilisearchSettings(options.lexicon)),
    timeout,
  );
  options.onProgress?.(0, total);
  // Enqueue every batch first so Meilisearch can work while we wait, then wait in order.
  const pending: { size: number; task: EnqueuedTaskPromise }[] = [];
  for (let at = 0; at < total; at += batchSize) {
    const batch = products
      .slice(at, at + batchSize)
      .map((product) => toMeilisearchDocument(product, options.lexicon));
    const task = await callMeilisearch('upload documents', async () => {
      const enqueued = client.index(uid).addDocuments(batch, { primaryKey: 'slug' });
      await enqueued;
      return { enqueued };
    });
    pending.push({ size: batch.length, task: task.enqueued });
  }
  let done = 0;
  for (const { size, task } of pending) {
    await settle('index documents', () => task, timeout);
    done += size;
    options.onProgress?.(done, total);
  }
  return pending.length;
}
