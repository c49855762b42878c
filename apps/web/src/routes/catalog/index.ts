import type { FastifyInstance } from 'fastify';
import { listingKey, listingPage } from '../../pages/listing/listing-page.js';
import { sendPage } from '../../render/send-page.js';
import { type ListingQuery, ListingQuerySchema } from '../../schemas/page-queries.js';
import { formatOfPath, pageContext, readOnly } from '../page-route.js';

const URLS = ['/catalog', '/catalog.html', '/catalog.md', '/catalog/index.md'];

/** `GET /catalog` (and `.html`, `.md`): search and browse the whole catalog. */
export default async function catalogRoutes(fastify: FastifyInstance) {
  const ctx = pageContext(fastify);
  for (const url of URLS) {
    fastify.get<{ Querystring: ListingQuery }>(
      url,
      { schema: { querystring: ListingQuerySchema } },
      async (request, reply) =>
        sendPage(
          request,
          reply,
          await fastify.site.pages.get(`catalog:${listingKey(request.query)}`, () =>
            listingPage(ctx, request.query),
          ),
          fastify.site,
          formatOfPath(url),
        ),
    );
  }
  readOnly(fastify, URLS);
}
