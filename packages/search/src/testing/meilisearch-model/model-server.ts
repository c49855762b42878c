import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ModelIndex } from './model-index.js';
import { ModelRequestError, type ModelSearchParams, searchModel } from './model-search.js';

/** A model of a Meilisearch server on a free loopback port (see `model-search.ts`). */
export interface MeilisearchModel {
  readonly url: string;
  /** The searches it answered, in order (each multi-search query counts once). */
  readonly searches: ModelSearchParams[];
  close(): Promise<void>;
}

interface Task {
  uid: number;
  indexUid: string | null;
  type: string;
  status: 'succeeded' | 'failed';
  error: { message: string; code: string; type: string; link: string } | null;
  enqueuedAt: string;
  startedAt: string;
  finishedAt: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const body = (error: { message: string; code: string }) => ({
  message: error.message,
  code: error.code,
  type: 'invalid_request',
  link: `https://docs.meilisearch.com/errors#${error.code}`,
});

/**
 * Starts the model: Meilisearch's routes that this service uses (indexes, settings, documents,
 * tasks, index swaps, search, multi-search, stats, one document, health), answering as
 * Meilisearch does, so the real `meilisearch` client and this package's indexer and engine run
 * against it unchanged. Writes are tasks applied at once (their status is final when first asked).
 *
 * @example
 * const model = await startMeilisearchModel();
 * await indexCatalogInMeilisearch(products, { host: model.url, indexUid: 'products' });
 * const index = createMeilisearchIndex({ host: model.url, indexUid: 'products' });
 */
export async function startMeilisearchModel(): Promise<MeilisearchModel> {
  const indexes = new Map<string, ModelIndex>();
  const tasks: Task[] = [];
  const searches: ModelSearchParams[] = [];

  const enqueue = (type: string, indexUid: string | null, apply: () => void) => {
    const now = new Date().toISOString();
    let error: Task['error'] = null;
    try {
      apply();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      error = body(failure);
    }
    const task: Task = {
      uid: tasks.length,
      indexUid,
      type,
      status: error ? 'failed' : 'succeeded',
      error,
      enqueuedAt: now,
      startedAt: now,
      finishedAt: now,
    };
    tasks.push(task);
    return [202, { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: now }];
  };
  const existing = (uid: string): ModelIndex => {
    const index = indexes.get(uid);
    if (!index) throw new ApiError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return index;
  };
  const search = (uid: string, params: ModelSearchParams) => {
    searches.push(params);
    try {
      return { indexUid: uid, ...searchModel(existing(uid), params) };
    } catch (error) {
      if (error instanceof ModelRequestError) throw new ApiError(400, error.code, error.message);
      throw error;
    }
  };

  const route = (method: string, path: string, query: URLSearchParams, input: unknown) => {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const [root, uid, sub, id] = parts;
    if (root === 'health') return [200, { status: 'available' }];
    if (root === 'tasks' && method === 'GET' && uid !== undefined) {
      const task = tasks[Number(uid)];
      if (!task) throw new ApiError(404, 'task_not_found', `Task \`${uid}\` not found.`);
      return [200, task];
    }
    if (root === 'multi-search' && method === 'POST') {
      const { queries } = input as { queries: (ModelSearchParams & { indexUid: string })[] };
      return [200, { results: queries.map(({ indexUid, ...params }) => search(indexUid, params)) }];
    }
    if (root === 'swap-indexes' && method === 'POST') {
      const swaps = input as { indexes: [string, string] }[];
      const uids = swaps.flatMap((swap) => swap.indexes);
      const twice = uids.find((uid, i) => uids.indexOf(uid) !== i);
      if (twice !== undefined) {
        throw new ApiError(
          400,
          'invalid_swap_duplicate_index_found',
          `Indexes must be declared only once during a swap. \`${twice}\` was specified several times.`,
        );
      }
      return enqueue('indexSwap', null, () => {
        // Every pair or none, as Meilisearch: all indexes are checked before any is swapped.
        const missing = uids.filter((uid) => !indexes.has(uid));
        if (missing.length > 0) {
          const names = missing.map((uid) => `\`${uid}\``).join(', ');
          throw new ApiError(404, 'index_not_found', `Indexes ${names} not found.`);
        }
        const pairs = swaps.map(({ indexes: [a, b] }) => [a, b, existing(a), existing(b)] as const);
        for (const [a, b, first, second] of pairs) {
          indexes.set(a, Object.assign(second, { uid: a }));
          indexes.set(b, Object.assign(first, { uid: b }));
        }
      });
    }
    if (root !== 'indexes') throw new ApiError(404, 'not_found', `No route ${method} ${path}.`);
    if (uid === undefined && method === 'POST') {
      const { uid: created, primaryKey } = input as { uid: string; primaryKey?: string };
      return enqueue('indexCreation', created, () => {
        if (indexes.has(created)) {
          throw new ApiError(409, 'index_already_exists', `Index \`${created}\` already exists.`);
        }
        indexes.set(created, new ModelIndex(created, primaryKey));
      });
    }
    if (uid === undefined) throw new ApiError(404, 'not_found', `No route ${method} ${path}.`);
    if (sub === undefined && method === 'DELETE') {
      return enqueue('indexDeletion', uid, () => {
        existing(uid);
        indexes.delete(uid);
      });
    }
    if (sub === undefined && method === 'GET') {
      const index = existing(uid);
      return [200, { uid, primaryKey: index.primaryKey ?? null }];
    }
    if (sub === 'settings' && method === 'PATCH') {
      return enqueue('settingsUpdate', uid, () =>
        existing(uid).updateSettings(input as Record<string, unknown>),
      );
    }
    if (sub === 'settings' && method === 'GET') return [200, existing(uid).settings];
    if (sub === 'documents' && method === 'POST' && id === undefined) {
      return enqueue('documentAdditionOrUpdate', uid, () => {
        const index = existing(uid);
        index.primaryKey ??= query.get('primaryKey') ?? undefined;
        index.addDocuments(input as Record<string, unknown>[]);
      });
    }
    if (sub === 'documents' && method === 'GET' && id !== undefined) {
      const document = existing(uid).documents.get(id);
      if (!document) throw new ApiError(404, 'document_not_found', `Document \`${id}\` not found.`);
      const fields = query.get('fields')?.split(',');
      return [
        200,
        fields
          ? Object.fromEntries(fields.filter((f) => f in document).map((f) => [f, document[f]]))
          : document,
      ];
    }
    if (sub === 'search' && method === 'POST')
      return [200, search(uid, input as ModelSearchParams)];
    if (sub === 'stats' && method === 'GET') {
      return [
        200,
        {
          numberOfDocuments: existing(uid).documents.size,
          isIndexing: false,
          fieldDistribution: {},
        },
      ];
    }
    throw new ApiError(404, 'not_found', `No route ${method} ${path}.`);
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://model');
    let status: number;
    let payload: unknown;
    try {
      [status, payload] = route(
        req.method ?? 'GET',
        url.pathname,
        url.searchParams,
        text ? JSON.parse(text) : {},
      ) as [number, unknown];
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      payload = body(error);
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  });
  // A test that holds the event loop for seconds (the embedded engine beside it, on a busy
  // machine) would otherwise find the client's idle connection closed under it: ECONNRESET.
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    searches,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
