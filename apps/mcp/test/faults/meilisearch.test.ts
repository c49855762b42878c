import { type ServerProcess, startServerProcess } from '@repo/fastify-kit/testing';
import { type MeilisearchStub, startMeilisearchStub } from '@repo/search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../helper.js';

// The real mcp process against a Meilisearch that refuses, then hangs, then answers. An engine
// failure inside a tool is a tool execution error: HTTP 200 and a result with `isError: true`
// (MCP 2025-11-25, "Error Handling"), so the agent reads why and may retry; JSON-RPC errors stay
// for protocol faults (unknown method, bad params), which an engine outage is not.
const TIMEOUT_MS = 400;
const BOUND_MS = TIMEOUT_MS * 2 + 1_500;

let stub: MeilisearchStub;
let server: ServerProcess;

beforeAll(async () => {
  stub = await startMeilisearchStub('refuse');
  server = await startServerProcess(SERVER_ENTRY, {
    env: {
      SEARCH_ENGINE: 'meilisearch',
      MEILISEARCH_URL: stub.url,
      MEILISEARCH_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

/** The parts of a JSON-RPC answer these tests read. */
interface RpcAnswer {
  readonly error?: unknown;
  readonly result: {
    readonly isError?: boolean;
    readonly content: readonly { readonly text: string }[];
    readonly tools?: readonly unknown[];
    readonly structuredContent?: { readonly total: number };
  };
}

let id = 0;
async function rpc(method: string, params?: unknown) {
  const started = performance.now();
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, ...(params ? { params } : {}) }),
  });
  const body = (await response.json()) as RpcAnswer;
  return { status: response.status, body, ms: performance.now() - started };
}

const callTool = (name: string, args: object) => rpc('tools/call', { name, arguments: args });

const CATALOG_CALLS = [
  ['search_products', { query: 'nike' }],
  ['list_categories', {}],
] as const;

async function expectOutage(kind: string) {
  for (const [name, args] of CATALOG_CALLS) {
    const { status, body, ms } = await callTool(name, args);
    expect(status, `${kind}: ${name}`).toBe(200);
    expect(body.error, `${kind}: ${name}`).toBeUndefined();
    expect(body.result.isError, `${kind}: ${name}`).toBe(true);
    const text = body.result.content[0]?.text ?? '';
    expect(text).toMatch(/search engine is unavailable/);
    expect(text).not.toContain(stub.url);
    expect(ms, `${kind}: ${name}`).toBeLessThan(BOUND_MS);
  }
  // What needs no catalog still answers.
  expect((await rpc('tools/list')).body.result.tools).toHaveLength(4);
  const shipping = await callTool('estimate_shipping', { country: 'DE', weight_grams: 1200 });
  expect(shipping.body.result.isError, JSON.stringify(shipping.body)).toBeUndefined();

  const health = await fetch(`${server.url}/health.json`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({
    status: 'degraded',
    service: 'mcp',
    search: { engine: 'meilisearch', state: 'degraded', reason: expect.any(String) },
  });
  expect(server.child.exitCode, 'the process stays up').toBeNull();
}

describe('mcp with SEARCH_ENGINE=meilisearch when the engine fails', () => {
  it('starts although Meilisearch refuses connections', async () => {
    expect(server.child.exitCode).toBeNull();
    expect(await server.waitForOutput(/catalog opened degraded/)).toMatch(
      /catalog opened degraded/,
    );
  });

  it('answers catalog tools with isError results while the port is refused', async () => {
    await expectOutage('refused');
  });

  it('answers within the engine timeout while Meilisearch accepts and never answers', async () => {
    await stub.set('hang');
    await expectOutage('hanging');
  });

  it('recovers by itself once Meilisearch answers again', async () => {
    await stub.set('answer');
    const health = await fetch(`${server.url}/health.json`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', search: { state: 'ready' } });
    const { body } = await callTool('search_products', { query: 'nike', limit: 5 });
    expect(body.result.isError).toBeUndefined();
    expect(body.result.structuredContent?.total).toBe(stub.products.length);
    expect(JSON.stringify(body.result.structuredContent)).toContain(stub.products[0]!.slug);
  });
});
