import type { CatalogIndex } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog the app reads (pages, tools, health), opened by the server entry. */
    catalog: CatalogIndex;
  }
}

/** Options of the catalog plugin: the open index the app serves. */
export interface CatalogOptions {
  readonly index: CatalogIndex;
}

async function decorateCatalog(fastify: FastifyInstance, opts: CatalogOptions) {
  fastify.decorate('catalog', opts.index);
}

/**
 * Makes the catalog index `fastify.catalog` for the app and its routes. The index is opened and
 * closed by whoever owns it (`startServer`, a test), never by the app.
 */
export const catalogPlugin = fp(decorateCatalog, { name: 'catalog', fastify: '5.x' });
