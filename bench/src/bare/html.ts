import type { FastifyInstance } from 'fastify';

// A fixed page of about 20 KB: the size of a product or listing page of the web app, with none
// of its work (no lookup, no rendering, no headers beyond Fastify's own). Encoded once, as the app
// keeps its rendered pages: a string would be measured and encoded to UTF-8 on every response,
// a cost the app does not pay, and the twin would no longer be the floor.
const ROW =
  '<li class="card"><a href="/producto/x-1234567">A product title of usual length</a> <span>¥199.00 ≈ $27.95</span></li>\n';
const PAGE = Buffer.from(
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bare</title></head><body><ul>\n${ROW.repeat(
    Math.ceil(20_000 / ROW.length),
  )}</ul></body></html>\n`,
);

/** The baseline of the web pages: `GET /bare/html` returns a fixed 20 KB HTML page. */
export default async function bareHtml(app: FastifyInstance) {
  app.get('/bare/html', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
}
