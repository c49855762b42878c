import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build, rpc } from '../../helper.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN = { 'mcp-protocol-version': '2026-07-28' };
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const call = (args: unknown, name = 'search_products') => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name, arguments: args },
});
const b64 = (s: string) => Buffer.from(s).toString('base64url');
// Well-formed JWTs nobody signed: one forged, one expired in 2001. The server must not care.
const forged = `${b64('{"alg":"ES256","kid":"x","typ":"at+jwt"}')}.${b64('{"sub":"x","exp":9999999999}')}.${b64('sig')}`;
const expired = `${b64('{"alg":"ES256","kid":"x","typ":"at+jwt"}')}.${b64('{"sub":"x","exp":1000000000}')}.${b64('sig')}`;

interface Case {
  readonly name: string;
  readonly request: InjectOptions;
  readonly status: number;
  /** The JSON-RPC error code, or 'isError' for a tool result with `isError: true`. */
  readonly code: number | 'isError';
}

const CASES: Case[] = [
  { name: 'invalid JSON', request: rpc('{"jsonrpc":"2.0",'), status: 400, code: -32700 },
  { name: 'empty body', request: rpc(''), status: 400, code: -32700 },
  {
    name: 'a __proto__ key',
    request: rpc('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}'),
    status: 400,
    code: -32700,
  },
  {
    name: 'JSON-RPC object without method',
    request: rpc({ jsonrpc: '2.0', id: 1 }),
    status: 400,
    code: -32600,
  },
  { name: 'jsonrpc 1.0', request: rpc({ ...ping, jsonrpc: '1.0' }), status: 400, code: -32600 },
  { name: 'a null id', request: rpc({ ...ping, id: null }), status: 400, code: -32600 },
  { name: 'params by position', request: rpc({ ...ping, params: [1] }), status: 400, code: -32600 },
  { name: 'a JSON string', request: rpc('"ping"'), status: 400, code: -32600 },
  { name: 'JSON null', request: rpc('null'), status: 400, code: -32600 },
  {
    name: 'unknown method',
    request: rpc({ ...ping, method: 'resources/list' }),
    status: 200,
    code: -32601,
  },
  {
    name: 'unknown method (2026-07-28)',
    request: rpc(
      { ...ping, method: 'resources/list', params: { _meta: META } },
      { ...MODERN, 'mcp-method': 'resources/list' },
    ),
    status: 404,
    code: -32601,
  },
  { name: 'unknown tool', request: rpc(call({}, 'delete_everything')), status: 200, code: -32602 },
  {
    name: 'tools/call without a name',
    request: rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }),
    status: 200,
    code: -32602,
  },
  {
    name: 'arguments that are not an object',
    request: rpc(call('jordan')),
    status: 200,
    code: -32602,
  },
  {
    name: 'wrong argument types',
    request: rpc(call({ query: 42, limit: 'ten' })),
    status: 200,
    code: 'isError',
  },
  {
    name: 'an unknown argument',
    request: rpc(call({ q: 'jordan' })),
    status: 200,
    code: 'isError',
  },
  { name: 'limit out of range', request: rpc(call({ limit: 500 })), status: 200, code: 'isError' },
  {
    name: 'min_price above max_price',
    request: rpc(call({ min_price: 50, max_price: 10 })),
    status: 200,
    code: 'isError',
  },
  {
    name: 'unknown country',
    request: rpc(call({ country: 'UK', weight_grams: 500 }, 'estimate_shipping')),
    status: 200,
    code: 'isError',
  },
  {
    name: 'unknown product slug',
    request: rpc(
      call({ country: 'US', items: [{ slug: 'no-such-thing-12345' }] }, 'estimate_shipping'),
    ),
    status: 200,
    code: 'isError',
  },
  {
    name: 'a 1 MB body',
    request: rpc(`{"jsonrpc":"2.0","id":1,"method":"ping","pad":"${'x'.repeat(1_048_576)}"}`),
    status: 413,
    code: -32600,
  },
  {
    name: 'a batch under 2025-06-18',
    request: rpc([ping], { 'mcp-protocol-version': '2025-06-18' }),
    status: 400,
    code: -32600,
  },
  {
    name: 'a batch under 2025-11-25',
    request: rpc([ping], { 'mcp-protocol-version': '2025-11-25' }),
    status: 400,
    code: -32600,
  },
  { name: 'a batch under 2026-07-28', request: rpc([ping], MODERN), status: 400, code: -32600 },
  { name: 'an empty batch', request: rpc([]), status: 400, code: -32600 },
  {
    name: 'an unsupported MCP-Protocol-Version',
    request: rpc(ping, { 'mcp-protocol-version': '2024-11-05' }),
    status: 400,
    code: -32022,
  },
  {
    name: '2026-07-28 header without _meta',
    request: rpc({ ...ping, method: 'tools/list' }, { ...MODERN, 'mcp-method': 'tools/list' }),
    status: 400,
    code: -32602,
  },
  {
    name: '_meta naming an unknown revision',
    request: rpc(
      {
        ...ping,
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    ),
    status: 400,
    code: -32022,
  },
  {
    name: '2026-07-28 without Mcp-Method',
    request: rpc({ ...ping, method: 'tools/list', params: { _meta: META } }, MODERN),
    status: 400,
    code: -32020,
  },
  {
    name: '2026-07-28 with a different Mcp-Name',
    request: rpc(
      { ...call({}), params: { name: 'search_products', arguments: {}, _meta: META } },
      { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'list_categories' },
    ),
    status: 400,
    code: -32020,
  },
  {
    name: 'a foreign Origin',
    request: rpc(ping, { origin: 'http://evil.example.com' }),
    status: 403,
    code: -32600,
  },
  { name: 'Origin null', request: rpc(ping, { origin: 'null' }), status: 403, code: -32600 },
  {
    name: 'text/plain',
    request: rpc(ping, { 'content-type': 'text/plain' }),
    status: 415,
    code: -32600,
  },
  {
    name: 'form-encoded',
    request: rpc('a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    status: 415,
    code: -32600,
  },
  { name: 'GET', request: { method: 'GET', url: '/mcp' }, status: 405, code: -32600 },
  { name: 'DELETE', request: { method: 'DELETE', url: '/mcp' }, status: 405, code: -32600 },
];

describe('POST /mcp with bad input', () => {
  it.each(CASES)('$name → $status $code', async ({ request, status, code }) => {
    const app = await build();
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    if (code === 'isError') {
      expect(body.result.isError).toBe(true);
      expect(body.result.content[0].text.length).toBeGreaterThan(30);
      expect(body.result.structuredContent).toBeUndefined();
    } else {
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code } });
      expect(body.error.message).not.toMatch(/\/work|node_modules|\bat \w+ \(/);
    }
    if (status === 405) expect(response.headers.allow).toBe('POST');
    expect(response.headers['mcp-session-id']).toBeUndefined();
  });

  it.each([
    ['forged', forged],
    ['expired', expired],
    ['garbage', 'not-a-token'],
  ])('serves a %s bearer token exactly like no token', async (_kind, token) => {
    const app = await build();
    for (const body of [{ ...ping, method: 'tools/list' }, call({ query: 'jordan', limit: 3 })]) {
      const anonymous = await app.inject(rpc(body));
      const withToken = await app.inject(rpc(body, { authorization: `Bearer ${token}` }));
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toBe(anonymous.body);
    }
  });

  it('echoes the request id in errors it can read it from', async () => {
    const app = await build();
    const response = await app.inject(rpc({ jsonrpc: '2.0', id: 'abc', method: 'nope' }));
    expect(response.json()).toMatchObject({ id: 'abc', error: { code: -32601 } });
  });
});
