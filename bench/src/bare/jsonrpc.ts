import type { FastifyInstance } from 'fastify';

/**
 * The baseline of the MCP scenarios: Fastify parses the JSON-RPC body and answers a small fixed
 * result. What `/mcp` adds on top (envelope and header rules, dispatch, tools, search) is the cost
 * the ratio shows.
 */
export default async function bareJsonRpc(app: FastifyInstance) {
  app.post('/bare/jsonrpc', async (request) => {
    const id = (request.body as { id?: unknown } | null)?.id ?? null;
    return { jsonrpc: '2.0', id, result: { ok: true } };
  });
}
