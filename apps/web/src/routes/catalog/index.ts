import type { FastifyInstance } from 'fastify';
import { listingKey, listingPage } from '../../pages/listing/listing-page.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type ListingQuery, ListingQuerySchema } from '../../schemas/page-queries.js';
import {
  buildPage,
  formatOfPath,
  pageContext,
  popularityKey,
  preferenceKey,
  readOnly,
} from '../page-route.js';

const URLS = ['/catalog', '/catalog.html', '/catalog.md', '/catalog/index.md'];

/** `GET /catalog` (and `.html`, `.md`): search and browse the whole catalog. */
export default async function catalogRoutes(fastify: FastifyInstance) {
  for (const url of URLS) {
    fastify.get<{ Querystring: ListingQuery }>(
      url,
      { schema: { querystring: ListingQuerySchema }, ...PAGE_ROUTE },
      (request, reply) => {
        const ctx = pageContext(request, request.query);
        return sendKeptPage(
          request,
          reply,
          request.site,
          `catalog:${listingKey(request.query)}${preferenceKey(ctx)}${popularityKey(ctx, request.query.sort)}`,
          () => buildPage(ctx, () => listingPage(ctx, request.query)),
          formatOfPath(url),
        );
      },
    );
  }
  readOnly(fastify, URLS);
}
