import type { IncomingHttpHeaders } from 'node:http';
import type { CatalogVersion } from '@repo/catalog-io';
import { isMcpRpcError, McpRpcError, RPC_ERROR, type RpcId } from '../errors.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { acceptsGzip, gzipResponse, precompress } from './gzip-response.js';
import { type InboundMessage, type RpcParams, readableId, readMessage } from './message.js';
import { checkModernEnvelope, metaVersion } from './modern-envelope.js';
import {
  discoverResult,
  initializeResults,
  LIST_TTL_MS,
  negotiateLegacy,
  serverInfoFor,
} from './server-info.js';
import {
  allowsBatches,
  DEFAULT_LEGACY,
  isModernVersion,
  isSupportedVersion,
  META,
  SUPPORTED_VERSIONS,
} from './versions.js';
import { asciiJson, encodeJson } from './wire-json.js';

/** What one `POST /mcp` produced: the HTTP answer and, for the log line, what was called. */
export interface PostOutcome {
  readonly status: 200 | 202;
  /** The JSON-RPC response(s) as UTF-8 JSON; absent for 202. */
  readonly payload?: Buffer;
  /** Set when `payload` is gzipped (the client accepts it and the result is one sent before). */
  readonly encoding?: 'gzip';
  readonly calls: readonly { readonly method: string; readonly tool?: string }[];
}

/** Serves JSON-RPC bodies of `POST /mcp`; holds nothing between requests but what never changes. */
export interface RpcHandler {
  /**
   * Answers `body` from `catalog`, the version the request reads: every tool call of a batch
   * reads the same one.
   *
   * @throws {McpRpcError} for a body that gets a JSON-RPC error as a whole (bad envelope, header
   *   rules, unknown method, bad params); the error carries the request id and HTTP status.
   */
  handle(
    body: unknown,
    headers: IncomingHttpHeaders,
    catalog: CatalogVersion,
  ): Promise<PostOutcome>;
}

const MAX_BATCH = 50;

/**
 * A method's result as JSON bytes, and whether the same Buffer is answered again (a constant, or
 * a tool result the result cache keeps): only those are worth the gzip template and the modern
 * form kept beside them.
 */
interface MethodResult {
  readonly json: Buffer;
  readonly kept: boolean;
}
const constant = (json: Buffer): MethodResult => ({ json, kept: true });

