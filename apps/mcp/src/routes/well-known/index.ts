import type { FastifyInstance } from 'fastify';
import { replyWithCard, type ServerCard } from '../../server-card.js';

/** `GET /.well-known/mcp/server-card.json`, where scanners look for the server card. */
export default async function wellKnownRoutes(
  fastify: FastifyInstance,
  opts: { readonly card: ServerCard },
) {
  fastify.get('/.well-known/mcp/server-card.json', (request, reply) =>
    replyWithCard(request, reply, opts.card),
  );
}
