import type { FastifyInstance } from 'fastify';

// An affiliate link of the usual length, as the agents file's templates make them.
const LOCATION = 'https://agent-a.example/product?id=7234567890&platform=WEIDIAN&ref=catalogdemo';

/**
 * The baseline of the buy-link redirect: `GET /bare/go/{agent}/{slug}` answers 302 to a fixed
 * affiliate link with the same two headers, and nothing else: no lookup, no count.
 */
export default async function bareRedirect(app: FastifyInstance) {
  app.get('/bare/go/:agent/:slug', async (_request, reply) =>
    reply
      .code(302)
      .header('location', LOCATION)
      .header('x-robots-tag', 'noindex')
      .header('cache-control', 'no-store')
      .send(),
  );
}