// Every byte on the wire is ASCII (see wire-json.ts).
const encode = (json: string) => Buffer.from(asciiJson(json), 'latin1');
const CLOSE = Buffer.from('}');
const respond = (id: RpcId, result: Buffer) =>
  Buffer.concat([encode(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`), result, CLOSE]);

/** Creates the handler; every result that never changes is serialised here, once. */
export function createRpcHandler(tools: ToolRegistry, baseUrl: string): RpcHandler {
  const initialize = new Map(
    [...initializeResults(`${baseUrl}/`)].map(([version, json]) => [
      version,
      constant(encode(json)),
    ]),
  );
  // 2026-07-28 results name their type and the server on every response.
  const modernTail = `"resultType":"complete","_meta":${JSON.stringify({ [META.serverInfo]: serverInfoFor('modern', `${baseUrl}/`) })}`;
  // Every result is a non-empty JSON object: drop its closing brace and append the fields.
  const modern = (json: Buffer, extra = '') =>
    Buffer.concat([json.subarray(0, -1), encode(`,${extra}${modernTail}}`)]);
  // One modern form per result Buffer, so a cached result stays one Buffer (gzip-response.ts
  // compresses a Buffer it has answered before).
  const modernForms = new WeakMap<Buffer, Buffer>();
  const modernOf = (json: Buffer) => {
    let form = modernForms.get(json);
    if (form === undefined) {
      form = modern(json);
      modernForms.set(json, form);
    }
    return form;
  };
  const list = constant(tools.listJson);
  const modernList = constant(
    modern(tools.listJson, `"ttlMs":${LIST_TTL_MS},"cacheScope":"public",`),
  );
  const modernDiscover = constant(modern(encode(discoverResult())));
  const empty = constant(encode('{}'));
  // Sent on every connection of every agent: compressed from the first answer on.
  for (const result of [list, modernList, modernDiscover, ...initialize.values()]) {
    precompress(result.json);
  }

  function listTools(params: RpcParams): void {
    // The four tools fit one page, so no cursor is ever issued and any cursor is one we did not.
    if (params.cursor !== undefined) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_PARAMS,
        'Invalid params: unknown cursor; tools/list has one page.',
      );
    }
  }

  // Not async: its callers are, so a bad name still rejects their promise, and a cached call
  // crosses one async function fewer. Below, `return await` rather than returning the promise: an
  // async function that returns a promise settles two microtask turns after it, an await in one.
  function callTool(params: RpcParams, catalog: CatalogVersion) {
    if (typeof params.name !== 'string') {
      throw new McpRpcError(
        RPC_ERROR.INVALID_PARAMS,
        'Invalid params: "name" must be the name of a tool.',
      );
    }
    return tools.call(params.name, params.arguments, catalog);
  }

  async function legacy(
    method: string,
    params: RpcParams,
    catalog: CatalogVersion,
  ): Promise<MethodResult> {
    switch (method) {
      case 'initialize':
        return initialize.get(negotiateLegacy(params.protocolVersion)) as MethodResult;
      case 'ping':
        return empty;
      case 'tools/list':
        listTools(params);
        return list;
      case 'tools/call':
        return await callTool(params, catalog);
      default:
        throw new McpRpcError(RPC_ERROR.METHOD_NOT_FOUND, `Method not found: ${method}`);
    }
  }

  async function modernCall(
    method: string,
    params: RpcParams,
    catalog: CatalogVersion,
  ): Promise<MethodResult> {
    switch (method) {
      case 'server/discover':
        return modernDiscover;
      case 'tools/list':
        listTools(params);
        return modernList;
      case 'tools/call': {
        const { json, kept } = await callTool(params, catalog);
        return { json: kept ? modernOf(json) : modern(json), kept };
      }
      default:
        // 2026-07-28 answers an unknown method with 404, so clients can tell it from a bad header.
        throw new McpRpcError(RPC_ERROR.METHOD_NOT_FOUND, `Method not found: ${method}`, {
          status: 404,
        });
    }
  }

  function toolOf(message: InboundMessage): string | undefined {
    if (message.kind === 'response' || message.method !== 'tools/call') return undefined;
    return typeof message.params.name === 'string' ? message.params.name : undefined;
  }

  async function single(
    body: unknown,
    headers: IncomingHttpHeaders,
    catalog: CatalogVersion,
    headerVersion?: string,
  ): Promise<PostOutcome> {
    const message = readMessage(body);
    if (message.kind === 'response') return { status: 202, calls: [] };
    const calls = [{ method: message.method, tool: toolOf(message) }];
    const isRequest = message.kind === 'request';
    const id = isRequest ? message.id : null;
    try {
      const isModern = metaVersion(message.params) !== undefined || isModernVersion(headerVersion);
      if (isModern) checkModernEnvelope(message.method, message.params, headers, isRequest);
      if (!isRequest) return { status: 202, calls };
      const result = isModern
        ? await modernCall(message.method, message.params, catalog)
        : await legacy(message.method, message.params, catalog);
      const gzip =
        result.kept && acceptsGzip(headers['accept-encoding'])
          ? gzipResponse(asciiJson(JSON.stringify(id)), result.json)
          : undefined;
      return gzip
        ? { status: 200, payload: gzip, encoding: 'gzip', calls }
        : { status: 200, payload: respond(id, result.json), calls };
    } catch (err) {
      throw isMcpRpcError(err) && err.id === null ? err.withId(id) : err;
    }
  }

  async function batch(
    items: unknown[],
    headerVersion: string,
    catalog: CatalogVersion,
  ): Promise<PostOutcome> {
    if (!isSupportedVersion(headerVersion) || !allowsBatches(headerVersion)) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Invalid Request: protocol version ${headerVersion} has no batches; send one message per POST (batches exist in 2025-03-26 only).`,
        { status: 400 },
      );
    }
    if (items.length === 0 || items.length > MAX_BATCH) {
      throw new McpRpcError(
        RPC_ERROR.INVALID_REQUEST,
        `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages.`,
        { status: 400 },
      );
    }
    const responses: Buffer[] = [];
    const calls: { method: string; tool?: string }[] = [];
    for (const item of items) {
      let id: RpcId = null;
      try {
        const message = readMessage(item);
        if (message.kind === 'response') continue;
        calls.push({ method: message.method, tool: toolOf(message) });
        if (message.kind === 'notification') continue;
        id = message.id;
        if (message.method === 'initialize' || metaVersion(message.params) !== undefined) {
          throw new McpRpcError(
            RPC_ERROR.INVALID_REQUEST,
            `Invalid Request: ${message.method === 'initialize' ? 'initialize' : 'a 2026-07-28 request'} cannot be part of a batch.`,
          );
        }
        responses.push(respond(id, (await legacy(message.method, message.params, catalog)).json));
      } catch (err) {
        if (!isMcpRpcError(err)) throw err;
        responses.push(encodeJson(err.withId(err.id ?? id).toResponseObject()));
      }
    }
    return responses.length === 0
      ? { status: 202, calls }
      : { status: 200, payload: joinArray(responses), calls };
  }

  return {
    async handle(body, headers, catalog) {
      const raw = headers['mcp-protocol-version'];
      const headerVersion = Array.isArray(raw) ? raw[0] : raw;
      if (headerVersion !== undefined && !isSupportedVersion(headerVersion)) {
        throw new McpRpcError(
          RPC_ERROR.UNSUPPORTED_PROTOCOL_VERSION,
          `Unsupported protocol version: ${headerVersion}`,
          {
            status: 400,
            id: Array.isArray(body) ? null : readableId(body),
            data: { supported: SUPPORTED_VERSIONS, requested: headerVersion },
          },
        );
      }
      return await (Array.isArray(body)
        ? batch(body, headerVersion ?? DEFAULT_LEGACY, catalog)
        : single(body, headers, catalog, headerVersion));
    },
  };
}

const COMMA = Buffer.from(',');
function joinArray(items: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('[')];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts);
}
