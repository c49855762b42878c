import type { FastifyInstance, FastifyRequest } from 'fastify';
import { homePage } from '../../pages/home.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/', '/index.html', '/index.md', '/index.html.md'];

/**
 * `GET /` and its twins. The page depends only on the catalog and the visitor's variant (language,
 * currency, agent), so it is kept in the page cache per variant; the `Link` header points agents
 * at the discovery documents.
 */
export default async function homeRoutes(fastify: FastifyInstance) {
  const urls = fastify.site.urls;
  const link = [
    `<${urls.wellKnown('api-catalog')}>; rel="api-catalog"`,
    `<${urls.document('openapi')}>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
    `<${urls.apiDocs()}>; rel="service-doc"; type="text/html"`,
    `<${urls.wellKnown('ai-catalog.json')}>; rel="ai-catalog"; type="application/json"`,
    `<${urls.document('sitemap')}>; rel="sitemap"; type="application/xml"`,
  ].join(', ');
  for (const url of URLS) {
    fastify.get(
      url,
      { schema: { querystring: PageQuerySchema }, ...PAGE_ROUTE },
      (request: FastifyRequest<{ Querystring: PageQuery }>, reply) => {
        const ctx = pageContext(request, request.query);
        reply.header('link', link);
        return sendKeptPage(
          request,
          reply,
          ctx.site,
          `page:home${preferenceKey(ctx)}`,
          () => buildPage(ctx, () => homePage(ctx)),
          url.endsWith('.md') ? 'markdown' : formatOfPath(url),
        );
      },
    );
  }
  readOnly(fastify, URLS);
}
