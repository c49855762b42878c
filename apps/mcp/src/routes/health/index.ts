import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  service: Type.Literal('mcp'),
  uptime_s: Type.Integer({ minimum: 0 }),
});

/** `GET /health.json` of the mcp app on its own; in the one-process server the web app answers it. */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get(
    '/health.json',
    { schema: { response: { 200: HealthSchema } } },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', service: 'mcp', uptime_s: Math.floor(process.uptime()) }),
  );
}
