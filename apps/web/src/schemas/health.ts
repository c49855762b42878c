import { CatalogStatusSchema } from '@repo/fastify-kit';
import { type Static, Type } from 'typebox';

/** `/health.json`: what an operator, a load balancer or an agent checks first. */
export const HealthSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    service: Type.String(),
    version: Type.String(),
    uptime_s: Type.Integer({ minimum: 0 }),
    catalog: Type.Object({
      products: Type.Integer({ minimum: 0 }),
      categories: Type.Integer({ minimum: 0 }),
      ...CatalogStatusSchema.properties,
    }),
    search: Type.Object({
      engine: Type.Union([Type.Literal('embedded'), Type.Literal('meilisearch')]),
      state: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
      reason: Type.Optional(Type.String()),
    }),
  },
  { additionalProperties: false },
);

/** The body of `/health.json`. */
export type Health = Static<typeof HealthSchema>;
