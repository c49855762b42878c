/**
 * JSON-RPC error codes this server sends: the JSON-RPC 2.0 ones, and the MCP 2026-07-28 codes from
 * the sub-range the specification reserves (never reused for another meaning).
 */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** 2026-07-28: `Mcp-*` headers missing or different from the body. */
  HEADER_MISMATCH: -32020,
  /** 2026-07-28: the named protocol version is not served here; `data.supported` lists those that are. */
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
  /** Implementation-defined (the -32000..-32099 server range): over the rate limit, HTTP 429. */
  RATE_LIMITED: -32029,
} as const;

/** A request id as JSON-RPC carries it; `null` when it could not be read. */
export type RpcId = string | number | null;

/**
 * A wire error: what the client receives as a JSON-RPC error object, with the HTTP status that
 * carries it. Local failures are translated into one of these before they reach the wire, so their
 * messages and stacks never do.
 *
 * @example throw new McpRpcError(RPC_ERROR.METHOD_NOT_FOUND, 'Method not found: foo', { status: 404 })
 */
export class McpRpcError extends Error {
  override name = 'McpRpcError';
  readonly code: number;
  /** HTTP status of the response that carries the error. */
  readonly statusCode: number;
  readonly data: unknown;
  /** The id of the request, when it could be read. */
  readonly id: RpcId;
  /** Response headers the error needs (e.g. `Allow` on a 405). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: number,
    message: string,
    options: {
      status?: number;
      data?: unknown;
      id?: RpcId;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.statusCode = options.status ?? 200;
    this.data = options.data;
    this.id = options.id ?? null;
    this.headers = options.headers ?? {};
  }

  /** The same error answering the request `id`. */
  withId(id: RpcId): McpRpcError {
    return new McpRpcError(this.code, this.message, {
      status: this.statusCode,
      data: this.data,
      id,
      headers: { ...this.headers },
    });
  }

  /** The JSON-RPC error response object. */
  toResponseObject(): Record<string, unknown> {
    const error: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.data !== undefined) error.data = this.data;
    return { jsonrpc: '2.0', id: this.id, error };
  }
}

/** Tells whether a value is an {@link McpRpcError}, also across duplicated bundles. */
export function isMcpRpcError(value: unknown): value is McpRpcError {
  return (
    value instanceof McpRpcError ||
    (value instanceof Error &&
      value.name === 'McpRpcError' &&
      typeof (value as McpRpcError).code === 'number')
  );
}

/**
 * A tool ran but cannot answer these arguments (e.g. `min_price` above `max_price`). The message
 * is written for the calling agent, which gets it in a result with `isError: true`.
 *
 * @example throw new McpToolError('min_price (50) is above max_price (20); swap them.')
 */
export class McpToolError extends Error {
  override name = 'McpToolError';
}

/** Tells whether a value is an {@link McpToolError}, also across duplicated bundles. */
export function isMcpToolError(value: unknown): value is McpToolError {
  return value instanceof McpToolError || (value instanceof Error && value.name === 'McpToolError');
}
