import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** An index of the stub: documents by slug and the last settings applied. */
export interface StubIndex {
  documents: Map<string, unknown>;
  settings?: unknown;
}

interface StubTask {
  uid: number;
  indexUid: string | null;
  type: string;
  status: 'succeeded' | 'failed';
  error: { code: string; message: string; type: string; link: string } | null;
  polls: number;
}

/** What the test can make fail: a task (by type and index), or a whole request with a 500. */
export interface Faults {
  task?: (type: string, indexUid: string | null, seq: number) => string | undefined;
  http?: (method: string, path: string) => boolean;
}

/**
 * A Meilisearch stand-in speaking the task API the indexer uses: every write is a task that is
 * answered `enqueued`, then `processing`, then its outcome (so the client must poll), applied in
 * order like Meilisearch does. `log` records each write and each outcome the client saw,
 * `liveSizes` the size of the live index at every request, for "never partial", and `liveStates`
 * that size with the version its meta index `<liveUid>_meta` held then, for "never apart".
 */
export async function startStub(liveUid: string, faults: Faults = {}) {
  const indexes = new Map<string, StubIndex>();
  const tasks: StubTask[] = [];
  const log: string[] = [];
  const liveSizes: number[] = [];
  const liveStates: string[] = [];
  const typesSeen = new Map<string, number>();

  const enqueue = (type: string, indexUid: string | null, apply: () => string | undefined) => {
    const seq = (typesSeen.get(type) ?? 0) + 1;
    typesSeen.set(type, seq);
    const injected = faults.task?.(type, indexUid, seq);
    const code = injected ?? apply();
    const error = code
      ? { code, message: `stub: ${code}`, type: 'invalid_request', link: '' }
      : null;
    const task: StubTask = {
      uid: tasks.length,
      indexUid,
      type,
      status: code ? 'failed' : 'succeeded',
      error,
      polls: 0,
    };
    tasks.push(task);
    return { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date() };
  };
  const existing = (uid: string, run: (index: StubIndex) => void) => () => {
    const index = indexes.get(uid);
    if (!index) return 'index_not_found';
    run(index);
    return undefined;
  };

  const route = (method: string, path: string, body: unknown): [number, unknown] => {
    const task = /^\/tasks\/(\d+)$/.exec(path);
    if (method === 'GET' && task) {
      const found = tasks[Number(task[1])];
      if (!found) return [404, { code: 'task_not_found', message: 'no such task' }];
      found.polls++;
      const status = found.polls === 1 ? 'processing' : found.status;
      if (found.polls === 2) {
        log.push(`${found.type} ${found.indexUid ?? ''} ${found.status}`.replace('  ', ' '));
      }
      return [200, { ...found, status, error: found.polls === 1 ? null : found.error }];
    }
    const documents = /^\/indexes\/([^/]+)\/documents$/.exec(path);
    const settings = /^\/indexes\/([^/]+)\/settings$/.exec(path);
    const one = /^\/indexes\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/indexes') {
      const { uid } = body as { uid: string };
      log.push(`create ${uid}`);
      return [
        202,
        enqueue('indexCreation', uid, () => {
          if (indexes.has(uid)) return 'index_already_exists';
          indexes.set(uid, { documents: new Map() });
          return undefined;
        }),
      ];
    }
    if (method === 'DELETE' && one) {
      const uid = one[1] as string;
      log.push(`delete ${uid}`);
      return [
        202,
        enqueue(
          'indexDeletion',
          uid,
          existing(uid, () => indexes.delete(uid)),
        ),
      ];
    }
    if (method === 'PATCH' && settings) {
      const uid = settings[1] as string;
      log.push(`settings ${uid}`);
      return [
        202,
        enqueue(
          'settingsUpdate',
          uid,
          existing(uid, (index) => Object.assign(index, { settings: body })),
        ),
      ];
    }
    if (method === 'POST' && documents) {
      const uid = documents[1] as string;
      // The catalog's documents are keyed by slug, the version's by id.
      const batch = body as { slug?: string; id?: string }[];
      log.push(`documents ${uid} ${batch.length}`);
      return [
        202,
        enqueue(
          'documentAdditionOrUpdate',
          uid,
          existing(uid, (index) => {
            for (const document of batch) {
              index.documents.set(String(document.slug ?? document.id), document);
            }
          }),
        ),
      ];
    }
    if (method === 'POST' && path === '/swap-indexes') {
      const swaps = body as { indexes: [string, string] }[];
      // As Meilisearch before 1.18 (the stack runs 1.16): a field it does not know is refused.
      const unknown = swaps.flatMap(Object.keys).find((key) => key !== 'indexes');
      if (unknown !== undefined) {
        return [
          400,
          {
            code: 'bad_request',
            message: `Unknown field \`${unknown}\``,
            type: 'invalid_request',
            link: '',
          },
        ];
      }
      const pairs = swaps.map((swap) => swap.indexes);
      log.push(`swap ${pairs.map((pair) => pair.join(' ')).join(', ')}`);
      return [
        202,
        enqueue('indexSwap', null, () => {
          // Every pair or none, as Meilisearch.
          if (pairs.flat().some((uid) => !indexes.has(uid))) return 'index_not_found';
          const found = pairs.map(([a, b]) => [a, b, indexes.get(a), indexes.get(b)] as const);
          for (const [a, b, first, second] of found) {
            indexes.set(a, second as StubIndex);
            indexes.set(b, first as StubIndex);
          }
          return undefined;
        }),
      ];
    }
    return [404, { code: 'not_found', message: `stub: no route ${method} ${path}` }];
  };

  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? undefined : JSON.parse(text);
  };
  const server: Server = createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    const body = await read(request);
    const size = indexes.get(liveUid)?.documents.size ?? 0;
    const meta = indexes.get(`${liveUid}_meta`)?.documents.get('version') as
      | { version: string }
      | undefined;
    liveSizes.push(size);
    liveStates.push(`${size} ${meta?.version ?? '-'}`);
    const [status, answer] = faults.http?.(method, path)
      ? [500, { code: 'internal', message: 'stub: 500', type: 'internal', link: '' }]
      : route(method, path, body);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    host: `http://127.0.0.1:${port}`,
    indexes,
    log,
    liveSizes,
    liveStates,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A running {@link startStub}. */
export type MeilisearchTaskStub = Awaited<ReturnType<typeof startStub>>;
