import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isMcpRpcError, McpRpcError, RPC_ERROR } from './errors.js';
import { encodeJson } from './protocol/wire-json.js';

/** Fastify's own failures before a handler runs, as JSON-RPC errors with their HTTP status. */
function fromFastify(error: FastifyError, bodyLimit: number): McpRpcError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new McpRpcError(RPC_ERROR.PARSE_ERROR, 'Parse error: the body is not valid JSON.', {
        status: 400,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        'Unsupported Media Type: send the JSON-RPC message with Content-Type: application/json.',
        { status: 415 },
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Payload Too Large: a request body holds at most ${bodyLimit} bytes.`,
        { status: 413 },
      );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Other client errors of the body parser (e.g. a `__proto__` key) mean the JSON is unusable.
    const code = error instanceof SyntaxError ? RPC_ERROR.PARSE_ERROR : RPC_ERROR.INVALID_REQUEST;
    return new McpRpcError(code, error.message, { status });
  }
  return new McpRpcError(RPC_ERROR.INTERNAL_ERROR, 'Internal error', { status: 500 });
}

/**
 * The app's one error handler: every failure leaves as a JSON-RPC error object with the HTTP status
 * the transport rules give it. Full errors go to the log; the client only gets messages written
 * for it, never a stack or a path.
 */
export function createErrorHandler(bodyLimit: number) {
  return function mcpErrorHandler(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const rpc = isMcpRpcError(error) ? error : fromFastify(error, bodyLimit);
    if (rpc.statusCode >= 500) request.log.error({ err: error }, 'mcp request failed');
    else request.log.info({ rpc_error: rpc.code, status: rpc.statusCode }, rpc.message);
    for (const [name, value] of Object.entries(rpc.headers)) reply.header(name, value);
    return reply
      .code(rpc.statusCode)
      .type('application/json; charset=utf-8')
      .send(encodeJson(rpc.toResponseObject()));
  };
}
