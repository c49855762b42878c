// A stand-in Meilisearch for fault tests of the apps: it can refuse, hang or answer the few
// endpoints the engine calls. Test-only; not exported from the package root.
import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { getCategory, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';

/** What the stand-in does with a connection right now. */
export type StubMode = 'refuse' | 'hang' | 'answer';

/** A Meilisearch stand-in on one fixed loopback port, switched between faults and answers. */
export interface MeilisearchStub {
  readonly url: string;
  /** The products it answers with. */
  readonly products: readonly Product[];
  /** `refuse`: nothing listens; `hang`: connections are accepted and never answered. */
  set(mode: StubMode): Promise<void>;
  close(): Promise<void>;
}

function toDocument(p: Product) {
  return {
    ...p,
    category_name: getCategory(p.category)?.name ?? p.category,
    created_at_ts: Date.parse(p.created_at),
  };
}

// The few endpoints the engine calls, shaped like Meilisearch's answers. No ranking: the same
// products whatever the query, enough to tell an answer from an outage.
function answer(products: readonly Product[], path: string, body: Record<string, unknown>) {
  const category: Record<string, number> = {};
  for (const p of products) category[p.category] = (category[p.category] ?? 0) + 1;
  const one = (query: Record<string, unknown>) => {
    const hitsPerPage = Number(query.hitsPerPage ?? query.limit ?? 20);
    return {
      indexUid: query.indexUid,
      hits: products.slice(0, hitsPerPage).map(toDocument),
      query: query.q ?? '',
      processingTimeMs: 0,
      hitsPerPage,
      page: Number(query.page ?? 1),
      totalHits: products.length,
      totalPages: Math.ceil(products.length / Math.max(1, hitsPerPage)),
      facetDistribution: { category },
    };
  };
  if (path === '/health') return { status: 'available' };
  if (path === '/multi-search') {
    return { results: (body.queries as Record<string, unknown>[]).map(one) };
  }
  if (/^\/indexes\/[^/]+\/search$/.test(path)) return one(body);
  if (/^\/indexes\/[^/]+\/stats$/.test(path)) {
    return { numberOfDocuments: products.length, isIndexing: false, fieldDistribution: {} };
  }
  const slug = /^\/indexes\/[^/]+\/documents\/([^/?]+)$/.exec(path)?.[1];
  const found = slug && products.find((p) => p.slug === decodeURIComponent(slug));
  return found ? toDocument(found) : undefined;
}

/** Starts the stand-in in `mode` on a free loopback port. */
export async function startMeilisearchStub(mode: StubMode): Promise<MeilisearchStub> {
  const products = generateSampleCatalog({ count: 40 });
  const http = createHttpServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const result = answer(products, path, text ? JSON.parse(text) : {});
    res.writeHead(result === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(result ?? { message: 'not found', code: 'not_found', type: 'x' }));
  });
  let current: StubMode = mode;
  const sockets = new Set<Socket>();
  // A raw TCP listener: in `hang` mode a connection is accepted and never read nor answered.
  const tcp = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (current === 'answer') http.emit('connection', socket);
  });
  let listening: Server | undefined;
  let port = 0;
  const listen = async () => {
    listening = tcp.listen(port, '127.0.0.1');
    await once(tcp, 'listening');
    port = (tcp.address() as { port: number }).port;
  };
  const unlisten = async () => {
    for (const socket of sockets) socket.destroy();
    if (listening) await new Promise((resolve) => tcp.close(resolve));
    listening = undefined;
  };
  await listen();
  if (mode === 'refuse') await unlisten();
  return {
    url: `http://127.0.0.1:${port}`,
    products,
    async set(next) {
      current = next;
      // Connections kept alive from an earlier mode must not carry on in the old one.
      await unlisten();
      if (next !== 'refuse') await listen();
    },
    close: unlisten,
  };
}
