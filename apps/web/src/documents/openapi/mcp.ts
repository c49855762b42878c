import { TOOL_CONTRACTS } from '@repo/catalog-core';
import { type OpenApiObject, ref, schema } from './shared.js';

const pascal = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

/** Component schemas of the MCP endpoint: JSON-RPC envelopes and each tool's arguments and result. */
export function mcpSchemas(): Record<string, OpenApiObject> {
  const schemas: Record<string, OpenApiObject> = {};
  for (const tool of TOOL_CONTRACTS) {
    const name = pascal(tool.name);
    schemas[`${name}Arguments`] = { ...schema(tool.inputSchema), description: tool.description };
    schemas[`${name}Result`] = schema(tool.outputSchema);
    schemas[`${name}Call`] = {
      type: 'object',
      required: ['jsonrpc', 'id', 'method', 'params'],
      properties: {
        jsonrpc: { type: 'string', enum: ['2.0'] },
        id: ref('JsonRpcId'),
        method: { type: 'string', enum: ['tools/call'] },
        params: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', enum: [tool.name] },
            arguments: ref(`${name}Arguments`),
          },
        },
      },
    };
  }
  schemas.JsonRpcId = {
    oneOf: [{ type: 'string' }, { type: 'integer' }],
    description: 'Request id, echoed in the response.',
  };
  schemas.JsonRpcRequest = {
    type: 'object',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: ref('JsonRpcId'),
      method: {
        type: 'string',
        description: 'initialize, ping, tools/list, tools/call, server/discover, notifications/…',
      },
      params: { type: 'object', additionalProperties: true },
    },
    description: 'A JSON-RPC 2.0 request; without `id` it is a notification (answered 202).',
  };
  schemas.JsonRpcResponse = {
    type: 'object',
    required: ['jsonrpc'],
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: { ...ref('JsonRpcId') },
      result: {
        type: 'object',
        additionalProperties: true,
        description:
          'For tools/call: `content` (text blocks), `structuredContent` (one of the *Result schemas) and `isError`.',
        properties: {
          structuredContent: { oneOf: TOOL_CONTRACTS.map((t) => ref(`${pascal(t.name)}Result`)) },
          isError: { type: 'boolean' },
        },
      },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
      },
    },
  };
  return schemas;
}

/** The `/mcp` path item. */
export function mcpPath(): OpenApiObject {
  const rpcError = {
    description: 'A JSON-RPC error (parse error, invalid request, unsupported protocol version).',
    content: { 'application/json': { schema: ref('JsonRpcResponse') } },
  };
  return {
    post: {
      tags: ['MCP'],
      operationId: 'mcp',
      summary: 'MCP server (JSON-RPC 2.0, stateless Streamable HTTP)',
      description: `Tools: ${TOOL_CONTRACTS.map((t) => t.name).join(', ')}. Send \`Accept: application/json\`. A bearer token is optional and never changes access.`,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: [
                ...TOOL_CONTRACTS.map((t) => ref(`${pascal(t.name)}Call`)),
                ref('JsonRpcRequest'),
              ],
            },
          },
        },
      },
      responses: {
        200: {
          description: 'The JSON-RPC response.',
          content: { 'application/json': { schema: ref('JsonRpcResponse') } },
        },
        202: { description: 'A notification was accepted; no body.' },
        400: rpcError,
        403: { description: 'The Origin header is not allowed.' },
      },
    },
    get: {
      tags: ['MCP'],
      operationId: 'mcpGet',
      summary: 'Not supported: the server has no event stream',
      responses: { 405: { description: 'Only POST is supported (`Allow: POST`).' } },
    },
  };
}
