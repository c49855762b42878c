import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { McpRpcError, RPC_ERROR } from '../../errors.js';

/**
 * An `onRequest` hook against DNS rebinding: a browser page on a foreign origin must not reach the
 * endpoint (2025-11-25 transports: "If the Origin header is present and invalid, servers MUST
 * respond with HTTP 403"). A request without `Origin` comes from no browser, so it is served.
 */
export function originGuard(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  // Callback style: an async hook costs a promise per request on the hottest route.
  return function checkOrigin(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) {
      done();
      return;
    }
    done(
      new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Forbidden: requests from origin ${JSON.stringify(origin).slice(0, 120)} are not allowed; call /mcp from a server or an allowed origin.`,
        { status: 403 },
      ),
    );
  };
}
