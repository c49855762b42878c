import type { Product } from '@repo/catalog-core';
import type { EnqueuedTaskPromise, Meilisearch, Task } from 'meilisearch';
import { SearchEngineError } from '../errors.js';
import { callMeilisearch } from './boundary.js';
import { meilisearchSettings, toMeilisearchDocument } from './documents.js';
import { createMeilisearchClient, type MeilisearchConnection } from './meilisearch-index.js';

/** Options of {@link indexCatalogInMeilisearch}. */
export interface IndexCatalogOptions extends MeilisearchConnection {
  /** Documents per upload task (default 5000). */
  readonly batchSize?: number;
  /** How long to wait for each Meilisearch task, in milliseconds (default 120000). */
  readonly taskTimeoutMs?: number;
  /** Called after each batch is indexed, and once with (0, total) before the first. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What {@link indexCatalogInMeilisearch} did. */
export interface IndexCatalogReport {
  readonly indexUid: string;
  readonly documents: number;
  readonly batches: number;
  readonly durationMs: number;
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
 * Pushes a whole catalog into Meilisearch without a moment of partial results. The live index is
 * only touched by one atomic swap, after everything else succeeded:
 *
 * 1. a leftover `<indexUid>_new` (from a run that died) is deleted;
 * 2. `<indexUid>_new` is created and its settings applied (searchable, filterable, sortable
 *    attributes), before any document, so no document is indexed twice;
 * 3. the documents are uploaded in batches, and every task is awaited and must succeed;
 * 4. `<indexUid>` is created empty if missing (a first run), then swapped with `<indexUid>_new`;
 * 5. the old catalog, now under `<indexUid>_new`, is deleted.
 *
 * When any step before the swap fails, the live index was never touched and `<indexUid>_new` is
 * deleted (best effort: when the engine is gone, the next run deletes it in step 1).
 *
 * @throws {SearchEngineError} `INDEXING_FAILED` when a task fails (the message carries
 *   Meilisearch's reason), `ENGINE_REJECTED` for a refused request (e.g. a search-only key).
 * @throws {SearchUnavailableError} when Meilisearch cannot be reached or a task outlasts
 *   `taskTimeoutMs`.
 * @example
 * await indexCatalogInMeilisearch(products, {
 *   host: 'http://localhost:7700', apiKey: masterKey, indexUid: 'products',
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
  const fresh = `${indexUid}_new`;

  await settle('delete leftover index', () => client.deleteIndex(fresh), timeout, notFound);
  let batches: number;
  try {
    batches = await buildIndex(client, fresh, products, options);
    await settle(
      'create target index',
      () => client.createIndex(indexUid, { primaryKey: 'slug' }),
      timeout,
      (task) => task.error?.code === 'index_already_exists',
    );
    await settle(
      'swap indexes',
      () => client.swapIndexes([{ indexes: [indexUid, fresh], rename: false }]),
      timeout,
    );
  } catch (error) {
    await settle('delete unfinished index', () => client.deleteIndex(fresh), timeout, notFound)
      // The build error is the one to report; an engine that is gone fails here too.
      .catch(() => undefined);
    throw error;
  }
  await settle('delete old index', () => client.deleteIndex(fresh), timeout);
  return {
    indexUid,
    documents: products.length,
    batches,
    durationMs: Math.round(performance.now() - started),
  };
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
    const batch = products.slice(at, at + batchSize).map(toMeilisearchDocument);
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
