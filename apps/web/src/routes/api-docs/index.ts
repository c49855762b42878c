import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiDocsPage } from '../../pages/api-docs.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/api-docs', '/api-docs.html', '/api-docs.md', '/api-docs/index.md'];

/**
 * `GET /api-docs` (and `.md`): built from the tool contracts, kept in the page cache per version
 * and variant (language, currency, agent): the docs never wait on the catalog.
 */
export default async function apiDocsRoutes(fastify: FastifyInstance) {
  for (const url of URLS) {
    const format = formatOfPath(url);
    fastify.get(
      url,
      { schema: { querystring: PageQuerySchema }, ...PAGE_ROUTE },
      (request: FastifyRequest<{ Querystring: PageQuery }>, reply) => {
        const ctx = pageContext(request, request.query);
        return sendKeptPage(
          request,
          reply,
          ctx.site,
          `page:api-docs${preferenceKey(ctx)}`,
          () => buildPage(ctx, async () => apiDocsPage(ctx)),
          format,
        );
      },
    );
  }
  readOnly(fastify, URLS);
}
