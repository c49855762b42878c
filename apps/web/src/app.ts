import type { CatalogIndex } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import type { WebConfig } from './config.js';
import { handleError, handleNotFound } from './errors.js';
import healthRoutes from './routes/health/index.js';
import qcRoutes from './routes/qc/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog every page reads, injected by the server entry. */
    catalog: CatalogIndex;
  }
}

/** What the web app needs: its config and an open catalog index. */
export interface WebAppOptions {
  readonly config: Readonly<WebConfig>;
  readonly index: CatalogIndex;
}

/**
 * The web app: HTML pages, their Markdown twins, `/health.json` and the public documents.
 * A Fastify plugin that never listens; `server.ts` (or the one-process server) registers it.
 */
export default async function webApp(fastify: FastifyInstance, opts: WebAppOptions) {
  fastify.decorate('catalog', opts.index);

  fastify.register(healthRoutes);
  fastify.register(qcRoutes);

  fastify.setErrorHandler(handleError);
  fastify.setNotFoundHandler(handleNotFound);
}
