import type { IncomingHttpHeaders } from 'node:http';
import { McpRpcError, RPC_ERROR } from '../errors.js';
import type { RpcParams } from './message.js';
import {
  decodeHeaderValue,
  isModernVersion,
  META,
  MODERN_VERSIONS,
  type ModernVersion,
} from './versions.js';

/** The methods whose `params.name` the 2026-07-28 `Mcp-Name` header mirrors. */
const NAMED_METHODS = new Set(['tools/call', 'prompts/get']);

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The protocol version a request's `_meta` names, if it carries the 2026-07-28 envelope. */
export function metaVersion(params: RpcParams): unknown {
  const meta = params._meta;
  return typeof meta === 'object' && meta !== null
    ? (meta as Record<string, unknown>)[META.protocolVersion]
    : undefined;
}

function mismatch(message: string): McpRpcError {
  return new McpRpcError(RPC_ERROR.HEADER_MISMATCH, `Header mismatch: ${message}`, { status: 400 });
}

/**
 * Checks a 2026-07-28 request (its `_meta` names a version, or its `MCP-Protocol-Version` header
 * names a modern one): the envelope must be there and name a served revision, and the
 * `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers must repeat the body, so a gateway
 * routing on headers and this server reading the body cannot disagree. Notifications only need
 * the envelope: the revision defines no header rules for them.
 *
 * @throws {McpRpcError} with HTTP 400: -32602 without the envelope, -32022 for a revision not
 *   served here (`data.supported` lists those that are), -32020 for a missing or different header.
 */
export function checkModernEnvelope(
  method: string,
  params: RpcParams,
  headers: IncomingHttpHeaders,
  isRequest: boolean,
): ModernVersion {
  const version = metaVersion(params);
  if (version === undefined) {
    throw new McpRpcError(
      RPC_ERROR.INVALID_PARAMS,
      `Invalid params: protocol version ${MODERN_VERSIONS.join(', ')} needs params._meta["${META.protocolVersion}"] on every request.`,
      { status: 400 },
    );
  }
  if (!isModernVersion(version)) {
    // Echoed as given only when it is a scalar: an object or array can nest deeper than the
    // serialisation of the error (or String()) can walk.
    const requested =
      typeof version === 'object' && version !== null
        ? Array.isArray(version)
          ? 'an array'
          : 'an object'
        : version;
    throw new McpRpcError(
      RPC_ERROR.UNSUPPORTED_PROTOCOL_VERSION,
      `Unsupported protocol version: ${String(requested)}`,
      { status: 400, data: { supported: MODERN_VERSIONS, requested } },
    );
  }
  if (!isRequest) return version;
  const headerVersion = header(headers, 'mcp-protocol-version');
  if (headerVersion !== version) {
    throw mismatch(
      headerVersion === undefined
        ? 'the MCP-Protocol-Version header is missing'
        : `MCP-Protocol-Version header '${headerVersion}' does not match _meta '${version}'`,
    );
  }
  const headerMethod = header(headers, 'mcp-method');
  if (headerMethod !== method) {
    throw mismatch(
      headerMethod === undefined
        ? 'the Mcp-Method header is missing'
        : `Mcp-Method header '${headerMethod}' does not match body method '${method}'`,
    );
  }
  if (NAMED_METHODS.has(method) && typeof params.name === 'string') {
    const name = decodeHeaderValue(header(headers, 'mcp-name'));
    if (name !== params.name) {
      throw mismatch(
        name === undefined
          ? 'the Mcp-Name header is missing'
          : `Mcp-Name header '${name}' does not match body value '${params.name}'`,
      );
    }
  }
  return version;
}
