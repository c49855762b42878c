import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { toMeilisearchDocument } from '../../src/meilisearch/index.js';

/** A loopback server a test points the engine at, and takes down afterwards. */
export interface FaultServer {
  readonly host: string;
  close(): Promise<void>;
}

/** A TCP listener that accepts every connection and never answers a byte. */
export async function hangingListener(): Promise<FaultServer> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    host: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A loopback address where nothing listens: connections are refused. */
export async function refusedHost(): Promise<string> {
  const server = createTcpServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** How the stub behaves right now. */
export type StubMode = 'hang' | 'answer';

/** A stand-in for Meilisearch that can switch between hanging and answering. */
export interface MeilisearchStub extends FaultServer {
  mode: StubMode;
  /** Requests received, as `METHOD path`. */
  readonly requests: string[];
}

const PRODUCTS = generateSampleCatalog({ count: 30 }).map((p) => toMeilisearchDocument(p));

function facetDistribution() {
  const category: Record<string, number> = {};
  for (const p of PRODUCTS) category[p.category] = (category[p.category] ?? 0) + 1;
  return { category };
}

// The few endpoints the engine calls, answered the way Meilisearch shapes them (no ranking:
// the same products whatever the query, which is enough to tell an answer from an outage).
function answer(path: string, body: Record<string, unknown>): unknown {
  const one = (query: Record<string, unknown>) => {
    const hitsPerPage = Number(query.hitsPerPage ?? query.limit ?? 20);
    return {
      indexUid: query.indexUid,
      hits: PRODUCTS.slice(0, hitsPerPage),
      query: query.q ?? '',
      processingTimeMs: 0,
      hitsPerPage,
      page: Number(query.page ?? 1),
      totalHits: PRODUCTS.length,
      totalPages: Math.ceil(PRODUCTS.length / Math.max(1, hitsPerPage)),
      facetDistribution: facetDistribution(),
    };
  };
  if (path === '/health') return { status: 'available' };
  if (path === '/multi-search') {
    return { results: (body.queries as Record<string, unknown>[]).map(one) };
  }
  if (/^\/indexes\/[^/]+\/search$/.test(path)) return one(body);
  if (/^\/indexes\/[^/]+\/stats$/.test(path)) {
    return { numberOfDocuments: PRODUCTS.length, isIndexing: false, fieldDistribution: {} };
  }
  const slug = /^\/indexes\/[^/]+\/documents\/([^/?]+)$/.exec(path)?.[1];
  if (slug) return PRODUCTS.find((p) => p.slug === decodeURIComponent(slug));
  return undefined;
}

/** Starts a Meilisearch stand-in in `mode` ('hang' accepts requests and never answers them). */
export async function meilisearchStub(mode: StubMode): Promise<MeilisearchStub> {
  const requests: string[] = [];
  const server = createHttpServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(`${req.method} ${path}`);
    if (stub.mode === 'hang') return;
    let text = '';
    for await (const chunk of req) text += chunk;
    const result = answer(path, text ? JSON.parse(text) : {});
    const status = result === undefined ? 404 : 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        result ?? { message: 'not found', code: 'not_found', type: 'invalid_request', link: '' },
      ),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const stub: MeilisearchStub = {
    host: `http://127.0.0.1:${port}`,
    mode,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return stub;
}
