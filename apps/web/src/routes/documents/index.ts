import type { Agent } from '@repo/catalog-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { llmsTxt } from '../../documents/llms-txt.js';
import { openApiDocument } from '../../documents/openapi/index.js';
import { robotsTxt } from '../../documents/robots.js';
import {
  SITEMAP_MAX_URLS,
  type SitemapUrl,
  sitemapIndexXml,
  sitemapUrls,
  urlsetXml,
} from '../../documents/sitemap.js';
import { WebHttpError } from '../../errors.js';
import { readOnly } from '../page-route.js';

/** Options of the root documents. */
export interface DocumentRoutesOptions {
  /** URLs per sitemap file before it splits into an index and parts (tests lower it). */
  readonly sitemapMaxUrls?: number;
}

const CACHE = 'public, max-age=3600';

/**
 * `/robots.txt`, `/llms.txt`, `/openapi.json` and `/sitemap.xml` (an index of `/sitemap-{n}.xml`
 * when large).
 */
export default async function documentRoutes(
  fastify: FastifyInstance,
  opts: DocumentRoutesOptions,
) {
  const shell = fastify.site;
  const max = opts.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const robots = robotsTxt(shell.urls);
  const openapi = JSON.stringify(openApiDocument(shell.baseUrl, shell.contactEmail));
  // What names the agents or lists the products is made once per catalog version.
  const llms = ({ site }: FastifyRequest) =>
    site.memo('llms-txt', async () => llmsTxt(site.urls, site.agents, site.contactEmail));
  const urls = ({ site, catalog }: FastifyRequest) =>
    site.memo<SitemapUrl[]>('sitemap-urls', () =>
      sitemapUrls(site.urls, catalog, openAgentIds(site.agents)),
    );
  const sitemap = (request: FastifyRequest) =>
    request.site.memo('sitemap-xml', async () => {
      const all = await urls(request);
      const lastmod = request.catalog.loadedAt.toISOString();
      return all.length <= max
        ? urlsetXml(all)
        : sitemapIndexXml(request.site.urls, Math.ceil(all.length / max), lastmod);
    });

  fastify.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robots),
  );
  fastify.get('/llms.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await llms(request)),
  );
  fastify.get('/openapi.json', async (_request, reply) =>
    reply
      .type('application/json')
      .header('cache-control', CACHE)
      .header('access-control-allow-origin', '*')
      .send(openapi),
  );
  fastify.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await sitemap(request)),
  );
  fastify.get<{ Params: { n: number } }>(
    '/sitemap-:n.xml',
    { schema: { params: Type.Object({ n: Type.Integer({ minimum: 1, maximum: 100_000 }) }) } },
    async (request, reply) => {
      const all = await urls(request);
      const part =
        all.length > max ? all.slice((request.params.n - 1) * max, request.params.n * max) : [];
      if (part.length === 0) throw new WebHttpError(404, 'No such sitemap part; see /sitemap.xml.');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(urlsetXml(part));
    },
  );
  readOnly(fastify, [
    '/robots.txt',
    '/llms.txt',
    '/openapi.json',
    '/sitemap.xml',
    '/sitemap-:n.xml',
  ]);
}

function openAgentIds(agents: readonly Agent[]): string[] {
  return agents.filter((a) => a.status !== 'closed').map((a) => a.id);
}
