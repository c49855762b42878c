import type { Agent } from '@repo/catalog-core';
import type { CatalogIndex } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import type { WebConfig } from './config.js';
import { handleError, handleNotFound } from './errors.js';
import httpPolicy from './plugins/http-policy.js';
import site from './plugins/site.js';
import apiDocsRoutes from './routes/api-docs/index.js';
import assetRoutes from './routes/assets/index.js';
import catalogRoutes from './routes/catalog/index.js';
import categoryRoutes from './routes/category/index.js';
import documentRoutes from './routes/documents/index.js';
import healthRoutes from './routes/health/index.js';
import homeRoutes from './routes/home/index.js';
import productRoutes from './routes/producto/index.js';
import qcRoutes from './routes/qc/index.js';
import spreadsheetRoutes from './routes/spreadsheet/index.js';
import wellKnownRoutes from './routes/well-known/index.js';

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
  /** The operator's agents; the defaults of `@repo/catalog-core` when absent. */
  readonly agents?: readonly Agent[];
  /** URLs per sitemap file before `/sitemap.xml` becomes an index (default 50,000). */
  readonly sitemapMaxUrls?: number;
}

/**
 * The web app: HTML pages, their Markdown twins, `/health.json` and the public documents.
 * A Fastify plugin that never listens; `server.ts` (or the one-process server) registers it.
 * It answers every unknown URL of the process (404 in the representation asked for).
 */
export default async function webApp(fastify: FastifyInstance, opts: WebAppOptions) {
  fastify.decorate('catalog', opts.index);
  await fastify.register(site, {
    config: opts.config,
    ...(opts.agents ? { agents: opts.agents } : {}),
  });
  await fastify.register(httpPolicy, { baseUrl: opts.config.baseUrl });

  fastify.register(healthRoutes);
  fastify.register(qcRoutes);
  fastify.register(assetRoutes);
  fastify.register(homeRoutes);
  fastify.register(catalogRoutes);
  fastify.register(categoryRoutes);
  fastify.register(productRoutes);
  fastify.register(spreadsheetRoutes);
  fastify.register(apiDocsRoutes);
  fastify.register(wellKnownRoutes);
  fastify.register(
    documentRoutes,
    opts.sitemapMaxUrls ? { sitemapMaxUrls: opts.sitemapMaxUrls } : {},
  );

  fastify.setErrorHandler(handleError);
  fastify.setNotFoundHandler(handleNotFound);
}
