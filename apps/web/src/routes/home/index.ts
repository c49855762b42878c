import type { FastifyInstance } from 'fastify';
import { homePage } from '../../pages/home.js';
import { CachedPage } from '../../render/page-cache.js';
import { sendPage } from '../../render/send-page.js';
import { formatOfPath, pageContext, readOnly } from '../page-route.js';

const URLS = ['/', '/index.html', '/index.md', '/index.html.md'];

/**
 * `GET /` and its twins. The page depends only on the catalog, so it is rendered once; the
 * `Link` header points agents at the discovery documents.
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
    fastify.get(url, async (request, reply) => {
      const page = await fastify.site.memo(
        'page:home',
        async () => new CachedPage(await homePage(pageContext(fastify)), fastify.site.chrome),
      );
      reply.header('link', link);
      return sendPage(
        request,
        reply,
        page,
        fastify.site,
        url.endsWith('.md') ? 'markdown' : formatOfPath(url),
      );
    });
  }
  readOnly(fastify, URLS);
}
