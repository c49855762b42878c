import { type KeepAliveClient, keepAliveClient } from '@repo/ops/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helper.js';
import { deepJsonText, FUZZ_SEED, longString } from './arbitraries.js';

// The built server as a real process, and a pooling client: deep nesting and very long strings in
// every JSON input of /mcp, over one kept-alive connection. No 5xx, and the next request on the
// same connection is served.
let server: RunningServer;
let client: KeepAliveClient;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MCP: '0' });
  client = keepAliveClient(server.origin);
}, 60_000);
afterAll(async () => {
  client?.close();
  await server?.stop();
});

/** Where in a message the odd value goes: its JSON text in, the whole message out. */
const SLOTS: Record<string, (v: string) => string> = {
  id: (v) => `{"jsonrpc":"2.0","id":${v},"method":"ping"}`,
  jsonrpc: (v) => `{"jsonrpc":${v},"id":1,"method":"ping"}`,
  method: (v) => `{"jsonrpc":"2.0","id":1,"method":${v}}`,
  params: (v) => `{"jsonrpc":"2.0","id":1,"method":"ping","params":${v}}`,
  name: (v) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${v}}}`,
  arguments: (v) => call('search_products', v),
  query: (v) => call('search_products', `{"query":${v},"limit":2}`),
  items: (v) => call('estimate_shipping', `{"country":"US","items":${v}}`),
  slug: (v) => call('estimate_shipping', `{"country":"US","items":[{"slug":${v}}]}`),
  cursor: (v) => `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":${v}}}`,
  meta: (v) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":${v}}}}`,
  capabilities: (v) =>
    `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":${v},"clientInfo":{"name":"x","version":"1"}}}`,
  batch: (v) => `[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${v}}}]`,
  body: (v) => v,
};
function call(tool: string, args: string) {
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`;
}

const PING = {
  method: 'POST',
  path: '/mcp',
  headers: { 'content-type': 'application/json' },
  body: '{"jsonrpc":"2.0","id":"next","method":"ping"}',
};

describe('deep and long JSON over a kept-alive connection', () => {
  it('answers every JSON input without a 5xx, and the connection serves the next request', async () => {
    const odd = fc.oneof(
      deepJsonText,
      longString.map((s) => JSON.stringify(s)),
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(SLOTS)), odd, async (slot, value) => {
        const body = SLOTS[slot]!(value);
        const { first, follow } = await client.sendThenFollow(
          { method: 'POST', path: '/mcp', headers: PING.headers, body },
          PING,
        );
        const where = `${slot}: ${body.slice(0, 80)}… (${body.length} bytes) → ${first.status} ${first.body.slice(0, 160)}`;
        statuses.add(first.status);
        expect(first.status, where).toBeLessThan(500);
        expect(first.headers['content-type'], where).toBe('application/json; charset=utf-8');
        const answer = JSON.parse(first.body) as unknown;
        const items = (Array.isArray(answer) ? answer : [answer]) as { jsonrpc?: string }[];
        for (const item of items) expect(item.jsonrpc, where).toBe('2.0');
        // Arguments nested past what any tool takes: -32602, whatever else is wrong with them.
        if (
          ['arguments', 'query', 'items', 'slug'].includes(slot) &&
          value.startsWith('['.repeat(40))
        )
          expect(
            first.status === 413 || (answer as { error?: { code: number } }).error?.code === -32602,
            where,
          ).toBe(true);
        expect(follow.status).toBe(200);
        expect(JSON.parse(follow.body)).toEqual({ jsonrpc: '2.0', id: 'next', result: {} });
      }),
      { seed: FUZZ_SEED, numRuns: 150 },
    );
    // The generators reach the refusals of every kind: bad params, bad request, too large.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 413]));
  });
});
