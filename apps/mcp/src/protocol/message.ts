import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { McpRpcError, RPC_ERROR, type RpcId } from '../errors.js';

/** `params` of a request: always an object in MCP (JSON-RPC's by-position arrays are not used). */
export type RpcParams = Readonly<Record<string, unknown>>;

/** A JSON-RPC message from the client, once its envelope is known to be valid. */
export type InboundMessage =
  | {
      readonly kind: 'request';
      readonly id: string | number;
      readonly method: string;
      readonly params: RpcParams;
    }
  | { readonly kind: 'notification'; readonly method: string; readonly params: RpcParams }
  /** A response to a server request; this server never sends any, so it is acknowledged and dropped. */
  | { readonly kind: 'response' };

// One schema per message kind, compiled once. MCP narrows JSON-RPC: ids are strings or integers,
// never null, and params are by name.
const RequestSchema = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
  method: Type.String({ minLength: 1 }),
  params: Type.Optional(Type.Object({})),
});
const ResponseSchema = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
});
const checkRequest = Compile(RequestSchema);
const checkResponse = Compile(ResponseSchema);
const EMPTY: RpcParams = Object.freeze({});

/** The id of a JSON-RPC body when it is a valid one, else `null`. */
export function readableId(body: unknown): RpcId {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

/**
 * Reads one JSON-RPC message (not a batch).
 *
 * @throws {McpRpcError} -32600 with HTTP 400 for anything that is not a request, notification or
 *   response object; its `id` is the request's when that much could be read.
 */
export function readMessage(body: unknown): InboundMessage {
  if (checkRequest.Check(body)) {
    const params = (body.params as RpcParams | undefined) ?? EMPTY;
    return body.id === undefined
      ? { kind: 'notification', method: body.method, params }
      : { kind: 'request', id: body.id, method: body.method, params };
  }
  if (
    checkResponse.Check(body) &&
    !('method' in (body as object)) &&
    ('result' in (body as object) || 'error' in (body as object))
  ) {
    return { kind: 'response' };
  }
  throw new McpRpcError(RPC_ERROR.INVALID_REQUEST, invalidReason(body), {
    status: 400,
    id: readableId(body),
  });
}

function invalidReason(body: unknown): string {
  const prefix = 'Invalid Request:';
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return `${prefix} the body must be a JSON-RPC 2.0 request object.`;
  }
  const message = body as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return `${prefix} "jsonrpc" must be "2.0".`;
  if (typeof message.method !== 'string' || message.method === '') {
    return `${prefix} "method" must be a non-empty string.`;
  }
  if ('id' in message && readableId(message) === null) {
    return `${prefix} "id" must be a string or an integer.`;
  }
  return `${prefix} "params" must be an object.`;
}
