import { hash } from 'node:crypto';
import { SERVICE_INFO } from '@repo/catalog-core';
import type { CatalogVersion } from '@repo/catalog-io';
import { catalogStatus } from '@repo/fastify-kit';
import type { IndexHealth } from '@repo/search';
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
 * `GET /health.json`: 200 when the search engine answers, 503 when it is degraded; which catalog
 * version serves and how its last reload went. The engine is asked on every request; the body
 * only changes with its answer, the catalog's reloads and each second of uptime, so a
 * load balancer polling many times a second gets the same bytes and ETag, serialised and hashed
 * once. The stocked categories are counted again only when the body is made again.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  let last: Answer | undefined;

  async function answer(
    catalog: CatalogVersion,
    health: IndexHealth,
    uptime: number,
    key: string,
  ): Promise<Answer> {
    const categories = await catalog.index.categories().catch(() => []);
    const body: Health = {
      status: health.state === 'ready' ? 'ok' : 'degraded',
      service: 'catalog',
      version: SERVICE_INFO.version,
      uptime_s: uptime,
      catalog: {
        products: health.products,
        categories: categories.filter((c) => c.count > 0).length,
        ...catalogStatus(fastify.catalog, catalog),
      },
      search: { engine: health.engine, state: health.state, reason: health.reason },
    };
    const bytes = Buffer.from(JSON.stringify(body));
    return {
      key,
      code: health.state === 'ready' ? 200 : 503,
      body: bytes,
      etag: `"${hash('sha1', bytes, 'base64')}"`,
    };
  }

  fastify.get(
    '/health.json',
    {
      schema: { response: { 200: HealthSchema, 503: HealthSchema } },
      // A few hundred bytes, always under the compression threshold: no compression hooks to run.
      compress: false,
    },
    async (request, reply) => {
      const { catalog } = request;
      const health = await catalog.index.health();
      const uptime = Math.floor(process.uptime());
      const reload = fastify.catalog.lastReload;
      const fetched = fastify.catalog.remote?.fetchedAt?.getTime() ?? '';
      const key = `${catalog.version} ${reload.status} ${reload.at.getTime()} ${fetched} ${health.state} ${health.engine} ${health.products} ${uptime} ${health.reason ?? ''}`;
      if (last?.key !== key) last = await answer(catalog, health, uptime, key);
      return reply
        .code(last.code)
        .header('cache-control', 'no-store')
        .header('etag', last.etag)
        .type('application/json; charset=utf-8')
        .send(last.body);
    },
  );
}
