import type { FastifyInstance } from 'fastify';
import { isWarmRequest } from './warm-request.js';

/**
 * Whether `app`'s clients were served since the last call: a reload's warm-up then leaves them
 * the event loop (see `openLiveCatalog`'s `serving`). Counted on the server's own requests, less
 * a warm-up's own (see `injectWarm`).
 */
export function servedSinceAsked(app: FastifyInstance): () => boolean {
  let requests = 0;
  app.server.on('request', (request) => {
    if (!isWarmRequest(request)) requests++;
  });
  return () => {
    const served = requests > 0;
    requests = 0;
    return served;
  };
}
