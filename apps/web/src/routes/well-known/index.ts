import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { buildSkills, skillsIndex } from '../../documents/agent-skills.js';
import { aiCatalog } from '../../documents/ai-catalog.js';
import { API_CATALOG_TYPE, apiCatalog } from '../../documents/api-catalog.js';
import { WebHttpError } from '../../errors.js';
import { readOnly } from '../page-route.js';

/** Documents change only with a deployment; an hour of caching, then a cheap ETag revalidation. */
const DOC_CACHE = 'public, max-age=3600';

/**
 * The discovery documents the web app owns: the RFC 9727 API catalog (GET and HEAD, with its
 * `Link` header), the AI catalog, and the agent skills index with each SKILL.md. Each body is
 * serialised once, so skill digests are computed over exactly the bytes served.
 */
export default async function wellKnownRoutes(fastify: FastifyInstance) {
  const urls = fastify.site.urls;
  const skills = buildSkills(urls);
  const bodies = {
    // A Buffer, so that Fastify sends the RFC 9727 media type as is (no charset appended).
    apiCatalog: Buffer.from(JSON.stringify(apiCatalog(urls), null, 2)),
    aiCatalog: JSON.stringify(aiCatalog(urls, skills), null, 2),
    skills: JSON.stringify(skillsIndex(urls, skills), null, 2),
  };
  fastify.get('/.well-known/api-catalog', async (_request, reply) =>
    reply
      .type(API_CATALOG_TYPE)
      .header('link', `<${urls.wellKnown('api-catalog')}>; rel="api-catalog"`)
      .header('cache-control', DOC_CACHE)
      .header('access-control-allow-origin', '*')
      .send(bodies.apiCatalog),
  );
  fastify.get('/.well-known/ai-catalog.json', async (_request, reply) =>
    reply
      .type('application/json')
      .header('cache-control', DOC_CACHE)
      .header('access-control-allow-origin', '*')
      .send(bodies.aiCatalog),
  );
  fastify.get('/.well-known/agent-skills/index.json', async (_request, reply) =>
    reply
      .type('application/json')
      .header('cache-control', DOC_CACHE)
      .header('access-control-allow-origin', '*')
      .send(bodies.skills),
  );
  fastify.get<{ Params: { name: string } }>(
    '/.well-known/agent-skills/:name/SKILL.md',
    { schema: { params: Type.Object({ name: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const skill = skills.find((s) => s.name === request.params.name);
      if (!skill)
        throw new WebHttpError(404, 'No such skill; see /.well-known/agent-skills/index.json.');
      return reply
        .type('text/markdown; charset=utf-8')
        .header('cache-control', DOC_CACHE)
        .header('access-control-allow-origin', '*')
        .send(skill.body);
    },
  );
  readOnly(fastify, [
    '/.well-known/api-catalog',
    '/.well-known/ai-catalog.json',
    '/.well-known/agent-skills/index.json',
    '/.well-known/agent-skills/:name/SKILL.md',
  ]);
}
