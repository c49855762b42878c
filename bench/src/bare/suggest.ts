import type { FastifyInstance } from 'fastify';

// An answer of `/suggest` as the sample catalog gives one for a common text: eight suggestions
// (a brand, a category, six products) with root-relative links, about a kilobyte. Encoded once,
// as the app keeps its answers.
const product = (n: number) => ({
  kind: 'product',
  text: `Air Jordan 4 Retro "Military Black" Batch ${n} LJR`,
  url: `/producto/air-jordan-4-retro-military-black-ljr-72345678${n}`,
});
const BODY = Buffer.from(
  JSON.stringify({
    q: 'jordan 4',
    lang: 'en',
    suggestions: [
      { kind: 'brand', text: 'Jordan', url: '/catalog?q=Jordan' },
      { kind: 'category', text: 'jordan 4 in Sneakers', url: '/category/sneakers?q=jordan+4' },
      ...Array.from({ length: 6 }, (_, n) => product(n)),
    ],
    status: '8 suggestions',
  }),
);
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-robots-tag': 'noindex',
  etag: '"bare-suggest"',
} as const;

/**
 * The baseline of `/suggest`: `GET /bare/suggest?q=&lang=` sends a fixed answer of the same size
 * with the same headers, and nothing else: no validation, no lookup, no cache.
 */
export default async function bareSuggest(app: FastifyInstance) {
  app.get('/bare/suggest', async (_request, reply) => reply.headers(HEADERS).send(BODY));
}
