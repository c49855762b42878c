import type { FastifyInstance } from 'fastify';

/** How many different pages the twin can send: as many as a scenario's route does, up to this. */
export const BARE_PAGE_COUNT = 512;

// Pages of about 20 KB: the size of a product or listing page of the web app, with none of its
// work (no lookup, no rendering, no headers beyond Fastify's own). Encoded once, as the app keeps
// its rendered pages: a string would be measured and encoded to UTF-8 on every response, a cost
// the app does not pay, and the twin would no longer be the floor.
const ROW =
  '<li class="card"><a href="/producto/x-1234567">A product title of usual length</a> <span>¥199.00 ≈ $27.95</span></li>\n';
const page = (n: number) =>
  Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bare ${n}</title></head><body><ul>\n${ROW.repeat(
      Math.ceil(20_000 / ROW.length),
    )}</ul></body></html>\n`,
  );

/**
 * The baseline of the web pages: `GET /bare/html/{n}` returns the n-th of
 * {@link BARE_PAGE_COUNT} fixed 20 KB HTML pages. Different pages, because a route that sends
 * hundreds of different pages reads each from memory the caches no longer hold, and a twin
 * sending one page over and over would not pay that: measured, 2-4 µs per request.
 * Static routes, one per page: a route parameter would add its own work to the floor.
 */
export default async function bareHtml(app: FastifyInstance) {
  for (let n = 0; n < BARE_PAGE_COUNT; n++) {
    const body = page(n);
    app.get(`/bare/html/${n}`, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(body),
    );
  }
}
