import { CatalogStatusSchema, catalogStatus } from '@repo/fastify-kit';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const HealthSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    service: Type.Literal('mcp'),
    uptime_s: Type.Integer({ minimum: 0 }),
    catalog: CatalogStatusSchema,
    search: Type.Object({
      engine: Type.Union([Type.Literal('embedded'), Type.Literal('meilisearch')]),
      state: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
      reason: Type.Optional(Type.String()),
    }),
  },
  { additionalProperties: false },
);

/**
 * `GET /health.json` of the mcp app on its own (in the one-process server the web app answers it):
 * 200 when the search engine answers, 503 while it is degraded, since the catalog tools cannot
 * work then; which catalog version serves and how its last reload went. The engine's own timeout bounds the wait.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get(
    '/health.json',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      const health = await request.catalog.index.health();
      const ready = health.state === 'ready';
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ready ? 'ok' : 'degraded',
          service: 'mcp',
          uptime_s: Math.floor(process.uptime()),
          catalog: catalogStatus(fastify.catalog, request.catalog),
          search: { engine: health.engine, state: health.state, reason: health.reason },
        });
    },
  );
}
