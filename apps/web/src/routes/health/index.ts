import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import { type Health, HealthSchema } from '../../schemas/health.js';

/** `GET /health.json`: 200 when the search engine answers, 503 when it is degraded. */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get(
    '/health.json',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const [health, categories] = await Promise.all([
        fastify.catalog.health(),
        fastify.catalog.categories().catch(() => []),
      ]);
      const body: Health = {
        status: health.state === 'ready' ? 'ok' : 'degraded',
        service: 'catalog',
        version: SERVICE_INFO.version,
        uptime_s: Math.floor(process.uptime()),
        catalog: {
          products: health.products,
          categories: categories.filter((c) => c.count > 0).length,
        },
        search: { engine: health.engine, state: health.state, reason: health.reason },
      };
      return reply
        .code(health.state === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
