import { hash } from 'node:crypto';
import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import { type Health, HealthSchema } from '../../schemas/health.js';

/** A health body as sent, with its ETag, and what it was made from. */
interface Answer {
  readonly key: string;
  readonly code: 200 | 503;
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * `GET /health.json`: 200 when the search engine answers, 503 when it is degraded. The engine is
 * asked on every request; the body only changes with its answer and each second of uptime, so a
 * load balancer polling many times a second gets the same bytes and ETag, serialised and hashed
 * once.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  let last: Answer | undefined;
  fastify.get(
    '/health.json',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const [health, categories] = await Promise.all([
        fastify.catalog.health(),
        fastify.catalog.categories().catch(() => []),
      ]);
      const stocked = categories.filter((c) => c.count > 0).length;
      const uptime = Math.floor(process.uptime());
      const key = `${health.state} ${health.engine} ${health.products} ${stocked} ${uptime} ${health.reason ?? ''}`;
      if (last?.key !== key) {
        const body: Health = {
          status: health.state === 'ready' ? 'ok' : 'degraded',
          service: 'catalog',
          version: SERVICE_INFO.version,
          uptime_s: uptime,
          catalog: { products: health.products, categories: stocked },
          search: { engine: health.engine, state: health.state, reason: health.reason },
        };
        const bytes = Buffer.from(JSON.stringify(body));
        last = {
          key,
          code: health.state === 'ready' ? 200 : 503,
          body: bytes,
          etag: `"${hash('sha1', bytes, 'base64')}"`,
        };
      }
      return reply
        .code(last.code)
        .header('cache-control', 'no-store')
        .header('etag', last.etag)
        .type('application/json; charset=utf-8')
        .send(last.body);
    },
  );
}
