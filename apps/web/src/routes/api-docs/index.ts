import type { FastifyInstance } from 'fastify';
import { apiDocsPage } from '../../pages/api-docs.js';
import { CachedPage } from '../../render/page-cache.js';
import { sendPage } from '../../render/send-page.js';
import { formatOfPath, readOnly } from '../page-route.js';

const URLS = ['/api-docs', '/api-docs.html', '/api-docs.md', '/api-docs/index.md'];

/** `GET /api-docs` (and `.md`): built from the tool contracts once, at start. */
export default async function apiDocsRoutes(fastify: FastifyInstance) {
  const page = new CachedPage(apiDocsPage(fastify.site), fastify.site.chrome);
  for (const url of URLS) {
    fastify.get(url, async (request, reply) =>
      sendPage(request, reply, page, fastify.site, formatOfPath(url)),
    );
  }
  readOnly(fastify, URLS);
}
