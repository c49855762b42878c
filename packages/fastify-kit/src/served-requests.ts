import type { FastifyInstance } from 'fastify';

/**
 * Whether `app`'s clients were served since the last call: a reload's warm-up then leaves them
 * the event loop (see `openLiveCatalog`'s `serving`). Counted on the server's own requests, which
 * the in-process requests of a warm-up (`inject`) never reach.
 */
export function servedSinceAsked(app: FastifyInstance): () => boolean {
  let requests = 0;
  app.server.on('request', () => {
    requests++;
  });
  return () => {
    const served = requests > 0;
    requests = 0;
    return served;
  };
}
