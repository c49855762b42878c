import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiDocsPage } from '../../pages/api-docs.js';
import { CachedPage } from '../../render/page-cache.js';
import { sendPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/api-docs', '/api-docs.html', '/api-docs.md', '/api-docs/index.md'];

/** `GET /api-docs` (and `.md`): built from the tool contracts once per preference. */
export default async function apiDocsRoutes(fastify: FastifyInstance) {
  // Built at start without a preference, as before: the docs never wait on the catalog.
  const plain = new CachedPage(apiDocsPage(pageContext(fastify)), fastify.site.chrome);
  for (const url of URLS) {
    fastify.get(
      url,
      { schema: { querystring: PageQuerySchema } },
      async (request: FastifyRequest<{ Querystring: PageQuery }>, reply) => {
        const ctx = pageContext(fastify, request.query.agent);
        const page = ctx.agent
          ? await fastify.site.memo(
              `page:api-docs${preferenceKey(ctx)}`,
              async () =>
                new CachedPage(
                  await buildPage(ctx, async () => apiDocsPage(ctx)),
                  fastify.site.chrome,
                ),
            )
          : plain;
        return sendPage(request, reply, page, fastify.site, formatOfPath(url));
      },
    );
  }
  readOnly(fastify, URLS);
}
