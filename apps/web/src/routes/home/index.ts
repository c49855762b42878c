import type { FastifyInstance, FastifyRequest } from 'fastify';
import { homePage, POPULAR_COUNT } from '../../pages/home.js';
import { POPULAR_ROW_DAYS } from '../../plugins/popularity.js';
import { PAGE_ROUTE, sendKeptPage } from '../../render/send-page.js';
import { type PageQuery, PageQuerySchema } from '../../schemas/page-queries.js';
import { buildPage, formatOfPath, pageContext, preferenceKey, readOnly } from '../page-route.js';

const URLS = ['/', '/index.html', '/index.md', '/index.html.md'];

/**
 * `GET /` and its twins. The page depends only on the catalog, the visitor's variant (language,
 * currency, agent) and the products of its popular row, so it is kept in the page cache per both; the `Link` header points agents
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
        // The page changes with the products in its popular row, not with every click.
        const popular = ctx.clicks.top(POPULAR_ROW_DAYS, POPULAR_COUNT);
        return sendKeptPage(
          request,
          reply,
          ctx.site,
          `page:home${preferenceKey(ctx)}:${popular.join(' ')}`,
          () => buildPage(ctx, () => homePage(ctx, popular)),
          url.endsWith('.md') ? 'markdown' : formatOfPath(url),
        );
      },
    );
  }
  readOnly(fastify, URLS);
}
