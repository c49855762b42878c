import type { FastifyInstance } from 'fastify';
import { SITE_CSS, SITE_ICON_SVG } from '../../assets/site-css.js';
import { SUGGEST_SCRIPT } from '../../assets/suggest-script.js';

/** The stylesheet and the script (content-hashed URLs, cached for a year) and the icon. */
export default async function assetRoutes(fastify: FastifyInstance) {
  fastify.get(fastify.site.cssPath, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(SITE_CSS),
  );
  fastify.get(fastify.site.scriptPath, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(SUGGEST_SCRIPT),
  );
  fastify.get('/assets/icon.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(SITE_ICON_SVG),
  );
}
