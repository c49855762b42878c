import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiDocsPage } from '../../pages/api-docs.js';
import { CachedPage } from '../../render/page-cache.js';
import { sendPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/api-docs', '/api-docs.html', '/api-docs.md', '/api-docs/index.md'];

/** `GET /api-docs` (and `.md`): built from the tool contracts once per version and preference. */
export default async function apiDocsRoutes(fastify: FastifyInstance) {
  for (const url of URLS) {
    fastify.get(
      url,
      { schema: { querystring: PageQuerySchema } },
      async (request: FastifyRequest<{ Querystring: PageQuery }>, reply) => {
        const ctx = pageContext(request, request.query);
        // Built once per catalog version and preference: the docs never wait on the catalog.
        const page = await ctx.site.memo(
          `page:api-docs${preferenceKey(ctx)}`,
          async () =>
            new CachedPage(await buildPage(ctx, async () => apiDocsPage(ctx)), ctx.site.chrome),
        );
        return sendPage(request, reply, page, ctx.site, formatOfPath(url));
      },
    );
  }
  readOnly(fastify, URLS);
}
