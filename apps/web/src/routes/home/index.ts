import type { FastifyInstance } from 'fastify';
import { homePage } from '../../pages/home.js';
import { CachedPage } from '../../render/page-cache.js';
import { sendPage } from '../../render/send-page.js';
import { formatOfPath, readOnly } from '../page-route.js';

const URLS = ['/', '/index.html', '/index.md', '/index.html.md'];

/**
 * `GET /` and its twins. The page depends only on the catalog, so it is rendered once; the
 * `Link` header points agents at the discovery documents.
 */
export default async function homeRoutes(fastify: FastifyInstance) {
  const base = fastify.site.baseUrl;
  const link = [
    `<${base}/.well-known/api-catalog>; rel="api-catalog"`,
    `<${base}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
    `<${base}/api-docs>; rel="service-doc"; type="text/html"`,
    `<${base}/.well-known/ai-catalog.json>; rel="ai-catalog"; type="application/json"`,
    `<${base}/sitemap.xml>; rel="sitemap"; type="application/xml"`,
  ].join(', ');
  for (const url of URLS) {
    fastify.get(url, async (request, reply) => {
      const page = await fastify.site.memo(
        'page:home',
        async () => new CachedPage(await homePage(fastify), fastify.site.chrome),
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
