import type { FastifyInstance } from 'fastify';

/** The plainest baseline: a small JSON object. */
export default async function bareJson(app: FastifyInstance) {
  app.get('/bare/json', async () => ({ status: 'ok', service: 'bare' }));
}
