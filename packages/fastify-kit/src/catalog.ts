import type { CatalogVersion, LiveCatalog } from '@repo/catalog-io';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { warmVersion } from './warm-request.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog the app serves, which a reload may replace (health reads its status). */
    catalog: LiveCatalog;
  }
  interface FastifyRequest {
    /**
     * The catalog version this request reads, taken when it starts: a reload during the request
     * changes nothing it answers, so no answer mixes two versions.
     */
    catalog: CatalogVersion;
  }
}

/** Options of the catalog plugin: the catalog the app serves. */
export interface CatalogOptions {
  readonly catalog: LiveCatalog;
}

async function decorateCatalog(fastify: FastifyInstance, opts: CatalogOptions) {
  const live = opts.catalog;
  fastify.decorate('catalog', live);
  fastify.decorateRequest('catalog', null as unknown as CatalogVersion);
  // Callback style: an async hook costs a promise on every request.
  fastify.addHook('onRequest', (request, _reply, done) => {
    // A warm-up reads the version about to be swapped in (see injectWarm).
    request.catalog = warmVersion(request) ?? live.current;
    done();
  });
}

/**
 * Makes the catalog `fastify.catalog` for the app, and the version each request reads
 * `request.catalog`. The catalog is opened and closed by whoever owns it (`startServer`, a
 * test), never by the app.
 */
export const catalogPlugin = fp(decorateCatalog, { name: 'catalog', fastify: '5.x' });
