import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/tools/nesting.js';
import { build, rpc } from '../helper.js';

// A black-box run sent tools/call search_products with `arguments.query` nested 5,000 arrays deep:
// HTTP 500 and -32603, from a RangeError in the result-cache key's JSON.stringify. Every JSON
// input of /mcp, nested as deep as the body limit allows, must get a JSON-RPC answer, never a 5xx.
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const call = (tool: string, args: string) =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`;

describe('deeply nested JSON in /mcp', () => {
  it.each([5_000, 10_000])(
    'refuses tool arguments %i levels deep with -32602, under the request id',
    async (depth) => {
      const app = await build({ RATE_LIMIT_MCP: '0' });
      for (const nested of [arrays(depth), objects(depth)]) {
        for (const body of [
          call('search_products', `{"query":${nested}}`),
          call('search_products', `{"category":"bags","agent":${nested}}`),
          call('estimate_shipping', `{"country":"US","items":${nested}}`),
          call('estimate_shipping', `{"country":"US","items":[{"slug":${nested},"quantity":1}]}`),
          call('list_categories', `{"x":${nested}}`),
        ]) {
          const response = await app.inject(rpc(body));
          expect(response.statusCode, body.slice(0, 120)).toBe(200);
          expect(response.json(), body.slice(0, 120)).toMatchObject({
            id: 7,
            error: { code: -32602, message: expect.stringMatching(/nest deeper than 32 levels/) },
          });
        }
      }
    },
  );

  it('answers every other JSON input nested 10,000 levels deep without a 5xx', async () => {
    const app = await build({ RATE_LIMIT_MCP: '0' });
    const nested = [arrays(10_000), objects(10_000)];
    const cases = nested.flatMap((n) => [
      { body: `{"jsonrpc":"2.0","id":${n},"method":"ping"}`, code: -32600 },
      { body: `{"jsonrpc":${n},"id":1,"method":"ping"}`, code: -32600 },
      { body: `{"jsonrpc":"2.0","id":1,"method":${n}}`, code: -32600 },
      {
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${n}}}`,
        code: -32602,
      },
      {
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":${n}}}`,
        code: -32602,
      },
      { body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${n}}}` },
      // Found by test/fuzz/sockets.test.ts: the -32022 error echoed the version it was given.
      {
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":${n}}}}`,
        code: -32022,
      },
      { body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${n}}}` },
      {
        body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":${n},"clientInfo":{"name":"x","version":"1"}}}`,
      },
      { body: `[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${n}}}]` },
      { body: `[${call('search_products', `{"query":${n}}`)}]`, batchCode: -32602 },
    ]);
    // The body itself: nested arrays are a batch of one invalid message, nested objects one.
    cases.push(
      { body: arrays(10_000), batchCode: -32600 },
      { body: objects(10_000), code: -32600 },
    );
    for (const { body, code, batchCode } of cases) {
      const response = await app.inject(rpc(body));
      const where = `${body.slice(0, 100)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      const answer = response.json();
      if (code !== undefined) expect(answer.error?.code, where).toBe(code);
      if (batchCode !== undefined) expect(answer[0]?.error?.code, where).toBe(batchCode);
    }
  });

  it('still answers tool arguments at the deepest the contracts use', async () => {
    const app = await build({ RATE_LIMIT_MCP: '0' });
    const response = await app.inject(
      rpc(
        call('estimate_shipping', '{"country":"US","items":[{"category":"hoodies","quantity":2}]}'),
      ),
    );
    expect(response.json().result.isError ?? false).toBe(false);
  });
});

describe('nestsDeeperThan', () => {
  it('counts containers, not scalars, and walks without recursion', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan({ items: [{ slug: 'x' }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ items: [{ slug: 'x' }] }, 2)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(arrays(100_000)), 32)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(`[${'[1],'.repeat(50_000)}1]`), 2)).toBe(false);
  });
});
