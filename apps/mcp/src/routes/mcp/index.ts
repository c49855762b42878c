import { bindAccessLine } from '@repo/fastify-kit';
import type { FastifyInstance } from 'fastify';
import { McpRpcError, RPC_ERROR } from '../../errors.js';
import type { RpcHandler } from '../../protocol/rpc-handler.js';
import { replyWithCard, type ServerCard } from '../../server-card.js';
import { originGuard } from './origin-guard.js';

/** What the `/mcp` routes need from the app. */
export interface McpRoutesOptions {
  readonly rpc: RpcHandler;
  readonly card: ServerCard;
  readonly allowedOrigins: readonly string[];
  readonly bodyLimit: number;
}

/**
 * `POST /mcp`, the stateless JSON-RPC endpoint; the other methods on it (405, `Allow: POST`); and
 * `GET /mcp/server-card`.
 */
export default async function mcpRoutes(fastify: FastifyInstance, opts: McpRoutesOptions) {
  // JSON only: Fastify also parses text/plain by default, which would let a browser page post
  // JSON-RPC without a CORS preflight.
  fastify.removeContentTypeParser(['text/plain']);
  const checkOrigin = originGuard(opts.allowedOrigins);

  fastify.post(
    '/mcp',
    { bodyLimit: opts.bodyLimit, onRequest: checkOrigin },
    async (request, reply) => {
      const outcome = await opts.rpc.handle(request.body, request.headers, request.catalog);
      // What was called, never the arguments, goes on the request's one access line (as
      // client_id does, from the attribution plugin): a line of its own cost as much again.
      bindAccessLine(request, {
        rpc: outcome.calls.length === 1 ? outcome.calls[0] : outcome.calls,
      });
      if (outcome.payload === undefined) return reply.code(202).send();
      // The answer depends on Accept-Encoding (see protocol/gzip-response.ts).
      reply.header('vary', 'accept-encoding');
      if (outcome.encoding) reply.header('content-encoding', outcome.encoding);
      return reply.type('application/json; charset=utf-8').send(outcome.payload);
    },
  );

  fastify.route({
    method: ['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'],
    url: '/mcp',
    onRequest: checkOrigin,
    handler: async (request) => {
      // Stateless and JSON-only: no SSE stream to GET, no session to DELETE.
      throw new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Method Not Allowed: ${request.method} /mcp; send JSON-RPC messages with POST.`,
        { status: 405, headers: { allow: 'POST' } },
      );
    },
  });

  fastify.get('/mcp/server-card', (request, reply) => replyWithCard(request, reply, opts.card));
}
