import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_URL, build } from '../helper.js';
import {
  anyJson,
  fuzz,
  headerValue,
  METHODS,
  methodName,
  nastyString,
  rpcId,
} from './arbitraries.js';
import { checkRpcAnswer, timedInject } from './oracle.js';

// Rate limiting is off: hundreds of requests from one address are the point here.
const ENV = { RATE_LIMIT_MCP: '0' };
const MODERN = '2026-07-28';
const META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** A JSON-RPC message: any method, id and params, with the modern `_meta` envelope now and then. */
const message = fc
  .record(
    {
      jsonrpc: fc.oneof(
        { weight: 8, arbitrary: fc.constant('2.0') },
        { weight: 1, arbitrary: fc.constantFrom('1.0', 2, null) },
      ),
      id: rpcId,
      method: methodName,
      params: fc.oneof(
        fc.constant(undefined),
        fc.dictionary(nastyString, anyJson, { maxKeys: 4 }),
        fc.record({
          name: fc.oneof(fc.constantFrom('search_products', 'list_categories'), nastyString),
          arguments: anyJson,
        }),
        fc.record({ cursor: anyJson }),
        fc.record({
          protocolVersion: fc.oneof(fc.constantFrom('2025-03-26', '2025-11-25'), nastyString),
        }),
        fc.record({ _meta: fc.record({ [META_KEY]: fc.constantFrom(MODERN, '2099-01-01', 7) }) }),
        anyJson,
      ),
    },
    { requiredKeys: ['jsonrpc', 'method'] },
  )
  .map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)));

/** The MCP headers: absent, matching the body, or anything. */
const mcpHeaders = fc.record(
  {
    'mcp-protocol-version': fc.oneof(
      fc.constantFrom('2025-03-26', '2025-06-18', '2025-11-25', MODERN, '2024-11-05', ''),
      headerValue(30),
    ),
    'mcp-method': fc.oneof(fc.constantFrom(...METHODS), headerValue(30)),
    'mcp-name': fc.oneof(
      fc.constantFrom('search_products', '=?base64?c2VhcmNoX3Byb2R1Y3Rz?=', '=?base64?!!?='),
      headerValue(30),
    ),
    origin: fc.oneof(
      fc.constant(BASE_URL),
      fc.constantFrom('null', 'http://evil.example'),
      headerValue(40),
    ),
    authorization: fc.oneof(
      fc.constantFrom('Bearer x.y.z', 'Basic Zm9v', 'Bearer'),
      headerValue(60),
    ),
    accept: fc.oneof(
      fc.constantFrom('application/json', 'text/event-stream', '*/*;q=-1'),
      headerValue(30),
    ),
  },
  { requiredKeys: [] },
);

describe('fuzzing the MCP endpoint', () => {
  it('answers any method with any params and headers with a JSON-RPC response or a 202', async () => {
    const app = await build(ENV);
    const statuses = new Set<number>();
    await fuzz(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: message },
          { weight: 1, arbitrary: fc.array(message, { maxLength: 4 }) },
        ),
        mcpHeaders,
        async (body, headers) => {
          const { response, ms } = await timedInject(app, {
            method: 'POST',
            url: '/mcp',
            headers: { 'content-type': 'application/json', ...headers },
            payload: JSON.stringify(body),
          });
          const answers = checkRpcAnswer(JSON.stringify({ body, headers }), response, ms);
          statuses.add(response.statusCode);
          // A single request is answered under its own id, when that id is one MCP accepts.
          const id = (body as { id?: unknown }).id;
          // (Refusals before the body is read, such as a foreign Origin, cannot know it: null.)
          if (
            response.statusCode === 200 &&
            !Array.isArray(body) &&
            (typeof id === 'string' || Number.isInteger(id))
          )
            expect(answers[0]?.id).toBe(id);
        },
      ),
      300,
    );
    expect([...statuses]).toEqual(expect.arrayContaining([200, 202, 400, 403]));
  });

  it('answers any body, content type and HTTP method without a 5xx, in JSON-RPC', async () => {
    const app = await build(ENV);
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.integer({ min: 1, max: 30_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc.integer({ min: 1, max: 10_000 }).map(
        (n) =>
          // Built as text: the nesting is deeper than JSON.stringify can walk.
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_products","arguments":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}}`,
      ),
      fc.integer({ min: 1, max: 12_000 }).map((n) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'ping',
          params: { list: Array(n).fill(0) },
        }),
      ),
      fc
        .integer({ min: 1, max: 80 })
        .map((n) =>
          JSON.stringify(
            Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' })),
          ),
        ),
      fc.constantFrom(
        '',
        'null',
        '[]',
        '{}',
        '"ping"',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        'x'.repeat(70_000),
      ),
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        '',
      ),
      headerValue(40),
    );
    const method = fc.constantFrom(
      'POST',
      'POST',
      'POST',
      'GET',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
    );
    const url = fc.oneof(
      { weight: 6, arbitrary: fc.constant('/mcp') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('/mcp/', '/mcp?x=1', '/MCP', '/mcp%ZZ', '/mcp/../mcp'),
      },
    );
    await fuzz(
      fc.asyncProperty(body, contentType, method, url, async (payload, type, m, path) => {
        const { response, ms } = await timedInject(app, {
          method: m as 'POST',
          url: path,
          headers: type === '' ? {} : { 'content-type': type },
          ...(m === 'GET' ? {} : { payload }),
        });
        if (response.statusCode === 404) {
          // Paths other than /mcp: the app's problem+json 404, not JSON-RPC.
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
          return;
        }
        checkRpcAnswer(`${m} ${path} ${type} ${String(payload).slice(0, 80)}`, response, ms);
      }),
      200,
    );
  });
});
